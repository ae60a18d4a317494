// The OpenAPI 3.1 document, generated from the routes: what an integrator feeds to a client
// generator or a linter. Entities with an `$id` (Project, Person, Order) become components; every
// operation names its security (the bearer token and the three signature headers), its inputs, its
// success answer and each error status with the codes it can carry.
import type { TSchema } from '@sinclair/typebox';
import { ErrorBody, errorsOf, type Access, type RouteSpec, type Tag } from './route';

export interface OpenApiOptions {
  /** The API's public base URLs (`servers`), e.g. ['http://localhost:4000']. */
  servers: string[];
  version: string;
}

type Json = Record<string, unknown>;

const TAGS: Record<Tag, string> = {
  administrators: 'Administrators and their own accounts (owners manage administrators)',
  audit: 'The audit log (read only)',
  session: 'Signing in and out, sessions and step-up re-authentication',
  projects: 'App configurations',
  persons: 'App users and their coins',
  orders: 'Growth orders, recharge payments and refunds',
  analytics: 'Dashboard figures',
  images: 'The avatar image proxy',
  security: 'Content-Security-Policy violation reports',
  releases: 'The release registry: each remote’s active release and canary, the runtime config the shell boots from',
  health: 'Liveness and readiness for load balancers',
};

const SIGNING = `Every call but the public ones is signed: \`X-Timestamp\` is the current time in milliseconds (within 5 minutes of the server clock), \`X-Nonce\` a random 21-character id of \`[A-Za-z0-9_-]\` used once, and \`X-Signature\` the hex HMAC-MD5 of \`<timestamp>_<nonce>\` under the signing key. A signature problem answers 403 (never 401). Every call but sign-in also sends \`Authorization: Bearer <token>\` with the token sign-in answered.`;

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  signed: [{ timestamp: [], nonce: [], signature: [] }],
  admin: [{ bearer: [], timestamp: [], nonce: [], signature: [] }],
};

/** A plain JSON copy (TypeBox's symbols dropped) with entities replaced by component references. */
function toJson(schema: TSchema, components: Json, top = false): Json {
  const walk = (value: unknown, top: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, false));
    if (!value || typeof value !== 'object') return value;
    const obj = value as Json;
    if (typeof obj.$id === 'string' && !top) {
      if (!components[obj.$id]) components[obj.$id] = walk(obj, true);
      return { $ref: `#/components/schemas/${obj.$id}` };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(obj)) if (k !== '$id') out[k] = walk(v, false);
    return out;
  };
  return walk(JSON.parse(JSON.stringify(schema)), top) as Json;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parameters(r: RouteSpec, components: Json): Json[] {
  const list: Json[] = [];
  const add = (where: 'path' | 'query' | 'header', object: TSchema | undefined) => {
    if (!object) return;
    const json = toJson(object, components) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = schema;
      list.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
    }
  };
  add('path', r.params);
  add('query', r.querystring);
  add('header', r.headers);
  return list;
}

function errorResponses(r: RouteSpec): Json {
  const byStatus = new Map<number, Array<{ code: string; when: string }>>();
  for (const e of errorsOf(r)) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e]);
  const out: Json = {};
  for (const [status, cases] of [...byStatus.entries()].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: cases.map((c) => `\`${c.code}\`: ${c.when}`).join('; '),
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/ErrorBody' }, { type: 'object', properties: { code: { type: 'string', enum: [...new Set(cases.map((c) => c.code))] } } }],
          },
        },
      },
    };
  }
  return out;
}

function successResponse(r: RouteSpec, components: Json): Json {
  if (r.data === null) {
    const raw = r.raw ?? { status: 204 as const, description: 'Done' };
    const content = raw.contentType ? { content: { [raw.contentType]: { schema: { type: 'string', contentMediaType: raw.contentType } } } } : {};
    return { [String(raw.status)]: { description: raw.description, ...content } };
  }
  const data = toJson(r.data, components);
  return {
    '200': {
      description: 'Success: the answer is `{ data }`',
      content: { 'application/json': { schema: { type: 'object', required: ['data'], additionalProperties: false, properties: { data } } } },
    },
  };
}

function requestBody(r: RouteSpec, components: Json): Json | undefined {
  if (!r.body) return undefined;
  const schema = toJson(r.body, components);
  return { required: true, content: Object.fromEntries((r.bodyContentTypes ?? ['application/json']).map((t) => [t, { schema }])) };
}

/** The whole document. */
export function openApiDocument(routes: readonly RouteSpec[], options: OpenApiOptions): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const r of routes) {
    const operation: Json = {
      operationId: r.operationId,
      summary: r.summary,
      description: r.description,
      tags: [r.tag],
      security: SECURITY[r.access],
      parameters: parameters(r, components),
      ...(requestBody(r, components) ? { requestBody: requestBody(r, components) } : {}),
      responses: { ...successResponse(r, components), ...errorResponses(r) },
    };
    (paths[openApiPath(r.path)] ??= {})[r.method.toLowerCase()] = operation;
  }
  const usedTags = [...new Set(routes.map((r) => r.tag))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Growth Admin API',
      version: options.version,
      description: `The admin API of Growth Admin. Success answers are HTTP 200 \`{ "data": ... }\`; failures carry \`{ "message", "code" }\` with a 4xx or 5xx status.\n\n${SIGNING}`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: options.servers.map((url) => ({ url })),
    tags: usedTags.map((name) => ({ name, description: TAGS[name] })),
    paths,
    components: {
      schemas: { ...components, ErrorBody: toJson(ErrorBody, components, true) },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The session token answered by login' },
        timestamp: { type: 'apiKey', in: 'header', name: 'X-Timestamp', description: 'The current time in milliseconds' },
        nonce: { type: 'apiKey', in: 'header', name: 'X-Nonce', description: 'A random 21-character id of [A-Za-z0-9_-], never reused' },
        signature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: 'Hex HMAC-MD5 of `<timestamp>_<nonce>` under the signing key' },
      },
    },
  };
}
