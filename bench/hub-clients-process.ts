import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import {
  HUB_EVENTS,
  HUB_KEEP_ALIVE_MS,
  HUB_PATH,
  HUB_REGISTER_METHOD,
  HUB_TIMEOUT_MS,
  type HubNotification,
} from '@frontline/contract';
import type { NotificationKind } from './hub-server-process.ts';

/**
 * Signed-in users' hub connections for the hub bench (hub.bench.ts starts a few of these processes, so that the
 * clients' work never sits on the server's event loop): each is the official `@microsoft/signalr` client, built as
 * the web app builds it (WebSockets only, the access token from a factory, the spec's reconnect delays, keep-alive
 * and server timeout), started, and registered with RegisterUser (again after each reconnect, as the web app
 * does). Every BuddyOnline and ServerMapChange is timed in its handler, on the machine's absolute clock
 * (`performance.timeOrigin + performance.now()`, comparable with the server's commit times), with the identity its
 * payload carries. Asked over IPC: connect a batch of users, report what was received, stop.
 */

export interface HubClientUser {
  email: string;
  accessToken: string;
}

export type HubClientsRequest =
  { type: 'connect'; baseUrl: string; users: HubClientUser[] } | { type: 'report' } | { type: 'stop' };

/** One notification received: its kind, subject (buddyName or serverGuid), payload timestamp, and when. */
export type Receipt = [kind: NotificationKind, subject: string, timestamp: string, receivedAt: number];

export interface HubClientsReport {
  type: 'report';
  receipts: Receipt[];
  /** Connections in the Connected state now. */
  open: number;
  /** Times a connection was lost and the client began reconnecting, and connections closed for good. */
  reconnecting: number;
  closed: number;
  /** The first few errors the clients gave (lost connections, failed registrations). */
  problems: string[];
}

export type HubClientsReply =
  { type: 'connected'; connected: number; failures: string[] } | HubClientsReport | { type: 'stopped' };

/** Spec §9: "Reconnect delays 0, 2000, 10000, 30000 ms then stop". */
const RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];
/** Connections being opened at once (each a negotiate, an upgrade, a handshake and a RegisterUser). */
const OPENING_AT_ONCE = 20;
const PROBLEMS_KEPT = 10;

const connections: HubConnection[] = [];
const receipts: Receipt[] = [];
const problems: string[] = [];
let reconnecting = 0;
let closed = 0;

function noteProblem(problem: string): void {
  if (problems.length < PROBLEMS_KEPT) problems.push(problem);
}

async function register(connection: HubConnection, email: string): Promise<void> {
  try {
    await connection.invoke(HUB_REGISTER_METHOD, { email });
  } catch (error) {
    noteProblem(`RegisterUser: ${String(error)}`);
  }
}

async function open(baseUrl: string, { email, accessToken }: HubClientUser): Promise<void> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}${HUB_PATH}`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: () => accessToken,
    })
    .withAutomaticReconnect(RECONNECT_DELAYS_MS)
    .withServerTimeout(HUB_TIMEOUT_MS)
    .withKeepAliveInterval(HUB_KEEP_ALIVE_MS)
    .configureLogging(LogLevel.None)
    .build();
  const receive = (kind: NotificationKind) => (payload: HubNotification) => {
    const receivedAt = performance.timeOrigin + performance.now();
    const subject = kind === 'buddyOnline' ? payload.buddyName : payload.serverGuid;
    receipts.push([kind, subject, payload.timestamp, receivedAt]);
  };
  connection.on(HUB_EVENTS.buddyOnline, receive('buddyOnline'));
  connection.on(HUB_EVENTS.serverMapChange, receive('serverMapChange'));
  connection.onreconnecting((error) => {
    reconnecting += 1;
    noteProblem(`reconnecting: ${String(error)}`);
  });
  connection.onreconnected(() => void register(connection, email));
  connection.onclose((error) => {
    closed += 1;
    if (error) noteProblem(`closed: ${String(error)}`);
  });
  connections.push(connection);
  await connection.start();
  await connection.invoke(HUB_REGISTER_METHOD, { email });
}

async function connectAll(baseUrl: string, users: HubClientUser[]): Promise<HubClientsReply> {
  const failures: string[] = [];
  let connected = 0;
  let next = 0;
  const opener = async () => {
    while (next < users.length) {
      const user = users[next]!;
      next += 1;
      try {
        await open(baseUrl, user);
        connected += 1;
      } catch (error) {
        failures.push(`${user.email}: ${String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener));
  return { type: 'connected', connected, failures: failures.slice(0, PROBLEMS_KEPT) };
}

function report(): HubClientsReport {
  const open = connections.filter((connection) => connection.state === HubConnectionState.Connected).length;
  return { type: 'report', receipts, open, reconnecting, closed, problems };
}

process.on('message', (request: HubClientsRequest) => {
  const reply = (answer: HubClientsReply) => process.send?.(answer);
  switch (request.type) {
    case 'connect':
      void connectAll(request.baseUrl, request.users).then(reply);
      return;
    case 'report':
      return reply(report());
    case 'stop':
      void Promise.all(connections.map((connection) => connection.stop())).then(() => reply({ type: 'stopped' }));
      return;
  }
});
process.on('disconnect', () => process.exit(0));
