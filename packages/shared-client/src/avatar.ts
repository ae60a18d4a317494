// Avatar URLs go through the API's image proxy (spec 7), minus cache-busting query
// parameters, except for the configured direct hosts (the video platform's CDN).
import { getClientConfig } from './config';

/** Query parameters that only bust caches or expire signed CDN links. */
export const CACHE_QUERY_PARAMS = ['x-expires', 'x-signature', 'x-orig-expires', 'x-orig-sign'];

export const IMAGE_PROXY_PATH = '/api/admin/image-proxy';

function isDirectHost(hostname: string, directHosts: string[]): boolean {
  const host = hostname.toLowerCase();
  return directHosts.some((direct) => {
    const d = direct.toLowerCase();
    return host === d || host.endsWith(`.${d}`);
  });
}

/** The URL to put in <img src>, or undefined when there is no usable image (show a placeholder). */
export function avatarProxyUrl(url: string | null | undefined): string | undefined {
  if (!url || !url.trim()) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const { apiBaseUrl, directImageHosts = [] } = getClientConfig();
  if (isDirectHost(parsed.hostname, directImageHosts)) return parsed.toString();
  for (const param of CACHE_QUERY_PARAMS) parsed.searchParams.delete(param);
  return `${apiBaseUrl}${IMAGE_PROXY_PATH}?url=${encodeURIComponent(parsed.toString())}`;
}
