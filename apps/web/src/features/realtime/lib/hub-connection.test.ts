import type { HubNotification } from '@frontline/contract';
import {
  HttpTransportType,
  HubConnectionBuilder,
  type HubConnection,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildHubConnection,
  createHubClient,
  HubConnectionState,
  NO_TOKEN_MESSAGE,
  type HubConnectionLike,
} from './hub-connection.ts';

/**
 * A stand-in for the SignalR client's HubConnection, with its state machine (spec §4 "States: Disconnected,
 * Connecting, Connected, Disconnecting, Reconnecting"): the real client against the real hub is the browser
 * tests' business.
 */
class FakeHubConnection implements HubConnectionLike {
  state: HubConnectionState = HubConnectionState.Disconnected;
  connectionId: string | null = null;
  readonly invoked: unknown[][] = [];
  readonly sent: unknown[][] = [];
  readonly handlers = new Map<string, (...args: unknown[]) => void>();
  starts = 0;
  stops = 0;
  failNextStart: Error | null = null;
  failInvoke: Error | null = null;
  failStop: Error | null = null;
  private readonly closed: ((error?: Error) => void)[] = [];
  private readonly reconnecting: ((error?: Error) => void)[] = [];
  private readonly reconnected: ((connectionId?: string) => void)[] = [];

  async start() {
    this.starts += 1;
    this.state = HubConnectionState.Connecting;
    await Promise.resolve();
    if (this.failNextStart) {
      const error = this.failNextStart;
      this.failNextStart = null;
      this.state = HubConnectionState.Disconnected;
      throw error;
    }
    this.state = HubConnectionState.Connected;
    this.connectionId = `connection-${this.starts}`;
  }

  async stop() {
    this.stops += 1;
    this.state = HubConnectionState.Disconnecting;
    await Promise.resolve();
    this.state = HubConnectionState.Disconnected;
    this.connectionId = null;
    for (const callback of this.closed) callback();
    if (this.failStop) throw this.failStop;
  }

  async invoke<T = unknown>(methodName: string, ...args: unknown[]): Promise<T> {
    this.invoked.push([methodName, ...args]);
    if (this.failInvoke) throw this.failInvoke;
    return undefined as T;
  }

  async send(methodName: string, ...args: unknown[]) {
    this.sent.push([methodName, ...args]);
  }

  on(methodName: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(methodName.toLowerCase(), handler);
  }

  onclose(callback: (error?: Error) => void) {
    this.closed.push(callback);
  }

  onreconnecting(callback: (error?: Error) => void) {
    this.reconnecting.push(callback);
  }

  onreconnected(callback: (connectionId?: string) => void) {
    this.reconnected.push(callback);
  }

  /** The server sends an event (client handler names match case-insensitively, as in the real client). */
  receive(eventName: string, payload: unknown) {
    this.handlers.get(eventName.toLowerCase())?.(payload);
  }

  /** The socket drops and the automatic reconnect gets it back. */
  async dropAndReconnect() {
    this.state = HubConnectionState.Reconnecting;
    for (const callback of this.reconnecting) callback(new Error('socket closed'));
    await Promise.resolve();
    this.state = HubConnectionState.Connected;
    this.connectionId = 'reconnected';
    for (const callback of this.reconnected) callback('reconnected');
  }
}

const BUDDY_ONLINE: HubNotification = {
  type: 'buddy_online',
  buddyName: 'BuckCamper',
  serverName: 'Sunday Soldiers | No Rules | EU',
  mapName: 'wake_island',
  oldMapName: '',
  joinLink: 'bf1942://203.0.113.5:14567',
  timestamp: '2026-11-27T10:00:00Z',
  message: 'BuckCamper is now online on Sunday Soldiers | No Rules | EU playing wake_island',
  serverGuid: 'guid-1',
};

let token: string | null;
let connections: FakeHubConnection[];
let notifications: HubNotification[];
let errors: ReturnType<typeof vi.spyOn>;

