// A developer's own override of one remote (docs/releases.md, "A developer's own override"): the
// origins overrides may load from (DEV_OVERRIDE_ORIGINS), and the ticket that lets the shell's page
// admit such an origin in its CSP for one session only. The admin API signs a ticket (HMAC-SHA256
// under DEV_OVERRIDE_SECRET) naming the origins of the session's overrides; the shell stores it in a
// cookie on its own origin; the shell's page server checks it and adds those origins to that one
// response's script-src and connect-src. Nothing here is a secret in the page: the ticket is signed,
// not hidden, and names only origins the rule allows anyway.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PageOrigins } from './headers';

/** The cookie the shell keeps the ticket in (on its own origin, path /). */
export const OVERRIDE_COOKIE = 'growth-admin-override';
/** A ticket lives this long; every runtime config of an overridden session carries a fresh one. */
export const OVERRIDE_TICKET_SECONDS = 3600;
/** Where the shell's page says which override origins its CSP admits (the page server fills it in). */
export const OVERRIDE_ORIGINS_META = 'growth-admin:override-origins';

/** One entry of DEV_OVERRIDE_ORIGINS: a scheme and host, and a port or any port (`*`). */
export interface OverrideOriginRule {
  protocol: 'http:' | 'https:';
  hostname: string;
  /** The port as the URL has it ('' for the scheme's default), or '*' for any port. */
  port: string;
}

const RULE = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?$/;

/**
 * DEV_OVERRIDE_ORIGINS: a comma list of origins, `scheme://host[:port]`, the port `*` for any port
 * (`http://localhost:*`). A host is matched exactly: no wildcard hosts, no paths. Unset or empty:
 * overrides are off. Throws naming the first entry that is not such an origin.
 */
export function parseOverrideOrigins(value: string | undefined): OverrideOriginRule[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return entries.map((entry) => {
    const m = RULE.exec(entry.toLowerCase());
    if (!m) throw new Error(`DEV_OVERRIDE_ORIGINS: "${entry}" is not an origin like http://localhost:* or https://dev.example.com:8443 (scheme, exact host, a port or *)`);
    if (m[3] !== undefined && m[3] !== '*' && Number(m[3]) > 65535) throw new Error(`DEV_OVERRIDE_ORIGINS: "${entry}" has no valid port`);
    // As URL has it: the scheme's default port is ''.
    const port = m[3] === undefined ? '' : m[3] === '*' ? '*' : new URL(`${m[1]}://x:${m[3]}`).port;
    return { protocol: `${m[1]}:` as OverrideOriginRule['protocol'], hostname: m[2], port };
  });
}

/** The rule as written: `http://localhost:*`. */
export const describeOverrideRule = (r: OverrideOriginRule) => `${r.protocol}//${r.hostname}${r.port ? `:${r.port}` : ''}`;

/** Whether `origin` (as `new URL(..).origin` gives it) is one `rules` allows. */
export function overrideOriginAllowed(origin: string, rules: readonly OverrideOriginRule[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false; // a path, credentials or anything else beyond an origin
  return rules.some((r) => r.protocol === url.protocol && r.hostname === url.hostname && (r.port === '*' || r.port === url.port));
}

const PREFIX = 'ot1';
const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(`${PREFIX}.${payload}`).digest();

/** A ticket for `origins`, valid until `exp` (seconds since the epoch). */
export function signOverrideTicket(claims: { origins: string[]; exp: number }, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ o: claims.origins, e: claims.exp })).toString('base64url');
  return `${PREFIX}.${payload}.${sign(payload, secret).toString('base64url')}`;
}

/** The claims of a ticket `secret` signed that has not expired at `now` (ms); null for any other. */
export function verifyOverrideTicket(ticket: string, secret: string, now = Date.now()): { origins: string[]; exp: number } | null {
  const [prefix, payload, sig, ...rest] = ticket.split('.');
  if (prefix !== PREFIX || !payload || !sig || rest.length) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = sign(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o?: unknown; e?: unknown };
    if (!Array.isArray(c.o) || !c.o.every((o) => typeof o === 'string') || typeof c.e !== 'number') return null;
    if (c.e * 1000 <= now) return null;
    return { origins: c.o as string[], exp: c.e };
  } catch {
    return null;
  }
}

/** A cookie's value in a Cookie header (undefined when absent). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface OverrideSettings {
  /** DEV_OVERRIDE_SECRET: the key tickets are signed with (the API's and the page server's). */
  secret: string;
  /** DEV_OVERRIDE_ORIGINS, parsed: the page server admits no other origin whatever a ticket says. */
  rules: readonly OverrideOriginRule[];
}

/**
 * The CSP decision of the shell's page server: the override origins this request's ticket cookie
 * admits (signed with the secret, unexpired, and each origin allowed by the rules); none for a
 * request without one, with a bad one, or with overrides off (no settings).
 */
export function admittedOverrideOrigins(cookieHeader: string | undefined, settings: OverrideSettings | null, now = Date.now()): string[] {
  if (!settings?.rules.length) return [];
  const ticket = cookieValue(cookieHeader, OVERRIDE_COOKIE);
  const claims = ticket ? verifyOverrideTicket(ticket, settings.secret, now) : null;
  if (!claims) return [];
  return [...new Set(claims.origins.filter((o) => overrideOriginAllowed(o, settings.rules)))].sort();
}

/** The page's origins with the admitted override origins added to what it may load script from and connect to. */
export function withOverrideOrigins(origins: PageOrigins, admitted: string[]): PageOrigins {
  return admitted.length ? { ...origins, scripts: [...origins.scripts, ...admitted] } : origins;
}
