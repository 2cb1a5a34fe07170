import type { CollectorLog } from '../collector.ts';
import type { LogLevel } from './collector-messages.ts';

/**
 * The worker's logger: each line at or above the configured level goes to the host as a message, which writes it
 * through the server's own logger (one log stream, one format, the same level). Lines below the level never
 * cross.
 */

const LEVEL_VALUES: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

type Forward = (level: LogLevel, payload: Record<string, unknown>, message: string) => void;

export function forwardingLogger(level: string, forward: Forward): CollectorLog {
  const threshold = level in LEVEL_VALUES ? LEVEL_VALUES[level as LogLevel] : Number.POSITIVE_INFINITY;
  const method =
    (lineLevel: LogLevel) =>
    (first: Record<string, unknown> | string, message?: string): void => {
      if (LEVEL_VALUES[lineLevel] < threshold) return;
      const payload = typeof first === 'string' ? {} : first;
      const text = typeof first === 'string' ? first : (message ?? '');
      try {
        forward(lineLevel, payload, text);
      } catch {
        // Something in the payload cannot cross threads (a function, a socket): send what can be read of it.
        forward(lineLevel, { payload: readableText(payload) }, text);
      }
    };
  return { info: method('info'), warn: method('warn'), error: method('error') };
}

function readableText(payload: Record<string, unknown>): string {
  try {
    return JSON.stringify(payload);
  } catch {
    return Object.keys(payload).join(', ');
  }
}
