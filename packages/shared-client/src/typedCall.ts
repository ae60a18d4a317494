// Every call of api.ts goes through `call`, typed by the OpenAPI document's own generated types
// (src/generated/adminApi.ts): the path must be one the document lists with that method, the path
// parameters, query and body must be what it describes, an Idempotency-Key only where it accepts
// one, and the answer's `data` is what it promises. A document that drifts from what the browser
// sends therefore fails `tsc`, in the test command.
import type { paths } from './generated/adminApi';
import { request, type QueryValue } from './http';

type Method = 'get' | 'post' | 'put' | 'delete';
export type ApiPath = keyof paths;
type IsNever<T> = [T] extends [never] ? true : false;

/** The methods the document defines on a path. */
export type MethodOf<P extends ApiPath> = {
  [M in Method]: IsNever<NonNullable<paths[P][M]>> extends true ? never : M;
}[Method];
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;

type Parameters_<O> = O extends { parameters: infer X } ? X : never;
type PathParams<O> = Parameters_<O> extends { path: infer X } ? X : never;
type QueryParams<O> = Parameters_<O> extends { query?: infer Q } ? Q : never;
type Headers_<O> = Parameters_<O> extends { header?: infer H } ? NonNullable<H> : never;
type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** The `data` of the 200 answer (undefined for an operation that answers none). */
export type DataOf<P extends ApiPath, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : undefined;

type CallInput<O> = (IsNever<PathParams<O>> extends true ? { params?: never } : { params: PathParams<O> }) &
  (IsNever<JsonBody<O>> extends true ? { body?: never } : { body: JsonBody<O> }) &
  (IsNever<QueryParams<O>> extends true ? { query?: never } : { query?: QueryParams<O> }) &
  ('idempotency-key' extends keyof Headers_<O>
    ? IsNever<Headers_<O>> extends true
      ? { idempotencyKey?: never }
      : { idempotencyKey?: string }
    : { idempotencyKey?: never }) & {
    /** The login call: its 401 is a wrong password, not an expired session. */
    isLogin?: boolean;
    /** Another session token than the stored one (see RequestOptions.token). */
    token?: string;
  };

/** The input may be left out only when nothing in it is required. */
type CallArgs<O> = object extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>];

/** `/api/admin/projects/{id}` with `{ id: 'a b' }` → `/api/admin/projects/a%20b`. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** One signed call, checked against the document at compile time. */
export function call<P extends ApiPath, M extends MethodOf<P>>(
  method: M,
  path: P,
  ...[input]: CallArgs<Operation<P, M>>
): Promise<DataOf<P, M>> {
  const { params, query, body, idempotencyKey, isLogin, token } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    idempotencyKey?: string;
    isLogin?: boolean;
    token?: string;
  };
  return request<DataOf<P, M>>(method.toUpperCase(), fillPath(path, params), { query, body, idempotencyKey, isLogin, token });
}
