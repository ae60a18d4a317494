// What a route is: method, path, who may call it, its inputs, the `data` it answers and every
// error code it can answer. The admin API registers each route from this description (validation and
// serialization), the OpenAPI document is generated from it, and the browser takes its types.
import { Type, type TObject, type TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: `public` (anyone; browsers load it without our headers), `signed` (the
 * request signature: sign-in), `admin` (signature and a live session token).
 */
export type Access = 'public' | 'signed' | 'admin';

/**
 * An administrator's role, from least to most: `viewer` reads only; `operator` also moves money
 * and changes projects; `owner` also manages administrators and releases.
 */
export const ROLES = ['viewer', 'operator', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** Whether `role` is at least `needed`. */
export const roleAllows = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** The resource a route belongs to (an OpenAPI tag). */
export type Tag = 'session' | 'administrators' | 'audit' | 'projects' | 'persons' | 'orders' | 'analytics' | 'images' | 'security' | 'releases' | 'health';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 431 | 500 | 503;

/** One error a route can answer: its status, machine code, and when. */
export interface ErrorCase {
  status: ErrorStatus;
  code: string;
  when: string;
}

export interface RouteSpec {
  method: HttpMethod;
  /** Fastify-style path, parameters as `:name`. */
  path: string;
  /** A method name for generated clients, e.g. `listProjects`. */
  operationId: string;
  tag: Tag;
  summary: string;
  description: string;
  access: Access;
  /** For `admin` routes, the least role that may call it (default `viewer`: every administrator). */
  role?: Role;
  /**
   * Also callable with a deploy token instead of a session (`Authorization: Bearer deploy_…`, still
   * signed): the release commands and CI. A deploy token may call these routes only.
   */
  deployToken?: boolean;
  params?: TObject;
  querystring?: TObject;
  body?: TSchema;
  /** The largest body the route takes, in bytes (default: the server's, 256 KB). */
  bodyLimit?: number;
  /** The body's content types (default application/json). */
  bodyContentTypes?: readonly string[];
  /** Request headers the route reads besides the access headers (e.g. Idempotency-Key). */
  headers?: TObject;
  /**
   * The `data` of the 200 answer `{ data }`. `null`: no JSON envelope; `raw` then says what the
   * success answer is instead.
   */
  data: TSchema | null;
  raw?: { status: 200 | 204; contentType?: string; description: string };
  /** The errors of this route besides those every route of its access and inputs can answer. */
  errors?: readonly ErrorCase[];
}

/** Declares a route, keeping its literal types (so `Static<typeof r.data>` is exact). */
export const route = <const R extends RouteSpec>(spec: R): R => spec;

/** `{ data: T }`: every JSON success answer. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data }, { additionalProperties: false });

/** Every failure answer: a status and `{ message, code }`. */
export const ErrorBody = Type.Object(
  {
    message: Type.String({ description: 'One human sentence naming the field or the problem' }),
    code: Type.String({ description: 'A machine code (see each operation’s error responses)' }),
  },
  { $id: 'ErrorBody', additionalProperties: false },
);

/**
 * The optional Idempotency-Key header of a money call: one key per user action, reused when the
 * same action is retried. A repeat answers the first result (with `Idempotent-Replayed: true`) and
 * changes nothing; kept 48 hours.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{8,128}$', description: 'One key per user action (8 to 128 of [A-Za-z0-9_-]), reused when the same action is retried' }),
  ),
});
/** A refund, or an add-coins above the step-up amount, without the password entered in the last 5 minutes. */
export const STEP_UP_REQUIRED: ErrorCase = {
  status: 403,
  code: 'STEP_UP_REQUIRED',
  when: 'the password was not entered in the last 5 minutes: re-authenticate (POST /api/admin/account/reauthenticate), then retry with the same Idempotency-Key; nothing was changed',
};
export const IDEMPOTENCY_KEY_REUSED: ErrorCase = { status: 422, code: 'IDEMPOTENCY_KEY_REUSED', when: 'the Idempotency-Key was used before for another request' };

/** An entity id: a digit string. */
export const Id = (description: string) => Type.String({ pattern: '^[0-9]{1,18}$', description });

const SIGNATURE_ERRORS: ErrorCase[] = [
  { status: 403, code: 'SIGNATURE_MISSING', when: 'X-Timestamp, X-Nonce or X-Signature is missing (the message names them)' },
  { status: 403, code: 'TIMESTAMP_INVALID', when: 'X-Timestamp is not a time in milliseconds' },
  { status: 403, code: 'TIMESTAMP_EXPIRED', when: 'X-Timestamp is more than 5 minutes away from the server clock' },
  { status: 403, code: 'NONCE_INVALID', when: 'X-Nonce is not a 21-character id of [A-Za-z0-9_-]' },
  { status: 403, code: 'SIGNATURE_INVALID', when: 'X-Signature is not the HMAC-MD5 of `<timestamp>_<nonce>` under the signing key' },
  { status: 403, code: 'NONCE_REPLAYED', when: 'X-Nonce was used before: a replayed request' },
];
const TOKEN_ERRORS: ErrorCase[] = [
  { status: 401, code: 'TOKEN_MISSING', when: 'no Authorization: Bearer <token> header' },
  { status: 401, code: 'TOKEN_INVALID', when: 'the token is malformed or unknown, or its session was signed out or ended (or its administrator disabled)' },
  { status: 401, code: 'SESSION_EXPIRED', when: 'the session was idle past the idle timeout (default 30 minutes) or is past its absolute lifetime (default 12 hours): sign in again' },
];
/** Every route validates its query string (unknown parameters are refused), so every route has inputs. */
const INPUT_ERRORS: ErrorCase[] = [
  { status: 400, code: 'VALIDATION_ERROR', when: 'an input breaks the schema, an unknown query parameter, text PostgreSQL cannot store as sent (NUL, a lone surrogate): the message names the field' },
];
const BODY_ERRORS: ErrorCase[] = [
  { status: 400, code: 'INVALID_JSON', when: 'the body is not valid JSON' },
  { status: 400, code: 'BODY_TOO_DEEP', when: 'the body nests arrays or objects more than 64 levels deep' },
  { status: 413, code: 'BODY_TOO_LARGE', when: 'the body is larger than the route allows (256 KB unless the route says less)' },
  { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', when: 'the body is not application/json' },
];
/** What any request can meet before a route sees it. */
const REQUEST_ERRORS: ErrorCase[] = [
  { status: 400, code: 'MALFORMED_REQUEST', when: 'the URL or the headers cannot be read (bad percent-encoding), or a CORS preflight without an Origin' },
  { status: 431, code: 'HEADERS_TOO_LARGE', when: 'the request line or the headers are too large' },
];
const SERVER_ERRORS: ErrorCase[] = [{ status: 500, code: 'INTERNAL_ERROR', when: 'an unexpected failure (logged); no input may cause it' }];
/** What any route that works on the database can answer when it cannot serve now: nothing was stored. */
const DATABASE_ERRORS: ErrorCase[] = [
  { status: 503, code: 'OVERLOADED', when: 'too many requests are waiting for the database: retry after Retry-After seconds' },
  { status: 503, code: 'DATABASE_UNAVAILABLE', when: 'the database server cannot be reached: retry after Retry-After seconds' },
  { status: 503, code: 'DATA_DIR_LOST', when: 'the embedded database’s folder disappeared or was replaced while serving' },
];

const roleError = (role: Role): ErrorCase => ({
  status: 403,
  code: 'ROLE_FORBIDDEN',
  when: `the signed-in administrator's role is below ${role}: nothing is changed`,
});

const DEPLOY_TOKEN_FORBIDDEN: ErrorCase = { status: 403, code: 'DEPLOY_TOKEN_FORBIDDEN', when: 'a deploy token was sent: it may call the release routes only' };
const DEPLOY_TOKEN_SCOPE: ErrorCase = { status: 403, code: 'DEPLOY_TOKEN_SCOPE', when: 'the deploy token is scoped to another remote: nothing is changed' };

/** Every error a route can answer: those of its access, of its inputs, and its own. */
export function errorsOf(r: RouteSpec): ErrorCase[] {
  return [
    ...REQUEST_ERRORS,
    ...INPUT_ERRORS,
    ...(r.body ? BODY_ERRORS : []),
    ...(r.access === 'public' ? [] : SIGNATURE_ERRORS),
    ...(r.access === 'admin' ? TOKEN_ERRORS : []),
    ...(r.access === 'admin' && r.role && r.role !== 'viewer' ? [roleError(r.role)] : []),
    ...(r.access === 'admin' && !r.deployToken ? [DEPLOY_TOKEN_FORBIDDEN] : []),
    ...(r.access === 'admin' && r.deployToken ? [DEPLOY_TOKEN_SCOPE] : []),
    ...(r.errors ?? []),
    ...(r.tag === 'health' ? [] : DATABASE_ERRORS),
    ...SERVER_ERRORS,
  ];
}
