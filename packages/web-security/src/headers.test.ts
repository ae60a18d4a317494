import { apiHeaders, assetHeaders, NONCE_PLACEHOLDER, originOf, pageCsp, pageHeaders, withNonce } from './headers';
import { newNonce } from './nonce';

const ORIGINS = { api: 'http://localhost:4000/', scripts: ['http://localhost:3001/mf-manifest.json', 'http://localhost:3002'], directImageHosts: ['tiktokcdn.com'] };
const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA==';

/** `directive → sources` of a CSP header. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

describe('pageCsp', () => {
  const csp = directives(pageCsp(NONCE, ORIGINS));

  it("lets scripts come only from the page itself, its own inline script with the response's nonce and the registered remote origins: no other inline, no eval", () => {
    expect(csp['script-src']).toEqual(["'self'", `'nonce-${NONCE}'`, 'http://localhost:3001', 'http://localhost:3002']);
    expect(pageCsp(NONCE, ORIGINS)).not.toMatch(/unsafe-(inline|eval|hashes)|strict-dynamic|\*(?!\.tiktokcdn)/);
  });

  it("styles from the page's origin and the response's nonce only", () => {
    expect(csp['style-src']).toEqual(["'self'", `'nonce-${NONCE}'`]);
  });

  it('refuses framing, plugins, base and form targets, and enforces Trusted Types with the default policy', () => {
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
    expect(csp['require-trusted-types-for']).toEqual(["'script'"]);
    expect(csp['trusted-types']).toEqual(['default']);
  });

  it('talks to the API and fetches the remotes’ manifests; images from itself, data:, the API proxy and the direct hosts', () => {
    expect(csp['connect-src']).toEqual(["'self'", 'http://localhost:4000', 'http://localhost:3001', 'http://localhost:3002']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'http://localhost:4000', 'tiktokcdn.com', '*.tiktokcdn.com']);
  });

  it('reports violations to the API', () => {
    expect(csp['report-uri']).toEqual(['http://localhost:4000/api/csp-report']);
    expect(csp['report-to']).toBeUndefined(); // Chromium would ignore report-uri, and report-to is delivered late or not at all
  });

  it('refuses a weak nonce, a non-http origin and a host that is not a host name', () => {
    expect(() => pageCsp('short', ORIGINS)).toThrow(/nonce/);
    expect(() => pageCsp(NONCE, { ...ORIGINS, scripts: ['javascript:alert(1)'] })).toThrow(/not an http/);
    expect(() => pageCsp(NONCE, { ...ORIGINS, directImageHosts: ["x.com; script-src 'unsafe-inline'"] })).toThrow(/host name/);
  });
});

describe('header sets', () => {
  it('every page: nosniff, no referrer, no framing, its own browsing context group, no features, never stored', () => {
    expect(pageHeaders(NONCE, ORIGINS)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    });
    expect(pageHeaders(NONCE, ORIGINS)['Permissions-Policy']).toMatch(/camera=\(\).*microphone=\(\)/);
  });

  it("static files: nosniff and a do-nothing CSP; a remote's files may be loaded by the shell's origin", () => {
    expect(assetHeaders({ crossOrigin: true })).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'cross-origin' });
    expect(assetHeaders({ crossOrigin: false })['Cross-Origin-Resource-Policy']).toBe('same-origin');
    expect(assetHeaders({ crossOrigin: false })['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('the API: JSON that can run nothing, is never cached and never framed', () => {
    expect(apiHeaders()).toMatchObject({
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
});

describe('nonces', () => {
  it('are fresh 128-bit base64 values, put wherever the page asks', () => {
    const a = newNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
    expect(withNonce(`<style nonce="${NONCE_PLACEHOLDER}"></style><meta nonce="${NONCE_PLACEHOLDER}">`, a)).toBe(`<style nonce="${a}"></style><meta nonce="${a}">`);
  });

  it('originOf keeps scheme, host and port only', () => {
    expect(originOf('https://cdn.example.com:8443/orders/1.2.0/mf-manifest.json')).toBe('https://cdn.example.com:8443');
  });
});
