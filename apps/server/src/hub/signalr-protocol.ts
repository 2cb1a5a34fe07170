/**
 * The SignalR JSON hub protocol, as much of it as a server that only pushes events needs
 * (reference/signalr-wire.md): records are JSON texts each ended by the record separator; after the handshake
 * every record is a message with a numeric `type`.
 */

export const RECORD_SEPARATOR = '\u001e';

export const MESSAGE_TYPE = {
  invocation: 1,
  completion: 3,
  ping: 6,
  close: 7,
} as const;

/** A record as the client sent it, once parsed: the protocol's fields this server reads, nothing more. */
export interface ClientMessage {
  type: number;
  target?: unknown;
  arguments?: unknown;
  invocationId?: unknown;
}

/**
 * Splits received text into complete records; what follows the last separator is the start of a record whose end
 * has not arrived yet (a record may span WebSocket frames).
 */
export function splitRecords(buffered: string): { records: string[]; rest: string } {
  const parts = buffered.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

/** The handshake request's error, or undefined when it asks for JSON version 1 (the only protocol offered). */
export function handshakeProblem(record: string): string | undefined {
  const request = parseObject(record);
  if (!request) return 'The handshake must be a JSON object.';
  if (request.protocol !== 'json') return `Requested protocol '${String(request.protocol)}' is not available.`;
  if (request.version !== 1) return `Protocol version ${String(request.version)} of 'json' is not supported.`;
  return undefined;
}

/** A message record parsed, or undefined when it is not a JSON object with a numeric type. */
export function parseMessage(record: string): ClientMessage | undefined {
  const message = parseObject(record);
  return message && typeof message.type === 'number' ? (message as unknown as ClientMessage) : undefined;
}

function parseObject(record: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(record);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const record = (value: unknown): string => JSON.stringify(value) + RECORD_SEPARATOR;

export const encode = {
  handshakeAccepted: (): string => record({}),
  handshakeRefused: (error: string): string => record({ error }),
  invocation: (target: string, args: readonly unknown[]): string =>
    record({ type: MESSAGE_TYPE.invocation, target, arguments: args }),
  completion: (invocationId: string, outcome: { result: unknown } | { error: string }): string =>
    record({ type: MESSAGE_TYPE.completion, invocationId, ...outcome }),
  ping: (): string => record({ type: MESSAGE_TYPE.ping }),
  close: (error: string | undefined, allowReconnect: boolean): string =>
    record({ type: MESSAGE_TYPE.close, ...(error === undefined ? {} : { error }), allowReconnect }),
};
