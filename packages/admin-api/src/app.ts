// The Fastify application: body parsing, validation, the error envelope, CORS, security headers,
// metrics and load shedding for every route; then two encapsulated contexts, each with its own
// guard and routes (every route registered from its contract entry): the back-office's modules,
// and the release control plane (src/controlPlane), a plugin with its own hooks and decorators.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import Ajv from 'ajv';
import fastJsonStringify, { type Schema as AnswerSchema } from 'fast-json-stringify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DATE_FORMATS, routes } from '@growth-admin/api-contract';
import type { Viewer } from './controlPlane';
import { apiHeaders } from '@growth-admin/web-security';
import type { ServerConfig } from './config';
import { DatabaseUnavailableError, type Db } from './db';
import { ApiError, badRequest, validationMessage } from './http/errors';
import { Admission, ClientGoneError } from './http/admission';
import { registerCompression } from './http/compression';
import { ApiMetrics } from './metrics';
import { guardHook } from './http/guard';
import { controlPlane, refuseDeployTokens, runtimeConfigFor } from './controlPlane';
import { findSession } from './modules/auth/repository';
import { warnOnUntrustedProxy } from './http/proxyHint';
import { findUnstorableText, jsonDepth, MAX_JSON_DEPTH } from './http/text';
import { administratorRoutes } from './modules/administrators/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { orderRoutes } from './modules/orders/routes';
import { personRoutes } from './modules/persons/routes';
import { projectRoutes } from './modules/projects/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { REPORT_CONTENT_TYPES, securityRoutes } from './modules/security/routes';

export interface AppDeps {
  config: ServerConfig;
  db: Db;
  /** This server's metrics (a fresh registry when not given). */
  metrics?: ApiMetrics;
}

/** Fastify's own error codes as ours: every failure answers `{ message, code }` with our codes. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'MALFORMED_REQUEST', message: 'The Content-Length header does not match the body' },
  FST_ERR_BAD_URL: { status: 400, code: 'MALFORMED_REQUEST', message: 'The URL cannot be read (bad percent-encoding)' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'MALFORMED_REQUEST', message: 'The request cannot be read' },
};

/** A route's name in the metrics: its operationId, never the raw URL (unbounded, and may carry data). */
function operationOf(req: FastifyRequest): string {
  const id = req.routeOptions.config?.operationId;
  if (id) return id;
  return req.method === 'OPTIONS' && req.routeOptions.url ? 'corsPreflight' : 'unmatched';
}

/** A failure of the database itself (pg's and PGlite's errors carry PostgreSQL's severity), as opposed to ours. */
const isDatabaseError = (err: unknown) => typeof (err as { severity?: unknown })?.severity === 'string';

// Body: exact types, unknown fields rejected. Query/params: strings coerced to the declared types.
// One of each per process: Ajv keeps what it compiled by schema, so an app built again in the same
// process (the tests build hundreds) reuses every route's validator instead of compiling it again.
const ajvOptions = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
const bodyAjv = new Ajv({ ...ajvOptions, coerceTypes: false });
const queryAjv = new Ajv({ ...ajvOptions, coerceTypes: true });
// Dates: the contract's one strict reading (2026-02-30 is refused, never read as 2 March).
for (const [name, check] of DATE_FORMATS) for (const ajv of [bodyAjv, queryAjv]) ajv.addFormat(name, check);

// Answers: fast-json-stringify compiles each route's answer schema to code (about 100 ms for all the
// routes of one app). One per schema per process, as for the validators above: the same contract
// entry gives the same code, and an app built again (the tests build hundreds) compiles nothing.
const serializers = new Map<string, (data: unknown) => string>();
function serializerOf(schema: unknown): (data: unknown) => string {
  const key = JSON.stringify(schema);
  let serialize = serializers.get(key);
  if (!serialize) serializers.set(key, (serialize = fastJsonStringify(schema as AnswerSchema)));
  return serialize;
}

