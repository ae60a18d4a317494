import {
  admittedOverrideOrigins,
  OVERRIDE_COOKIE,
  overrideOriginAllowed,
  parseOverrideOrigins,
  signOverrideTicket,
  verifyOverrideTicket,
  withOverrideOrigins,
} from './devOverrides';
import { pageCsp, type PageOrigins } from './headers';

const SECRET = 'test-override-secret';
const LOCAL = parseOverrideOrigins('http://localhost:*, http://127.0.0.1:*');
const NOW = Date.parse('2026-11-20T12:00:00Z');
const inAnHour = NOW / 1000 + 3600;
const cookie = (ticket: string) => `theme=dark; ${OVERRIDE_COOKIE}=${ticket}; other=1`;

describe('DEV_OVERRIDE_ORIGINS', () => {
  it('is off when unset or empty', () => {
    expect(parseOverrideOrigins(undefined)).toEqual([]);
    expect(parseOverrideOrigins(' , ')).toEqual([]);
  });

  it('allows a scheme and an exact host, on one port or on any port with *', () => {
    const rules = parseOverrideOrigins('http://localhost:*,https://dev.example.com:8443,https://staging.example.com');
    expect(overrideOriginAllowed('http://localhost:5173', rules)).toBe(true);
    expect(overrideOriginAllowed('http://localhost', rules)).toBe(true);
    expect(overrideOriginAllowed('https://dev.example.com:8443', rules)).toBe(true);
    expect(overrideOriginAllowed('https://staging.example.com', rules)).toBe(true);
    // Another scheme, port, host, a subdomain, a look-alike, or more than an origin: refused.
    for (const origin of [
      'https://localhost:5173',
      'https://dev.example.com',
      'https://staging.example.com:444',
      'http://evil.localhost:5173',
      'http://localhost.evil.com:5173',
      'https://dev.example.com:8443/path',
      'http://user@localhost:5173',
      'not a url',
    ]) {
      expect({ origin, allowed: overrideOriginAllowed(origin, rules) }).toEqual({ origin, allowed: false });
    }
    expect(overrideOriginAllowed('http://localhost:5173', [])).toBe(false);
  });

  it('refuses a wildcard host, a path or another scheme, naming the entry', () => {
    for (const bad of ['http://*.example.com', 'https://example.com/app', 'ftp://localhost:21', 'localhost:5173', 'http://localhost:70000']) {
      expect(() => parseOverrideOrigins(bad)).toThrow(`"${bad}"`);
    }
  });
});

describe('the override ticket', () => {
  const ticket = signOverrideTicket({ origins: ['http://localhost:5173'], exp: inAnHour }, SECRET);

  it('is verified with the secret it was signed with, until it expires', () => {
    expect(verifyOverrideTicket(ticket, SECRET, NOW)).toEqual({ origins: ['http://localhost:5173'], exp: inAnHour });
    expect(verifyOverrideTicket(ticket, 'another secret', NOW)).toBeNull();
    expect(verifyOverrideTicket(ticket, SECRET, inAnHour * 1000)).toBeNull();
  });

  it('is refused altered, cut short or forged', () => {
    const [prefix, payload, sig] = ticket.split('.');
    const widened = Buffer.from(JSON.stringify({ o: ['http://localhost:5173', 'https://evil.example'], e: inAnHour })).toString('base64url');
    for (const bad of [`${prefix}.${widened}.${sig}`, `${prefix}.${payload}`, `${ticket}x`, `xx1.${payload}.${sig}`, '', `${ticket}.more`]) {
      expect({ bad, claims: verifyOverrideTicket(bad, SECRET, NOW) }).toEqual({ bad, claims: null });
    }
  });
});

describe('the CSP decision of the shell’s page server', () => {
  const settings = { secret: SECRET, rules: LOCAL };
  const base: PageOrigins = { api: 'http://localhost:4000', scripts: ['http://localhost:3100'], directImageHosts: [] };
  const scriptSrc = (origins: PageOrigins) => pageCsp('AAAAAAAAAAAAAAAAAAAAAA==', origins).split('; ').find((d) => d.startsWith('script-src'));
  const connectSrc = (origins: PageOrigins) => pageCsp('AAAAAAAAAAAAAAAAAAAAAA==', origins).split('; ').find((d) => d.startsWith('connect-src'));

  it('admits the origins of a valid ticket in that response’s script-src and connect-src', () => {
    const admitted = admittedOverrideOrigins(cookie(signOverrideTicket({ origins: ['http://localhost:5173'], exp: inAnHour }, SECRET)), settings, NOW);
    expect(admitted).toEqual(['http://localhost:5173']);
    const origins = withOverrideOrigins(base, admitted);
    expect(scriptSrc(origins)).toMatch(/ http:\/\/localhost:3100 http:\/\/localhost:5173$/);
    expect(connectSrc(origins)).toMatch(/ http:\/\/localhost:5173$/);
  });

  it('admits nothing without a cookie, with a ticket of another key, an expired one, or with overrides off', () => {
    const valid = cookie(signOverrideTicket({ origins: ['http://localhost:5173'], exp: inAnHour }, SECRET));
    expect(admittedOverrideOrigins(undefined, settings, NOW)).toEqual([]);
    expect(admittedOverrideOrigins('theme=dark', settings, NOW)).toEqual([]);
    expect(admittedOverrideOrigins(cookie(signOverrideTicket({ origins: ['http://localhost:5173'], exp: inAnHour }, 'not the key')), settings, NOW)).toEqual([]);
    expect(admittedOverrideOrigins(valid, settings, (inAnHour + 1) * 1000)).toEqual([]);
    expect(admittedOverrideOrigins(valid, null, NOW)).toEqual([]);
    expect(admittedOverrideOrigins(valid, { secret: SECRET, rules: [] }, NOW)).toEqual([]);
    expect(withOverrideOrigins(base, [])).toBe(base);
  });

  it('admits only origins its own rule allows, whatever a signed ticket names', () => {
    const ticket = signOverrideTicket({ origins: ['https://evil.example', 'http://127.0.0.1:8080', 'http://localhost:5173'], exp: inAnHour }, SECRET);
    expect(admittedOverrideOrigins(cookie(ticket), settings, NOW)).toEqual(['http://127.0.0.1:8080', 'http://localhost:5173']);
  });
});
