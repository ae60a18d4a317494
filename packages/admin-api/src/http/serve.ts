// Registers a route from its contract entry (@growth-admin/api-contract): method, path, access,
// and the schemas that validate every input and serialize the answer, so a handler cannot answer a
// field the contract lacks. A handler parses nothing itself: it calls one function and answers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Envelope, type RouteSpec } from '@growth-admin/api-contract';
import { COMPRESSED_JSON } from './compression';

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;

/** The request a route's handler gets: its params, query, body and headers as the contract types them. */
export type RequestOf<R extends RouteSpec> = FastifyRequest<{
  Params: StaticOr<R['params'], Record<string, never>>;
  Querystring: StaticOr<R['querystring'], Record<string, never>>;
  Body: StaticOr<R['body'], undefined>;
  Headers: StaticOr<R['headers'], Record<string, string | string[] | undefined>>;
}>;

/** What the handler answers: `{ data }` as the contract types it, or the raw answer (image, 204). */
export type AnswerOf<R extends RouteSpec> = R['data'] extends TSchema ? { data: Static<R['data']> } : unknown;

export type Handler<R extends RouteSpec> = (req: RequestOf<R>, reply: FastifyReply) => Promise<AnswerOf<R>>;

const NO_QUERY = Type.Object({}, { additionalProperties: false });

/** `compressed`: the answer is sent gzip to a client that takes it (http/compression.ts). */
export function serve<R extends RouteSpec>(app: FastifyInstance, spec: R, handler: Handler<R>, { compressed = false } = {}): void {
  app.route({
    method: spec.method,
    url: spec.path,
    // Health routes answer beside the database's queue (a probe must not wait behind the load).
    config: { access: spec.access, role: spec.role, operationId: spec.operationId, database: spec.tag !== 'health', bodyContentTypes: spec.bodyContentTypes },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(compressed ? { compress: COMPRESSED_JSON } : {}),
    schema: {
      ...(spec.params ? { params: spec.params } : {}),
      // One rule for every route: an unknown query parameter is a 400, also where there are none.
      querystring: spec.querystring ?? NO_QUERY,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(spec.data ? { response: { 200: Envelope(spec.data) } } : {}),
    },
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