export async function buildApp({ config, db, metrics = new ApiMetrics() }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 256 * 1024,
    // Behind a proxy, the client address (sign-in throttling, audit) comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // A request line or headers Node cannot read (too large, malformed) never reaches a route:
    // answered in our envelope too.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return socket.destroy();
      const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify(
        tooLarge ? { message: 'The request line or headers are too large', code: 'HEADERS_TOO_LARGE' } : { message: 'The request cannot be read', code: 'MALFORMED_REQUEST' },
      );
      const headers = { ...apiHeaders(), 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' };
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
    },
    // Errors before routing (a URL that cannot be decoded) answer in our envelope too.
    frameworkErrors: (err, _req, reply: FastifyReply) => {
      const known = FRAMEWORK_ERRORS[err.code] ?? FRAMEWORK_ERRORS.FST_ERR_ASYNC_CONSTRAINT;
      void reply.headers(apiHeaders()).code(known.status).send({ message: known.message, code: known.code });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema));
  app.setSerializerCompiler(({ schema }) => serializerOf(schema));

  // JSON bodies; an empty body (the client sends Content-Type on every call) is no body. Nesting is
  // bounded before parsing: thousands of levels are no request of ours.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  // text/plain only where a route's contract entry lists it (a beacon's body, which cannot choose its type).
  app.addContentTypeParser(['application/json', 'text/plain', ...REPORT_CONTENT_TYPES], { parseAs: 'string' }, (req, body, done) => {
    if (/^text\/plain\b/i.test(req.headers['content-type'] ?? '') && !req.routeOptions.config?.bodyContentTypes?.includes('text/plain')) {
      return done(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'), undefined);
    }
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH) return done(badRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`, 'BODY_TOO_DEEP'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The request body is not valid JSON', 'INVALID_JSON'), undefined);
    }
  });

  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req, reply) => {
    if (err instanceof ApiError) {
      if (err.retryAfter) reply.header('Retry-After', String(err.retryAfter));
      return reply.code(err.statusCode).send({ message: err.message, code: err.code });
    }
    if (err instanceof ClientGoneError) return reply.code(503).send({ message: err.message, code: 'OVERLOADED' }); // nobody listens
    if (err instanceof DatabaseUnavailableError) {
      metrics.dbErrors.inc({ code: err.code });
      // Nothing was stored: the caller may retry (an Idempotency-Key makes that safe for money).
      if (err.code === 'DATABASE_UNAVAILABLE') reply.header('Retry-After', '2');
      return reply.code(503).send({ message: err.message, code: err.code });
    }
    if (err.validation) {
      return reply.code(400).send({ message: validationMessage(err.validation as never, err.validationContext), code: 'VALIDATION_ERROR' });
    }
    const known = FRAMEWORK_ERRORS[err.code];
    if (known) return reply.code(known.status).send({ message: known.message, code: known.code });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: 'The request cannot be served', code: 'MALFORMED_REQUEST' });
    if (isDatabaseError(err)) metrics.dbErrors.inc({ code: 'QUERY_FAILED' });
    console.error(`[admin-api] ${req.method} ${req.url.slice(0, 200)} failed:`, err);
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL_ERROR' });
  });

  // Every answer: nosniff, a CSP under which JSON can run nothing, never framed, never stored. A
  // route that means otherwise (the image proxy's public cache) sets its own value first.
  const securityHeaders = Object.entries(apiHeaders());
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of securityHeaders) if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });

  // RED per route: every answer counted by its route's operationId and status, timed; an error
  // answer also by its envelope's code (read back from the body: every error path writes one).
  const errorCodes = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string' && payload.length < 4096) {
      try {
        const code = (JSON.parse(payload) as { code?: unknown }).code;
        if (typeof code === 'string') errorCodes.set(req, code);
      } catch {
        /* not our envelope */
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const operation = operationOf(req);
    metrics.requests.inc({ operation, method: req.method, status: String(reply.statusCode) });
    metrics.duration.observe({ operation, method: req.method }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) metrics.errors.inc({ operation, code: errorCodes.get(req) ?? `HTTP_${reply.statusCode}` });
  });

  const routeNotFound = (req: FastifyRequest) => new ApiError(404, 'ROUTE_NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0].slice(0, 100)}`);
  app.setNotFoundHandler(async (req) => {
    throw routeNotFound(req);
  });

  // A preflight names the origin it asks for; without one it is no browser's (and @fastify/cors
  // would answer in plain text).
  app.addHook('onRequest', async (req) => {
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] && !req.headers.origin) {
      throw badRequest('A CORS preflight needs an Origin header', 'MALFORMED_REQUEST');
    }
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Timestamp', 'X-Nonce', 'X-Signature', 'Idempotency-Key'],
    exposedHeaders: ['Retry-After', 'Idempotent-Replayed', 'X-Total-Count', 'Content-Disposition'],
    maxAge: 600,
  });

  // Before the routes: a route registered earlier could not turn compression on.
  await registerCompression(app);

  // Requests being served now, so a shutdown can let them finish (server.ts) before it lets go of
  // the connections that are left.
  let serving = 0;
  app.decorate('servingRequests', () => serving);
  app.addHook('onRequest', async (_req, reply) => {
    serving++;
    reply.raw.once('close', () => serving--);
  });

  // Load shedding: a route that works on the database (the guard included) waits its turn, or is
  // refused at once (503 OVERLOADED), or dropped when its client leaves while it waits.
  const admission = new Admission({ maxInFlight: config.dbMaxInFlight, maxQueue: config.dbMaxQueue, timeoutMs: config.dbQueueTimeoutMs }, (reason) =>
    metrics.shed.inc({ reason }),
  );
  app.decorate('admission', admission);
  app.decorate('metrics', metrics);
  metrics.attach({ db, admission: () => admission.stats(), sessionIdleMs: config.sessionIdleMs });
  app.addHook('onRequest', async (req, reply) => {
    if (!req.routeOptions.config?.database) return;
    const release = await admission.enter(reply.raw);
    reply.raw.once('close', release);
  });
  warnOnUntrustedProxy(app, config.trustProxy, config.log);
  // (Each context's guard comes after these: see the two registrations below.)
  // A route without a body schema takes no body, and an unknown route none either: answered
  // before the body is read, whatever it holds.
  app.addHook('preParsing', async (req, _reply, payload) => {
    const sent = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (sent && !req.routeOptions.url) throw routeNotFound(req);
    if (sent && !req.routeOptions.schema?.body) throw badRequest('This route takes no request body', 'VALIDATION_ERROR');
    return payload;
  });
  // What PostgreSQL cannot store as sent is refused (400 naming the field), never altered.
  app.addHook('preHandler', async (req) => {
    const bad = findUnstorableText(req.body) ?? findUnstorableText(req.query) ?? findUnstorableText(req.params);
    if (bad) throw badRequest(`${bad.field} ${bad.reason}`);
  });

  // Every route comes from its contract entry (serve()); anything else registered is a mistake.
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*') return; // @fastify/cors's preflight handler
    const entry = routes.find((r) => r.operationId === route.config?.operationId);
    const methods = ([] as string[]).concat(route.method);
    if (!entry || entry.path !== route.url || !methods.every((m) => m === entry.method || (m === 'HEAD' && entry.method === 'GET'))) {
      throw new Error(`${methods.join(',')} ${route.url} is registered without its contract entry (@growth-admin/api-contract): use serve()`);
    }
  });

  // The back-office: its routes behind the API's guard, which refuses the control plane's deploy
  // tokens (403 DEPLOY_TOKEN_FORBIDDEN, nothing looked up). A sign-in answers the new session's
  // runtime config, which is the control plane's.
  const officeDeps = { config, db, metrics, runtimeConfigOf: (req: FastifyRequest, viewer: Viewer) => runtimeConfigFor(db, config, req, viewer) };
  await app.register(async function backOffice(office) {
    office.addHook('onRequest', guardHook(db, config, [refuseDeployTokens]));
    for (const register of [healthRoutes, authRoutes, sessionRoutes, administratorRoutes, auditRoutes, projectRoutes, personRoutes, orderRoutes, analyticsRoutes, imageRoutes, securityRoutes]) {
      register(office, officeDeps);
    }
  });

  // The release control plane: its routes, its guard (sessions and its deploy tokens), its audit of
  // deploy-token calls and its request decorator, in its own context. What it needs of the API is
  // these options.
  await app.register(controlPlane, {
    db,
    config,
    metrics,
    findSession: (q, token) => findSession(q, token, config.sessionIdleMs),
    guard: (schemes) => guardHook(db, config, schemes),
  });
  return app;
}
