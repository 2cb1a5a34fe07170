/**
 * What the collector and the work it runs between polls log through: the server's logger, or a worker thread's
 * that forwards its lines to the host. A module of its own so that the store's modules can log without importing
 * the collector (which imports them).
 */

type LogMethod = (payload: Record<string, unknown>, message: string) => void;

export interface CollectorLog {
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}
