/** A refusal of the account API, answered with this status in the one error format (http/errors.ts). */
export class AuthError extends Error {
  readonly status: number;
  readonly error: string;
  readonly parameter: string | undefined;
  /** Seconds to wait (429). */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    status: number,
    error: string,
    message: string,
    options: { parameter?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.error = error;
    this.parameter = options.parameter;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The spec's words for a request whose token cannot be used (site-account-and-realtime §8). */
export const INVALID_TOKEN_MESSAGE = 'Authentication required but token is invalid';

export function unauthorized(message = INVALID_TOKEN_MESSAGE): AuthError {
  return new AuthError(401, 'unauthorized', message);
}
