// The avatar image proxy: public, allowlisted hosts, http(s), images only, size and time limits.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
let upstream: Server;
let upstreamPort: number;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/a.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    if (path === '/page.html') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html></html>');
    if (path === '/big.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return res.end(Buffer.alloc(3 * 1024 * 1024));
    }
    if (path === '/big-chunked.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Transfer-Encoding': 'chunked' });
      let sent = 0;
      const push = () => {
        if (sent > 3 * 1024 * 1024 || res.destroyed) return res.end();
        sent += 256 * 1024;
        res.write(Buffer.alloc(256 * 1024), () => setImmediate(push));
      };
      return push();
    }
    if (path === '/slow.png') {
      // Headers, then nothing until the proxy gives up and closes the connection.
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.flushHeaders();
      return;
    }
    if (path === '/redirect.png') return res.writeHead(302, { Location: 'http://example.com/x.png' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
  // The time limit leaves a loaded machine room to stream 3 MB over loopback (the size limit must
  // answer first); /slow.png never ends, so only the limit can.
  t = await startTestServer({ imageProxyHosts: [`127.0.0.1:${upstreamPort}`], imageProxyTimeoutMs: 3000 });
});
afterAll(async () => {
  await t?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

const proxy = (url: string) => fetch(`${t.url}/api/admin/image-proxy?url=${encodeURIComponent(url)}`);

test('the demo avatar host: a generated SVG with initials, no token or signature needed, cache params ignored', async () => {
  const [p] = await t.sql('select custom_id, custom_name, avatar from persons order by id limit 1');
  const res = await proxy(p.avatar);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/svg+xml');
  expect(res.headers.get('cache-control')).toMatch(/max-age/);
  const svg = await res.text();
  expect(svg).toMatch(/^<svg/);
  const [first, last] = p.custom_name.split('_');
  expect(svg).toContain(`>${(first[0] + last[0]).toUpperCase()}</text>`);
  const stripped = await proxy(`https://avatars.demo.growth-admin.local/u/${p.custom_id}.svg`);
  expect(await stripped.text()).toBe(svg);
});

test('an allowlisted host: the image is passed through', async () => {
  const res = await proxy(`http://127.0.0.1:${upstreamPort}/a.png`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
});

test.each([
  ['a host not on the allowlist', 'http://example.com/a.png', 'IMAGE_HOST_NOT_ALLOWED'],
  ['the same host on another port', 'http://127.0.0.1:1/a.png', 'IMAGE_HOST_NOT_ALLOWED'],
  ['a non-http scheme', 'ftp://127.0.0.1/a.png', 'IMAGE_URL_INVALID'],
  ['javascript:', 'javascript:alert(1)', 'IMAGE_URL_INVALID'],
  ['a relative url', '/etc/passwd', 'IMAGE_URL_INVALID'],
  ['credentials in the url', 'http://user:pw@127.0.0.1/a.png', 'IMAGE_URL_INVALID'],
])('400 for %s', async (_name, url, code) => {
  const res = await proxy(url);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(body.message).toMatch(/url/);
});

test.each([
  ['not an image', '/page.html', 'IMAGE_NOT_AN_IMAGE'],
  ['over 2 MB (declared)', '/big.png', 'IMAGE_TOO_LARGE'],
  ['over 2 MB (streamed)', '/big-chunked.png', 'IMAGE_TOO_LARGE'],
  ['too slow', '/slow.png', 'IMAGE_TIMEOUT'],
  ['a redirect', '/redirect.png', 'IMAGE_FETCH_FAILED'],
  ['an upstream 404', '/missing.png', 'IMAGE_FETCH_FAILED'],
])('400 when the upstream answer is %s', async (_name, path, code) => {
  const res = await proxy(`http://127.0.0.1:${upstreamPort}${path}`);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { code: string }).code).toBe(code);
});

test('a missing url is a 400 naming it', async () => {
  const res = await fetch(`${t.url}/api/admin/image-proxy`);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toMatch(/url is required/);
});
