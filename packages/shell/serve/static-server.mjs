// Serves a package's dist/ the way a CDN would: content-hashed files immutable for a year;
// remoteEntry.js, mf-manifest.json and the runtime config `no-cache` (revalidated each load, so a
// deploy or a rollback is picked up at once); gzip, the build's stored `.gz` where there is one
// (tools/federation/precompress.mjs), else compressed per response; CORS for remotes, whose manifests
// and chunks are fetched from the shell's origin. sirv does the file serving. Every answer carries the security
// headers of @growth-admin/web-security; the page (index.html) gets a fresh CSP nonce per response,
// and, where development overrides are on, the override origins its request's ticket admits (in its
// CSP and in its `growth-admin:override-origins` meta tag, so the shell knows what may load).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import webSecurity from '@growth-admin/web-security';
import { cacheControlFor } from './cache-control.mjs';

const { admittedOverrideOrigins, assetHeaders, newNonce, pageHeaders, parseOverrideOrigins, withNonce, withOverrideOrigins, OVERRIDE_ORIGINS_META } = webSecurity;

export { cacheControlFor };

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function setAll(res, headers) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/**
 * A request handler for `dir`.
 * @param {object} o
 * @param {string} o.dir
 * @param {() => import('@growth-admin/web-security').PageOrigins} o.pageOrigins what the page may load and call (its CSP)
 * @param {boolean} [o.spa] serve index.html for extension-less paths (the shell's section URLs)
 * @param {() => object} [o.runtimeConfig] answers `runtimeConfigPath` with this JSON instead of the file
 * @param {string} [o.runtimeConfigPath] default `/runtime-config.json`
 * @param {() => string} [o.runtimeConfigUrl] where the page fetches its runtime config (the release registry's route), put into its meta tag
 * @param {boolean} [o.cors] `Access-Control-Allow-Origin: *` and cross-origin resource policy (remotes)
 * @param {(pathname: string) => string} [o.cacheControl] how long a file may be cached (default: cacheControlFor)
 * @param {{ origins: string, secret: string }} [o.devOverrides] DEV_OVERRIDE_ORIGINS and DEV_OVERRIDE_SECRET (the API's):
 *   a page request whose override ticket checks out gets those origins in its CSP (the shell's page only)
 */
export function createStaticHandler(o) {
  const configPath = o.runtimeConfigPath ?? '/runtime-config.json';
  const files = sirv(o.dir, {
    dev: true, // read the file system on each request: a rebuild is served without a restart
    etag: true,
    gzip: true, // `<file>.gz` when the browser accepts gzip; `compression` leaves an encoded answer alone
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', (o.cacheControl ?? cacheControlFor)(pathname));
    },
  });
  const gzip = compression();
  const fileHeaders = assetHeaders({ crossOrigin: Boolean(o.cors) });
  const overrides = o.devOverrides ? { secret: o.devOverrides.secret, rules: parseOverrideOrigins(o.devOverrides.origins) } : null;

  /** index.html with this response's nonce, under the CSP that names it (and the override origins `req`'s ticket admits). */
  async function sendPage(req, res) {
    const nonce = newNonce();
    let html;
    try {
      html = await readFile(join(o.dir, 'index.html'), 'utf8');
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      return res.end('Not found');
    }
    const admitted = admittedOverrideOrigins(req.headers.cookie, overrides);
    setAll(res, pageHeaders(nonce, withOverrideOrigins(o.pageOrigins(), admitted)));
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    const configUrl = o.runtimeConfigUrl?.();
    if (configUrl) html = html.replace(/(<meta name="growth-admin:runtime-config" content=")[^"]*(")/, `$1${escapeAttribute(configUrl)}$2`);
    if (admitted.length) html = html.replace(new RegExp(`(<meta name="${OVERRIDE_ORIGINS_META}" content=")[^"]*(")`), `$1${escapeAttribute(admitted.join(' '))}$2`);
    res.end(withNonce(html, nonce));
  }

  return (req, res) => {
    setAll(res, fileHeaders);
    if (o.cors) res.setHeader('Access-Control-Allow-Origin', '*');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(req.method === 'OPTIONS' ? 204 : 405, { Allow: 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    gzip(req, res, () => {
      if (o.runtimeConfig && url.pathname === configPath) {
        const body = JSON.stringify(o.runtimeConfig(), null, 2);
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
        return res.end(body);
      }
      const isPage = url.pathname === '/' || url.pathname === '/index.html' || (o.spa && !/\.[a-z0-9]+$/i.test(url.pathname));
      if (isPage) return void sendPage(req, res);
      files(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end('Not found');
      });
    });
  };
}

/** Starts an HTTP server for `handler` on `port` (0 = any free port); resolves with the server and its port. */
export function listen(handler, port, host) {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({ server, port: server.address().port });
    });
  });
}

/** Closes a server and its keep-alive connections. */
export function close(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}
