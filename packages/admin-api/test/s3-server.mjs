#!/usr/bin/env node
// A local S3-compatible server for the tests (fauxqs, from the npm registry), in its own process
// (the package is ESM only): objects in memory, path-style URLs, anonymous reads (as a bucket
// served publicly). Prints one JSON line `{ "endpoint": "http://127.0.0.1:<port>" }` once it listens,
// creates the buckets named in S3_BUCKETS (comma list), and stops on SIGTERM or when its parent goes.
import { startFauxqs } from 'fauxqs';

const server = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
for (const bucket of (process.env.S3_BUCKETS ?? '').split(',').filter(Boolean)) server.createBucket(bucket);
process.stdout.write(`${JSON.stringify({ endpoint: `http://127.0.0.1:${server.port}` })}\n`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop); // the parent went away
process.stdin.resume();
