// The security headers of every origin, in one place: the shell's and each remote's pages, the
// files those origins serve, and the admin API. `npm start`'s static servers and the admin API send
// them from here, and the production static-host config (nginx.ts) is rendered from here, so what a
// browser is told cannot differ between a laptop and production.

import { security } from '@growth-admin/api-contract';

/** Where the browser reports CSP violations: the API's report route (public, bounded, rate-limited). */
export const CSP_REPORT_PATH = security.reportCspViolations.path;

/** Marks the places in an HTML page where the per-response nonce goes (the server replaces it). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** What a page may talk to: everything else is refused by its CSP. */
export interface PageOrigins {
  /** The admin API's origin, e.g. `http://localhost:4000` (calls, avatar proxy, CSP reports). */
  api: string;
  /**
   * Origins the page may load script from besides its own: the registered remotes, for the shell;
   * none for a remote's own standalone page.
   */
  scripts: string[];
  /** Image hosts loaded directly instead of through the avatar proxy (their subdomains too). */
  directImageHosts: string[];
}

/** Headers every response of every origin carries. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Only for browsers without CSP frame-ancestors: the panel's Refund buttons never show in a frame.
  'X-Frame-Options': 'DENY',
};

/** Powerful browser features the panel never uses, switched off for the page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
].join(', ');

/** `http://localhost:3001/mf-manifest.json` → `http://localhost:3001`; throws on anything but http(s). */
export function originOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${url} is not an http(s) URL`);
  return parsed.origin;
}

const unique = (values: string[]) => [...new Set(values)];

/** CSP host sources for a direct image host: the host and its subdomains, like the avatar URL rule. */
function imageHostSources(host: string): string[] {
  const h = host.trim().toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(h)) throw new Error(`"${host}" is not a host name`);
  return [h, `*.${h}`];
}

/**
 * The Content-Security-Policy of a page (the shell's, or a remote's standalone page).
 * Scripts: this origin, `origins.scripts` and the page's own inline script marked with the
 * per-response nonce (the shell's layout shape for a stored session); no other inline script, no
 * eval. Styles: this origin and the same nonce (antd's CSS-in-JS), no inline style attributes. Trusted Types
 * enforced with the one `default` policy the page installs (see shared-client's trustedTypes).
 */
export function pageCsp(nonce: string, origins: PageOrigins): string {
  if (!/^[A-Za-z0-9+/_=-]{16,}$/.test(nonce)) throw new Error('the CSP nonce must be at least 16 base64 characters');
  const api = originOf(origins.api);
  const scripts = unique(origins.scripts.map(originOf));
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", `'nonce-${nonce}'`, ...scripts]],
    ['style-src', ["'self'", `'nonce-${nonce}'`]],
    ['img-src', ["'self'", 'data:', api, ...origins.directImageHosts.flatMap(imageHostSources)]],
    ['font-src', ["'self'", 'data:']],
    // Manifests of the remotes are fetched, then their scripts loaded.
    ['connect-src', unique(["'self'", api, ...scripts])],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['require-trusted-types-for', ["'script'"]],
    ['trusted-types', ['default']],
    // report-uri, not report-to: Chromium ignores report-uri once report-to is present, and its
    // Reporting API delivered nothing to an http endpoint within a minute; report-uri is sent at once.
    ['report-uri', [`${api}${CSP_REPORT_PATH}`]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Headers of an HTML page served with `nonce`: CSP, no framing, no caching (the nonce is per response). */
export function pageHeaders(nonce: string, origins: PageOrigins): Record<string, string> {
  return {
    ...BASE_HEADERS,
    'Content-Security-Policy': pageCsp(nonce, origins),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // A stored page would carry a stale nonce next to a fresh CSP header.
    'Cache-Control': 'no-store',
  };
}

/**
 * Headers of a static file (scripts, manifests, the runtime config). `crossOrigin` for a remote's
 * files, which the shell's page loads from another origin.
 */
export function assetHeaders({ crossOrigin }: { crossOrigin: boolean }): Record<string, string> {
  return {
    ...BASE_HEADERS,
    // Not a document: nothing in it may run or load anything if it is ever opened as one.
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Cross-Origin-Resource-Policy': crossOrigin ? 'cross-origin' : 'same-origin',
  };
}

/** Headers of every admin API answer (JSON). `Cache-Control: no-store`: answers carry tokens and data. */
export function apiHeaders(): Record<string, string> {
  return {
    ...BASE_HEADERS,
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

/** Puts `nonce` where the page asks for it (NONCE_PLACEHOLDER). */
export function withNonce(html: string, nonce: string): string {
  return html.split(NONCE_PLACEHOLDER).join(nonce);
}
