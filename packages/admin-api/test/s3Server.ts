// A local S3-compatible server for the tests (s3-server.mjs: fauxqs from the npm registry, in its
// own process), and a proxy in front of it that adds what fauxqs 2.4.1 lacks: S3's conditional
// write (`If-None-Match: *` on PUT answers 412 PreconditionFailed when the key exists, atomically
// per key), recording every request so a test can see what the store sent.
import { spawn } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { stopChild } from './childProcess';

export interface LocalS3 {
  /** The server itself (ignores If-None-Match on PUT). */
  endpoint: string;
  stop(): Promise<void>;
}

export function startS3Server(buckets: string[]): Promise<LocalS3> {
  const child = spawn(process.execPath, [join(__dirname, 's3-server.mjs')], {
    env: { ...process.env, S3_BUCKETS: buckets.join(',') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = () => stopChild(child, exited);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`the S3 server did not start within 30 s:\n${out}`))), 30_000);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"endpoint"'));
      if (!line) return;
      clearTimeout(timer);
      resolve({ endpoint: (JSON.parse(line) as { endpoint: string }).endpoint, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the S3 server exited (${code}):\n${out}`));
    });
  });
}

export interface Recorded {
  method: string;
  /** The object's path, /bucket/key (no query). */
  path: string;
  ifNoneMatch: string | undefined;
  status: number;
}

export interface ConditionalProxy {
  endpoint: string;
  requests: Recorded[];
  /** true: clients' HEADs answer 404 (as in the instant between another upload's check and its write), so only the conditional write can stop an overwrite. */
  hideFromHead: boolean;
  close(): Promise<void>;
}

function forward(upstream: URL, method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: upstream.hostname, port: upstream.port, method, path, headers: { ...headers, host: upstream.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const PRECONDITION_FAILED = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>`;

/** S3's conditional write in front of `upstream`: one request per key at a time, HEAD then PUT. */
export async function startConditionalProxy(upstream: string): Promise<ConditionalProxy> {
  const target = new URL(upstream);
  const requests: Recorded[] = [];
  const locks = new Map<string, Promise<unknown>>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const path = url.split('?')[0];
      const ifNoneMatch = req.headers['if-none-match'] as string | undefined;
      const handle = async () => {
        let answer: { status: number; headers: IncomingHttpHeaders; body: Buffer };
        if (req.method === 'HEAD' && proxy.hideFromHead) {
          answer = { status: 404, headers: {}, body: Buffer.alloc(0) };
        } else if (req.method === 'PUT' && ifNoneMatch === '*' && (await forward(target, 'HEAD', path, {}, Buffer.alloc(0))).status === 200) {
          answer = { status: 412, headers: { 'content-type': 'application/xml' }, body: Buffer.from(PRECONDITION_FAILED) };
        } else {
          answer = await forward(target, req.method ?? 'GET', url, req.headers, Buffer.concat(chunks));
        }
        requests.push({ method: req.method ?? 'GET', path, ifNoneMatch, status: answer.status });
        res.writeHead(answer.status, answer.headers).end(answer.body);
      };
      // Writes of one key one at a time: the HEAD and the PUT are one step, as S3 makes them.
      const previous = req.method === 'PUT' ? (locks.get(path) ?? Promise.resolve()) : Promise.resolve();
      const mine = previous.then(handle).catch(() => void res.writeHead(502).end());
      if (req.method === 'PUT') locks.set(path, mine);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const proxy: ConditionalProxy = {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    hideFromHead: false,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return proxy;
}
