// The answers sent compressed (@fastify/compress): a route asks for it through serve()'s
// `compressed`. Only the runtime config, alone or in the sign-in answer, does: it is on every page
// load's critical path and grows with every team's remote (about 0.5 kB of JSON each; 24 kB for 55
// remotes, 8 kB gzip), and nothing in front of the API compresses it (nginx passes the API's answers
// as they are). gzip alone: what every browser accepts over plain HTTP too (br only over HTTPS).
// The sign-in answer carries a session token, yet no BREACH: the token is new on every sign-in, so
// no attacker's guesses are ever compressed beside the same secret twice (docs/security.md).
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON of 1 kB or more, gzip to a client whose Accept-Encoding takes it (not refused with q=0). */
export const COMPRESSED_JSON = {
  encodings: ['gzip'],
  threshold: 1024,
  customTypes: /^application\/json(?:;|$)/,
} satisfies FastifyCompressOptions;

/** The plugin, off by default (a route turns it on), and no request body is ever decompressed. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { ...COMPRESSED_JSON, global: false, globalDecompression: false });
}
