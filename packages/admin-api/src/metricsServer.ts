// The metrics listener: GET /metrics on its own address, apart from the API's port, so the public
// proxy in front of the API never exposes it. With a token (METRICS_TOKEN) a scrape must send
// `Authorization: Bearer <token>`; bound beyond loopback, a token is required (the start refuses).
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiMetrics } from './metrics';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

export async function listenMetrics(metrics: ApiMetrics, o: { host: string; port: number; token: string | null }): Promise<MetricsListener> {
  if (!o.token && !LOOPBACK.test(o.host)) {
    throw new Error(`METRICS_HOST ${o.host} is reachable from other machines: set METRICS_TOKEN (a scrape then sends it as a bearer token), or keep the metrics on 127.0.0.1`);
  }
  const server: Server = createServer((req, res) => {
    const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(`${text}\n`);
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return plain(404, 'Not found: the metrics are at /metrics');
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'Only GET', { Allow: 'GET, HEAD' });
    if (o.token && !tokenMatches(req.headers.authorization, o.token)) return plain(401, 'A bearer token is required (METRICS_TOKEN)', { 'WWW-Authenticate': 'Bearer' });
    metrics.exposition().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      (err: unknown) => plain(500, `The metrics could not be collected: ${err instanceof Error ? err.message : String(err)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
