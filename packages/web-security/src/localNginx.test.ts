// The rendered config served by Debian's nginx, over TLS with a certificate made for the run and
// HTTP/2, read with Node's HTTP/2 client trusting only the run's CA: the page with its nonce and
// runtime config, a stored .br or .gz sent as it is, a remote's files cross-origin, and the API's origin
// passed to a plain HTTP instance with the client's address.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type ClientHttp2Session } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { makeRunCertificate, nginxVersion, NGINX, NGINX_MISSING, startNginx, type RunCertificate, type RunningNginx } from './localNginx';
import { renderNginxConfig } from './nginx';

const PAGE = `<!doctype html><html><head><meta name="growth-admin:runtime-config" content=""/><meta property="csp-nonce" nonce="__CSP_NONCE__"/></head><body><script nonce="__CSP_NONCE__">1</script></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('shell '.repeat(400))});\n`;

let dir: string;
let cert: RunCertificate;
let nginx: RunningNginx | undefined;
let api: Server;
const seenByApi: IncomingHttpHeaders[] = [];
let ports: { shell: number; remote: number; api: number };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET over a fresh HTTP/2 session that trusts the run's CA only; also says which protocol TLS agreed. */
async function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer & { alpn: string | false }> {
  const session: ClientHttp2Session = connect(`https://127.0.0.1:${port}`, { ca: readFileSync(cert.caCertificate) });
  try {
    return await new Promise((resolve, reject) => {
      session.once('error', reject);
      const req = session.request({ ':path': path, ...headers });
      const chunks: Buffer[] = [];
      let head: Record<string, string> = {};
      req.on('response', (h) => (head = Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]))));
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks), alpn: session.alpnProtocol ?? false }));
      req.on('error', reject);
      req.end();
    });
  } finally {
    session.close();
  }
}

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(NGINX_MISSING);
  dir = mkdtempSync(join(tmpdir(), 'web-security-nginx-'));
  chmodSync(dir, 0o755); // nginx's worker (nobody, under root) reads the sites' files
  const site = (name: string, files: Record<string, string | Buffer>) => {
    mkdirSync(join(dir, name));
    for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, name, file), content);
    return join(dir, name);
  };
  // The stored .gz is level 9: nginx compressing the file itself (gzip_comp_level 1) would send other bytes.
  const shellRoot = site('shell', {
    'index.html': PAGE,
    'main.0123456789.js': SCRIPT,
    'main.0123456789.js.gz': gzipSync(SCRIPT, { level: 9 }),
    'main.0123456789.js.br': brotliCompressSync(SCRIPT),
  });
  const remoteRoot = site('remote', { 'mf-manifest.json': '{"name":"analytics"}', 'remoteEntry.js': 'var analytics;' });
  ports = { shell: await freePort(), remote: await freePort(), api: await freePort() };
  api = createServer((req, res) => {
    seenByApi.push(req.headers);
    res.writeHead(200, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' }).end('{"data":{}}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  cert = makeRunCertificate(join(dir, 'tls'), ['127.0.0.1']);
  const siteConfig = renderNginxConfig({
    api: `https://127.0.0.1:${ports.api}`,
    apiUpstreams: [`127.0.0.1:${(api.address() as { port: number }).port}`],
    directImageHosts: [],
    tls: { certificate: cert.certificate, certificateKey: cert.certificateKey },
    nginxVersion: nginxVersion(),
    shell: { origin: `https://127.0.0.1:${ports.shell}`, root: shellRoot },
    remotes: { analytics: { origin: `https://127.0.0.1:${ports.remote}`, root: remoteRoot } },
  });
  nginx = await startNginx({ dir: join(dir, 'nginx'), siteConfig, ports: Object.values(ports) });
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  await new Promise((resolve) => api?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the shell's page over HTTP/2 with TLS: a fresh nonce in the CSP and the page, the registry's runtime config named", async () => {
  const first = await get(ports.shell, '/');
  const second = await get(ports.shell, '/dashboard');
  expect(first.alpn).toBe('h2');
  expect(first.status).toBe(200);
  const nonce = /'nonce-([0-9a-f]{32})'/.exec(first.headers['content-security-policy'])?.[1];
  expect(nonce).toBeDefined();
  const page = first.body.toString();
  expect(page).toContain(`<meta property="csp-nonce" nonce="${nonce}"/>`);
  expect(page).toContain(`<script nonce="${nonce}">`);
  expect(page).not.toContain('__CSP_NONCE__');
  expect(page).toContain(`<meta name="growth-admin:runtime-config" content="https://127.0.0.1:${ports.api}/api/runtime-config"/>`);
  expect(first.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  // The SPA route gets the page too, with another nonce.
  expect(second.status).toBe(200);
  expect(second.headers['content-security-policy']).not.toContain(nonce);
});

test.each([
  { client: 'a browser that takes br', accept: 'gzip, deflate, br, zstd', encoding: 'br', copy: '.br' },
  { client: 'a client without br', accept: 'gzip', encoding: 'gzip', copy: '.gz' },
])("a content-hashed script to $client: the build's stored $copy as it is, immutable for a year", async ({ accept, encoding, copy }) => {
  const sent = await get(ports.shell, '/main.0123456789.js', { 'accept-encoding': accept });
  expect(sent.headers['content-encoding']).toBe(encoding);
  expect(sent.body.equals(readFileSync(join(dir, `shell/main.0123456789.js${copy}`)))).toBe(true);
  expect(sent.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(sent.headers.vary).toBe('Accept-Encoding');
});

test('a content-hashed script to a client that takes no encoding: the file itself', async () => {
  const plain = await get(ports.shell, '/main.0123456789.js');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(SCRIPT);
});

test("a remote's manifest: cross-origin, revalidated on every load", async () => {
  const manifest = await get(ports.remote, '/mf-manifest.json');
  expect(manifest.alpn).toBe('h2');
  expect(JSON.parse(manifest.body.toString())).toEqual({ name: 'analytics' });
  expect(manifest.headers['access-control-allow-origin']).toBe('*');
  expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(manifest.headers['cache-control']).toBe('no-cache');
});

test("the API's origin: TLS ended by nginx, the request passed on with the client's address and scheme", async () => {
  const answer = await get(ports.api, '/api/runtime-config');
  expect(answer.alpn).toBe('h2');
  expect(answer.status).toBe(200);
  expect(answer.body.toString()).toBe('{"data":{}}');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  const seen = seenByApi.at(-1)!;
  expect(seen['x-forwarded-for']).toBe('127.0.0.1');
  expect(seen['x-forwarded-proto']).toBe('https');
  expect(seen.host).toBe(`127.0.0.1:${ports.api}`);
});
