// Run-time configuration: the shell (or a remote's standalone harness) sets it from its
// runtime config, so no URL or key is baked into this package.
import type { ApiError } from './errors';

export interface ClientConfig {
  /** e.g. http://localhost:4000 (no trailing slash needed). */
  apiBaseUrl: string;
  /** Secret for the request signature (spec 7). */
  signingKey: string;
  /** Hosts whose image URLs are used directly instead of through the avatar proxy. */
  directImageHosts?: string[];
  /**
   * Called after a 401 on any call but login has cleared the token (the shell reloads the page),
   * with the error (its code says why: SESSION_EXPIRED, TOKEN_INVALID...).
   */
  onUnauthorized?: (error: ApiError) => void;
}

let current: ClientConfig | null = null;

export function configureClient(config: ClientConfig): void {
  current = { ...config, apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, '') };
}

/** Sets or replaces the 401 handler without touching the rest of the configuration. */
export function setUnauthorizedHandler(handler: ((error: ApiError) => void) | undefined): void {
  if (!current) throw new Error('configureClient() must be called before setUnauthorizedHandler()');
  current = { ...current, onUnauthorized: handler };
}

export function getClientConfig(): ClientConfig {
  if (!current) throw new Error('The API client is not configured: call configureClient() first');
  return current;
}

export function isClientConfigured(): boolean {
  return current !== null;
}
