/** Every failure of a call, normalised: the server's `message` (else the transport's) and a status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  /** Seconds the server asked to wait before retrying (its Retry-After), when it said. */
  readonly retryAfter?: number;

  constructor(message: string, status = 500, code?: string, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

export const TIMEOUT_MESSAGE = 'The request timed out after 60 seconds';
export const NETWORK_MESSAGE = 'Network error: the server could not be reached';

/** Turns anything thrown into an ApiError (status 500 unless known). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof Error) return new ApiError(err.message || 'Request failed');
  return new ApiError(typeof err === 'string' && err ? err : 'Request failed');
}