function client(email: string | null = 'alice@example.com') {
  return createHubClient({
    readToken: () => token,
    readEmail: () => email,
    onNotification: (notification) => notifications.push(notification),
    createConnection: () => {
      const connection = new FakeHubConnection();
      connections.push(connection);
      return connection;
    },
  });
}

beforeEach(() => {
  token = 'stored-token';
  connections = [];
  notifications = [];
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('connecting (spec §4 "Real-time connection", §5)', () => {
  it("fails with 'No authentication token available for SignalR connection' without a stored token, state reset", async () => {
    token = null;
    const hub = client();
    await expect(hub.connect()).rejects.toThrow(NO_TOKEN_MESSAGE);
    expect(connections).toHaveLength(0);
    expect(hub.state).toBe(HubConnectionState.Disconnected);
    expect(hub.connectionId).toBeNull();
  });

  it('goes Connecting, then Connected, and registers the user with RegisterUser({email})', async () => {
    const hub = client();
    const connecting = hub.connect();
    expect(hub.state).toBe(HubConnectionState.Connecting);
    await connecting;
    expect(hub.state).toBe(HubConnectionState.Connected);
    expect(hub.connectionId).toBe('connection-1');
    expect(connections[0]?.invoked).toEqual([['RegisterUser', { email: 'alice@example.com' }]]);
  });

  it('"A connect request does nothing if a connection exists and is not disconnected"', async () => {
    const hub = client();
    const first = hub.connect();
    await hub.connect(); // while connecting
    await first;
    await hub.connect(); // while connected
    expect(connections).toHaveLength(1);
    expect(connections[0]?.starts).toBe(1);
  });

  it('starts the same connection again once it is disconnected', async () => {
    const hub = client();
    await hub.connect();
    await hub.disconnect();
    expect(hub.state).toBe(HubConnectionState.Disconnected);
    await hub.connect();
    expect(connections).toHaveLength(1);
    expect(connections[0]?.starts).toBe(2);
    expect(connections[0]?.invoked).toHaveLength(2);
  });

  it('a failed start is logged only and "leaves the state not connected with no connection id"', async () => {
    const failure = new Error('Failed to complete negotiation with the server: Error: Not Found: Status code 404');
    const connection = new FakeHubConnection();
    connection.failNextStart = failure;
    const failing = createHubClient({
      readToken: () => token,
      readEmail: () => 'alice@example.com',
      onNotification: () => {},
      createConnection: () => connection,
    });
    await expect(failing.connect()).resolves.toBeUndefined();
    expect(failing.state).toBe(HubConnectionState.Disconnected);
    expect(failing.connectionId).toBeNull();
    expect(connection.invoked).toHaveLength(0);
    expect(errors).toHaveBeenCalledWith('Failed to connect to the hub', failure);
  });

  it('a failed RegisterUser is logged only; the connection stays up', async () => {
    const hub = createHubClient({
      readToken: () => token,
      readEmail: () => 'alice@example.com',
      onNotification: () => {},
      createConnection: () => {
        const connection = new FakeHubConnection();
        connection.failInvoke = new Error('refused');
        connections.push(connection);
        return connection;
      },
    });
    await hub.connect();
    expect(hub.state).toBe(HubConnectionState.Connected);
    expect(errors).toHaveBeenCalledWith('Failed to register with the hub', expect.any(Error));
  });

  it('"After an automatic reconnect the user is registered again"', async () => {
    const hub = client();
    await hub.connect();
    await connections[0]?.dropAndReconnect();
    expect(hub.state).toBe(HubConnectionState.Connected);
    expect(connections[0]?.invoked).toEqual([
      ['RegisterUser', { email: 'alice@example.com' }],
      ['RegisterUser', { email: 'alice@example.com' }],
    ]);
  });
});

describe('disconnecting', () => {
  it('stops a live connection, going Disconnecting then Disconnected', async () => {
    const hub = client();
    await hub.connect();
    const stopping = hub.disconnect();
    expect(hub.state).toBe(HubConnectionState.Disconnecting);
    await stopping;
    expect(hub.state).toBe(HubConnectionState.Disconnected);
    expect(hub.connectionId).toBeNull();
  });

  it('does nothing without a live connection', async () => {
    const hub = client();
    await hub.disconnect();
    await hub.connect();
    await hub.disconnect();
    await hub.disconnect();
    expect(connections[0]?.stops).toBe(1);
  });

  it('a failed stop is logged only', async () => {
    const hub = client();
    await hub.connect();
    const failure = new Error('socket already gone');
    if (connections[0]) connections[0].failStop = failure;
    await expect(hub.disconnect()).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith('Failed to disconnect from the hub', failure);
  });
});

describe('sending (spec §5 "Sending a hub message when not connected is skipped with a logged error")', () => {
  it('skips and logs a send while not connected', async () => {
    const hub = client();
    await hub.send('Ping', 1);
    expect(errors).toHaveBeenCalledWith('Cannot send Ping: the hub is not connected');
  });

  it('sends while connected', async () => {
    const hub = client();
    await hub.connect();
    await hub.send('Ping', 1, 'two');
    expect(connections[0]?.sent).toEqual([['Ping', 1, 'two']]);
  });
});

describe('events (spec §7 "Server events handled: BuddyOnline and ServerMapChange")', () => {
  it('passes on a BuddyOnline and a ServerMapChange that match the contract', async () => {
    const hub = client();
    await hub.connect();
    const mapChange: HubNotification = {
      ...BUDDY_ONLINE,
      type: 'server_map_change',
      buddyName: '',
      joinLink: '',
      message: 'Server Sunday Soldiers | No Rules | EU changed map from wake_island to el_alamein',
    };
    connections[0]?.receive('BuddyOnline', BUDDY_ONLINE);
    connections[0]?.receive('ServerMapChange', mapChange);
    expect(notifications).toEqual([BUDDY_ONLINE, mapChange]);
  });

  it('skips (and logs) a message that does not match the contract', async () => {
    const hub = client();
    await hub.connect();
    connections[0]?.receive('BuddyOnline', { type: 'buddy_online', buddyName: 'BuckCamper' });
    connections[0]?.receive('ServerMapChange', 'not an object');
    expect(notifications).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(2);
  });
});

describe('the SignalR connection it builds (spec §7, §9; reference/signalr-wire.md)', () => {
  it('uses /hub over WebSockets only, negotiating first, without credentials, with the token read at each connect', () => {
    const builder = HubConnectionBuilder.prototype;
    const withUrl = vi.spyOn(builder, 'withUrl');
    const withReconnect = vi.spyOn(builder, 'withAutomaticReconnect');
    const withServerTimeout = vi.spyOn(builder, 'withServerTimeout');
    const withKeepAlive = vi.spyOn(builder, 'withKeepAliveInterval');
    // The real build resolves '/hub' against the page's address, which a test under Node does not have.
    const built = new FakeHubConnection();
    vi.spyOn(builder, 'build').mockReturnValue(built as unknown as HubConnection);
    let current = 'first-token';
    expect(buildHubConnection(() => current)).toBe(built);

    const [url, options] = withUrl.mock.calls[0] as [string, IHttpConnectionOptions];
    expect(url).toBe('/hub');
    expect(options.transport).toBe(HttpTransportType.WebSockets);
    expect(options.skipNegotiation ?? false).toBe(false);
    expect(options.withCredentials).toBe(false);
    expect(options.accessTokenFactory?.()).toBe('first-token');
    current = 'refreshed-token';
    expect(options.accessTokenFactory?.()).toBe('refreshed-token');

    // "Reconnect delays 0, 2000, 10000, 30000 ms then stop"; "server timeout 30 s, keep-alive 15 s".
    expect(withReconnect).toHaveBeenCalledWith([0, 2000, 10_000, 30_000]);
    expect(withServerTimeout).toHaveBeenCalledWith(30_000);
    expect(withKeepAlive).toHaveBeenCalledWith(15_000);
  });
});
