/**
 * @jest-environment node
 */
// The static server (serve/static-server.mjs) sends the gzip copy the build stored beside a file
// (tools/federation/precompress.mjs, tested beside it) instead of compressing per request, over real
// HTTP: the bytes decode to the file, and a file without a stored copy is still compressed. The
// shell's page admits a development override's origin in its CSP only for a request whose ticket
// cookie checks out (the CSP decision, over HTTP as the browser asks).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { OVERRIDE_COOKIE, signOverrideTicket } from '@growth-admin/web-security';

// (an ES module of the build tools, transformed for jest: see jest.config.cjs)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { precompress } = require('../../../tools/federation/precompress.mjs') as { precompress: (dir: string) => number };

let dist: string;
/** Text that compresses, `kB` kilobytes of it. */
const script = (marker: string, kB = 4) => `/* ${marker} */\n` + 'window.__chart = (window.__chart || 0) + 1;\n'.repeat(kB * 24);

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'precompress-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

let server: ChildProcess;
let base: string;
/** The static server in its own Node process, as `npm start` runs it (an ES module, with its real dependencies); `options` as JS source. */
async function startServer(options: string) {
  const module = pathToFileURL(join(__dirname, '../serve/static-server.mjs')).href;
  const program = `import { createStaticHandler, listen } from ${JSON.stringify(module)};
    const { port } = await listen(createStaticHandler({ dir: process.argv[1], ${options} }), 0, '127.0.0.1');
    console.log(port);`;
  server = spawn(process.execPath, ['--input-type=module', '-e', program, dist], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    server.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
    server.once('exit', (code) => reject(new Error(`the static server exited (${code})`)));
  });
  base = `http://127.0.0.1:${port}`;
}
afterEach(() => {
  server?.kill();
});

const fetchRaw = (path: string, acceptGzip: boolean, headers: Record<string, string> = {}) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(`${base}${path}`, { headers: { ...headers, ...(acceptGzip ? { 'Accept-Encoding': 'gzip, deflate' } : {}) } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });

describe('the static server', () => {
  beforeEach(() => startServer('cors: true, pageOrigins: () => ({})'));

  it('sends the stored copy, which decodes to the file, with the file type and cache headers', async () => {
    writeFileSync(join(dist, '320.0123456789.js'), script('echarts'));
    // A stored copy no per-request compression would produce (two gzip members, same content): the
    // bytes that arrive show which one the server sent.
    const code = readFileSync(join(dist, '320.0123456789.js'));
    const stored = Buffer.concat([gzipSync(code.subarray(0, 100)), gzipSync(code.subarray(100))]);
    writeFileSync(join(dist, '320.0123456789.js.gz'), stored);
    const { headers, body } = await fetchRaw('/320.0123456789.js', true);
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['content-type']).toMatch(/javascript/);
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers['vary']).toMatch(/Accept-Encoding/i);
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(body.equals(stored)).toBe(true);
    expect(gunzipSync(body).equals(readFileSync(join(dist, '320.0123456789.js')))).toBe(true);
  });

  it('sends the plain file to a client that does not accept gzip', async () => {
    writeFileSync(join(dist, '320.0123456789.js'), script('echarts'));
    precompress(dist);
    const { headers, body } = await fetchRaw('/320.0123456789.js', false);
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.equals(readFileSync(join(dist, '320.0123456789.js')))).toBe(true);
  });

  it('still compresses a file that has no stored copy', async () => {
    writeFileSync(join(dist, 'remoteEntry.js'), script('not precompressed'));
    const { headers, body } = await fetchRaw('/remoteEntry.js', true);
    expect(headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).equals(readFileSync(join(dist, 'remoteEntry.js')))).toBe(true);
  });
});

describe("the shell's page with development overrides on", () => {
  const SECRET = 'page-server-test-secret';
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  const page = (cookie?: string) => fetchRaw('/orders', false, cookie ? { Cookie: `theme=dark; ${OVERRIDE_COOKIE}=${cookie}` } : {});
  const directive = (csp: unknown, name: string) => String(csp).split('; ').find((d) => d.startsWith(`${name} `));
  const metaOf = (html: Buffer) => /<meta name="growth-admin:override-origins" content="([^"]*)"/.exec(html.toString())?.[1];

  beforeEach(async () => {
    writeFileSync(join(dist, 'index.html'), readFileSync(join(__dirname, '../public/index.html')));
    await startServer(`spa: true, devOverrides: { origins: 'http://localhost:*,http://127.0.0.1:*', secret: ${JSON.stringify(SECRET)} },
      pageOrigins: () => ({ api: 'http://localhost:4000', scripts: ['http://localhost:3100'], directImageHosts: [] })`);
  });

  it('admits the origins of a ticket it can check in that response’s script-src and connect-src, and says so in the page', async () => {
    const { headers, body } = await page(signOverrideTicket({ origins: ['http://localhost:5173'], exp: inAnHour() }, SECRET));
    const csp = headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self' 'nonce-[^']+' http:\/\/localhost:3100 http:\/\/localhost:5173$/);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' http://localhost:4000 http://localhost:3100 http://localhost:5173");
    expect(metaOf(body)).toBe('http://localhost:5173');
    // The next page without the cookie: nothing admitted.
    const plain = await page();
    expect(directive(plain.headers['content-security-policy'], 'script-src')).toMatch(/ http:\/\/localhost:3100$/);
    expect(metaOf(plain.body)).toBe('');
  });

  it('admits nothing for a ticket of another key, an expired one, or an origin its own rule refuses', async () => {
    for (const ticket of [
      signOverrideTicket({ origins: ['http://localhost:5173'], exp: inAnHour() }, 'another key'),
      signOverrideTicket({ origins: ['http://localhost:5173'], exp: Math.floor(Date.now() / 1000) - 1 }, SECRET),
      signOverrideTicket({ origins: ['https://evil.example'], exp: inAnHour() }, SECRET),
      'ot1.garbage.garbage',
    ]) {
      const { headers, body } = await page(ticket);
      expect({ ticket, scripts: directive(headers['content-security-policy'], 'script-src')?.split(' ').slice(3), meta: metaOf(body) }).toEqual({
        ticket,
        scripts: ['http://localhost:3100'],
        meta: '',
      });
    }
  });
});
