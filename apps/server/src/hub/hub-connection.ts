import { randomUUID } from 'node:crypto';
import type { WebSocket } from '@fastify/websocket';
import type { RawData } from 'ws';
import { HUB_REGISTER_METHOD } from '@frontline/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  encode,
  handshakeProblem,
  MESSAGE_TYPE,
  parseMessage,
  splitRecords,
  type ClientMessage,
} from './signalr-protocol.ts';

/** Who a connection belongs to: the user of the access token it was opened with. */
export interface HubUser {
  userId: number;
  email: string;
  sessionId: string;
}

/** The largest message a client may send (issue 17: "messages over 32 kB … close the connection with an error"). */
export const MAX_CLIENT_MESSAGE_BYTES = 32 * 1024;
/** A client that lets this much pile up unsent is too slow to keep; its connection is closed rather than grow. */
const MAX_UNSENT_BYTES = 1024 * 1024;
const NORMAL_CLOSURE = 1000;
const MAX_TARGET_ECHO = 60;

/**
 * One client's WebSocket after the upgrade: the handshake, then its invocations (only RegisterUser exists), pings
 * and close; and what the hub sends it. Timing (keep-alive pings, the idle limit, re-checking the token) is driven
 * by the hub for all connections at once (hub.service.ts).
 */
export class HubConnection {
  readonly id = randomUUID();
  readonly user: HubUser;
  readonly accessToken: string;
  /** When the client last sent anything (pings included), and when this side last sent anything. */
  lastHeardAt: number;
  lastSentAt: number;
  /** When the token's sign-in was last found live. */
  lastAuthorisedAt: number;
  readonly #socket: WebSocket;
  readonly #log: FastifyBaseLogger;
  readonly #clock: () => number;
  #handshakeDone = false;
  #unparsed = '';
  #closed = false;

  constructor(options: {
    socket: WebSocket;
    user: HubUser;
    accessToken: string;
    log: FastifyBaseLogger;
    clock: () => number;
    onClosed: (connection: HubConnection) => void;
  }) {
    this.#socket = options.socket;
    this.user = options.user;
    this.accessToken = options.accessToken;
    this.#log = options.log;
    this.#clock = options.clock;
    const now = this.#clock();
    this.lastHeardAt = now;
    this.lastSentAt = now;
    this.lastAuthorisedAt = now;
    this.#socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
    this.#socket.on('close', () => {
      this.#closed = true;
      options.onClosed(this);
    });
  }

  get isOpen(): boolean {
    return !this.#closed;
  }

  /** Sends one or more encoded records (after the handshake only: until then the client expects nothing else). */
  send(records: string): void {
    if (this.#closed || !this.#handshakeDone) return;
    if (this.#socket.bufferedAmount > MAX_UNSENT_BYTES) {
      // Closed now, not when the socket says so: the rest of this batch of sends must not log the same line again.
      this.#closed = true;
      this.#log.warn({ connection: this.id }, 'hub client too slow, closing');
      this.#socket.terminate();
      return;
    }
    this.#socket.send(records);
    this.lastSentAt = this.#clock();
  }

  /** Closes with the protocol's close message, so the client knows why and whether to come back. */
  close(error: string | undefined, allowReconnect: boolean): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#handshakeDone) this.#socket.send(encode.close(error, allowReconnect));
    else if (error) this.#socket.send(encode.handshakeRefused(error));
    this.#socket.close(NORMAL_CLOSURE);
  }

  #receive(data: RawData, isBinary: boolean): void {
    if (this.#closed) return;
    this.lastHeardAt = this.#clock();
    if (isBinary) return this.close('Binary messages are not part of the JSON protocol.', false);
    const text = textOf(data);
    if (Buffer.byteLength(this.#unparsed) + Buffer.byteLength(text) > MAX_CLIENT_MESSAGE_BYTES) {
      return this.close(`Messages may be at most ${MAX_CLIENT_MESSAGE_BYTES / 1024} kB.`, false);
    }
    const { records, rest } = splitRecords(this.#unparsed + text);
    this.#unparsed = rest;
    for (const record of records) {
      if (this.#closed) return;
      if (this.#handshakeDone) this.#receiveMessage(record);
      else this.#receiveHandshake(record);
    }
  }

  #receiveHandshake(record: string): void {
    const problem = handshakeProblem(record);
    if (problem) return this.close(problem, false);
    this.#handshakeDone = true;
    this.send(encode.handshakeAccepted());
  }

  #receiveMessage(record: string): void {
    const message = parseMessage(record);
    if (!message) return this.close('Every message must be a JSON object with a numeric type.', false);
    switch (message.type) {
      case MESSAGE_TYPE.invocation:
        return this.#invoke(message);
      case MESSAGE_TYPE.ping:
        return; // lastHeardAt is all a ping is for
      case MESSAGE_TYPE.close:
        this.#closed = true;
        this.#socket.close(NORMAL_CLOSURE);
        return;
      default:
        // Streams, cancellations and the rest: a server that only pushes events has no use for them.
        return this.close(`Unknown message type ${message.type}.`, false);
    }
  }

  #invoke(message: ClientMessage): void {
    const invocationId = typeof message.invocationId === 'string' ? message.invocationId : undefined;
    const answer = (outcome: { result: unknown } | { error: string }) => {
      if (invocationId !== undefined) this.send(encode.completion(invocationId, outcome));
      else if ('error' in outcome) this.#log.info({ connection: this.id, error: outcome.error }, 'hub send refused');
    };
    const target = typeof message.target === 'string' ? message.target : '';
    if (target.toLowerCase() !== HUB_REGISTER_METHOD.toLowerCase()) {
      return answer({ error: `Unknown hub method '${target.slice(0, MAX_TARGET_ECHO)}'.` });
    }
    const [argument] = Array.isArray(message.arguments) ? (message.arguments as unknown[]) : [];
    const email =
      typeof argument === 'object' && argument !== null ? (argument as { email?: unknown }).email : undefined;
    if (typeof email !== 'string' || email.trim().toLowerCase() !== this.user.email.toLowerCase()) {
      return answer({ error: 'RegisterUser accepts only the signed-in user’s own email.' });
    }
    // Registering again (after a reconnect, or twice) changes nothing: the connection already belongs to the user.
    answer({ result: null });
  }
}

/** The text of a received frame (ws hands over a Buffer, or fragments, or an ArrayBuffer by configuration). */
function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(new Uint8Array(data)).toString('utf8');
}

/**
 * What the hub does with an error of a client's socket (a frame ws refuses: bad UTF-8, reserved bits, over the size
 * limit; or a connection reset): the client's fault or the network's, not the server's, so a warning without a stack,
 * once per connection, and the connection ends. (@fastify/websocket's own handler logs each at error level with its
 * stack.)
 */
export function createHubSocketErrorHandler(): (
  error: Error,
  socket: WebSocket,
  request: { log: Pick<FastifyBaseLogger, 'warn'> },
) => void {
  const reported = new WeakSet<WebSocket>();
  return (error, socket, request) => {
    if (!reported.has(socket)) {
      reported.add(socket);
      const code = (error as NodeJS.ErrnoException).code;
      request.log.warn({ code, reason: error.message }, 'hub client connection failed');
    }
    socket.terminate();
  };
}
