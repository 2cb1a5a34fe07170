import { HttpError } from './api-client.ts';

/**
 * TanStack Query's retry rule for reads: one more try after a network failure or a 5xx; a 4xx (no such player,
 * a bad parameter) will not change on a second try. Its own module: only screens loaded on demand use it, and
 * the first page's bundle is at its budget.
 */
export function retryServerFailuresOnce(failureCount: number, error: Error): boolean {
  const status = error instanceof HttpError ? error.status : 0;
  return failureCount < 1 && (status === 0 || status >= 500);
}
