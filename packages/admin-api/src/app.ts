// The Fastify application: validation, envelope, CORS, OpenAPI, the guard and every route.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Ajv from 'ajv';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from './config';
import type { Db } from './db';
import { ApiError, badRequest, validationMessage } from './http/errors';
import { guardHook } from './http/guard';
import { ErrorBody } from './http/schemas';
import { authRoutes } from './routes/auth';
import { projectRoutes } from './routes/projects';
import { personRoutes } from './routes/persons';
import { orderRoutes } from './routes/orders';
import { analyticsRoutes } from './routes/analytics';
import { imageProxyRoutes } from './routes/imageProxy';
import { cspReportRoutes, REPORT_CONTENT_TYPES } from './routes/cspReports';
import { apiHeaders } from '@growth-admin/web-security';

export interface AppDeps {
  config: ServerConfig;
  db: Db;
}

/** Finds the first string containing a NUL (PostgreSQL text cannot hold it) and names its field. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}[${i}]`);
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
      const hit = findNul(v, path ? `${path}.${k}` : k);
      if (hit) return hit;
    }
  }
  return null;
}

export async function buildApp({ config, db }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Body: exact types, unknown fields rejected. Query/params: strings coerced to the declared types.
  const ajvOptions = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
  const bodyAjv = new Ajv({ ...ajvOptions, coerceTypes: false });
  const queryAjv = new Ajv({ ...ajvOptions, coerceTypes: true });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema));

  // JSON bodies; an empty body (the client sends Content-Type on every call) is no body.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', ...REPORT_CONTENT_TYPES], { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The request body is not valid JSON', 'INVALID_JSON'), undefined);
    }
  });

  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req, reply) => {
    if (err instanceof ApiError) {
      if (err.statusCode === 429 && (err as ApiError & { retryAfter?: number }).retryAfter) {
        reply.header('Retry-After', String((err as ApiError & { retryAfter?: number }).retryAfter));
      }
      return reply.code(err.statusCode).send({ message: err.message, code: err.code });
    }
    if (err.validation) {
      return reply.code(400).send({ message: validationMessage(err.validation as never, err.validationContext), code: 'VALIDATION_ERROR' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
      };
      return reply.code(status).send({ message: messages[err.code] ?? err.message, code: err.code ?? 'BAD_REQUEST' });
    }
    console.error(`[admin-api] ${req.method} ${req.url} failed:`, err);
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL_ERROR' });
  });

  // Every answer: nosniff, a CSP under which JSON can run nothing, never framed, never stored. A
  // route that means otherwise (the image proxy's public cache) sets its own value first.
  const securityHeaders = Object.entries(apiHeaders());
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of securityHeaders) if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `No route ${req.method} ${req.url.split('?')[0]}`, code: 'ROUTE_NOT_FOUND' });
  });

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Timestamp', 'X-Nonce', 'X-Signature'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Growth Admin API',
        version: '0.1.0',
        description:
          'Every /api/admin route but the image proxy needs X-Timestamp, X-Nonce and X-Signature (403 when wrong); every route but login also needs Authorization: Bearer <token> (401). Success: 200 {data}; failure: {message, code}.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
  app.addSchema(ErrorBody);

  app.addHook('onRequest', guardHook(db, config));
  // PostgreSQL text cannot hold NUL characters: refuse them as bad input before any handler.
  app.addHook('preHandler', async (req) => {
    const inBody = findNul(req.body, '');
    const inQuery = findNul(req.query, '');
    const inParams = findNul(req.params, '');
    const field = inBody ?? inQuery ?? inParams;
    if (field) throw badRequest(`${field} must not contain NUL characters`);
  });

  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    await db.query('select 1');
    return { data: { status: 'ok', engine: db.engine } };
  });
  const docs = async () => app.swagger();
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, docs);
  app.get('/api/docs/json', { config: { access: 'public' }, schema: { hide: true } }, docs);

  const deps = { config, db };
  await app.register(authRoutes(deps), { prefix: '/api/admin' });
  await app.register(projectRoutes(deps), { prefix: '/api/admin' });
  await app.register(personRoutes(deps), { prefix: '/api/admin' });
  await app.register(orderRoutes(deps), { prefix: '/api/admin' });
  await app.register(analyticsRoutes(deps), { prefix: '/api/admin' });
  await app.register(imageProxyRoutes(deps), { prefix: '/api/admin' });
  await app.register(cspReportRoutes(deps));
  return app;
}
