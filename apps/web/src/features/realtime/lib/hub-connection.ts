import {
  HUB_EVENTS,
  HUB_KEEP_ALIVE_MS,
  HUB_PATH,
  HUB_REGISTER_METHOD,
  HUB_TIMEOUT_MS,
  readHubNotification,
  type HubNotification,
} from '@frontline/contract';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';

/**
 * The real-time connection (spec: site-account-and-realtime §4 "Real-time connection", §5, §7 "Real-time hub at
 * /hub", §8, §9; the wire in reference/signalr-wire.md): the official SignalR client over WebSockets only, with
 * the stored token as its access token, registered as the signed-in user after each connect and reconnect.
 * Connect, register and disconnect failures are logged only: the page works the same without the hub.
 */

/** Spec §9 "Reconnect delays 0, 2000, 10000, 30000 ms then stop". */
export const RECONNECT_DELAYS_MS: readonly number[] = [0, 2000, 10_000, 30_000];

/** Spec §5 and §8. */
export const NO_TOKEN_MESSAGE = 'No authentication token available for SignalR connection';

export { HubConnectionState };

/** What the client uses of a SignalR connection; the tests stand a fake in. */
export type HubConnectionLike = Pick<
  HubConnection,
  | 'state'
  | 'connectionId'
  | 'start'
  | 'stop'
  | 'invoke'
  | 'send'
  | 'on'
  | 'onclose'
  | 'onreconnecting'
  | 'onreconnected'
>;

/**
 * Spec §7 "WebSocket transport only, no credentials, token supplied as access token; a negotiate POST under
 * /hub/negotiate precedes it". The token is read at every (re)connect, so a refreshed one is used.
 */
export function buildHubConnection(readToken: () => string | null): HubConnection {
  return (
    new HubConnectionBuilder()
      .withUrl(HUB_PATH, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: () => readToken() ?? '',
        withCredentials: false,
      })
      .withAutomaticReconnect([...RECONNECT_DELAYS_MS])
      .withServerTimeout(HUB_TIMEOUT_MS)
      .withKeepAliveInterval(HUB_KEEP_ALIVE_MS)
      // The client's own warnings and errors reach the console; its information lines would on every connect.
      .configureLogging(LogLevel.Warning)
      .build()
  );
}

export interface HubClientOptions {
  /** The stored auth token (lib/auth/auth-storage.ts readStoredToken). */
  readToken: () => string | null;
  /** The signed-in user's email, for RegisterUser. */
  readEmail: () => string | null | undefined;
  /** A BuddyOnline or ServerMapChange message, checked against the contract. */
  onNotification: (notification: HubNotification) => void;
  createConnection?: (readToken: () => string | null) => HubConnectionLike;
}

export interface HubClient {
  /** Spec §4: "A connect request does nothing if a connection exists and is not disconnected." */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Spec §7 "A generic send invokes any named hub method with arguments"; skipped (logged) when not connected. */
  send(method: string, ...args: unknown[]): Promise<void>;
  readonly state: HubConnectionState;
  readonly connectionId: string | null;
}

export function createHubClient({
  readToken,
  readEmail,
  onNotification,
  createConnection = buildHubConnection,
}: HubClientOptions): HubClient {
  let connection: HubConnectionLike | null = null;

  async function register(current: HubConnectionLike): Promise<void> {
    const email = readEmail();
    if (!email) {
      console.error('Cannot register with the hub: the signed-in user has no email');
      return;
    }
    try {
      await current.invoke(HUB_REGISTER_METHOD, { email });
    } catch (error) {
      console.error('Failed to register with the hub', error);
    }
  }

  function receive(eventName: string) {
    return (payload: unknown) => {
      const notification = readHubNotification(payload);
      if (!notification) {
        console.error(`Ignored a ${eventName} message that does not match the contract`, payload);
        return;
      }
      onNotification(notification);
    };
  }

  function open(): HubConnectionLike {
    const created = createConnection(readToken);
    created.on(HUB_EVENTS.buddyOnline, receive(HUB_EVENTS.buddyOnline));
    created.on(HUB_EVENTS.serverMapChange, receive(HUB_EVENTS.serverMapChange));
    // Spec §4 "After an automatic reconnect the user is registered again."
    created.onreconnected(() => void register(created));
    created.onreconnecting((error) => console.warn('Hub connection lost; reconnecting', error));
    created.onclose((error) => {
      if (error) console.error('Hub connection closed', error);
    });
    return created;
  }

  return {
    async connect() {
      if (connection && connection.state !== HubConnectionState.Disconnected) return;
      if (!readToken()) {
        // "…otherwise it fails with 'No authentication token available for SignalR connection' (connection state
        // reset)."
        connection = null;
        throw new Error(NO_TOKEN_MESSAGE);
      }
      const current = connection ?? open();
      connection = current;
      try {
        await current.start();
      } catch (error) {
        // Left disconnected with no connection id (the client's own state says so); logged only (spec §8).
        console.error('Failed to connect to the hub', error);
        return;
      }
      await register(current);
    },

    async disconnect() {
      const current = connection;
      if (!current || current.state === HubConnectionState.Disconnected) return;
      try {
        await current.stop();
      } catch (error) {
        console.error('Failed to disconnect from the hub', error);
      }
    },

    async send(method, ...args) {
      if (connection?.state !== HubConnectionState.Connected) {
        console.error(`Cannot send ${method}: the hub is not connected`);
        return;
      }
      try {
        await connection.send(method, ...args);
      } catch (error) {
        console.error(`Failed to send ${method} to the hub`, error);
      }
    },

    get state() {
      return connection?.state ?? HubConnectionState.Disconnected;
    },

    get connectionId() {
      return connection?.connectionId ?? null;
    },
  };
}
