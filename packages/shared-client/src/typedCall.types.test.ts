// Type tests of the typed call (typedCall.ts): `call` is typed end to end over the API contract's
// routes (the OpenAPI document's generated types). Each `@ts-expect-error` line below must be a type
// error, and each `Expect<…>` must hold, or `tsc` fails: in `npm run typecheck` and the package's
// own typecheck, which compile this file with the rest of src/. The checks sit in a function that
// is never called (no request is sent); jest only runs the line that says so.
import { call, type ApiPath, type DataOf, type MethodOf } from './typedCall';
import type { Administrator, AdminSession, Me, Order, OrdersList, Person, Project } from './types';

/** Exactly the same type (not only assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Each assignable to the other: the contract's generated type and api-contract's TypeBox type agree. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;

export function typeChecksOfCall(): void {
  // --- paths: the contract's, and only those -----------------------------------------------------
  type _listed = Expect<Equal<'/api/admin/projects' extends ApiPath ? true : false, true>>;
  type _unlisted = Expect<Equal<'/api/admin/projects/all' extends ApiPath ? true : false, false>>;
  // @ts-expect-error a path the contract does not list
  void call('get', '/api/admin/projects/all');
  // @ts-expect-error a path written as the URL, not as the contract's template
  void call('get', '/api/admin/projects/42');

  // --- methods: each path's own ---------------------------------------------------------------
  type _methods = Expect<Equal<MethodOf<'/api/admin/projects/{id}'>, 'get' | 'put' | 'delete'>>;
  type _loginOnly = Expect<Equal<MethodOf<'/api/admin/login'>, 'post'>>;
  // @ts-expect-error the contract has no POST on one project
  void call('post', '/api/admin/projects/{id}', { params: { id: 'p1' } });
  // @ts-expect-error nor a GET of the login
  void call('get', '/api/admin/login', {});

  // --- path parameters: required, by their names ----------------------------------------------
  void call('get', '/api/admin/projects/{id}', { params: { id: 'p1' } });
  // @ts-expect-error the {id} parameter is missing
  void call('get', '/api/admin/projects/{id}');
  // @ts-expect-error another parameter's name
  void call('get', '/api/admin/projects/{id}', { params: { projectId: 'p1' } });
  // @ts-expect-error a path without parameters takes none
  void call('get', '/api/admin/projects', { params: { id: 'p1' } });

  // --- query: the route's parameters, their types and enums -------------------------------------
  void call('get', '/api/admin/orders/orderList', { query: { page: 0, limit: 10, status: 'refunded', sort: 'paymentMoney.desc' } });
  // @ts-expect-error a status outside the contract's enum
  void call('get', '/api/admin/orders/orderList', { query: { page: 0, limit: 10, status: 'lost' } });
  // @ts-expect-error a parameter the route does not take
  void call('get', '/api/admin/orders/orderList', { query: { page: 0, limit: 10, pageNumber: 2 } });
  // @ts-expect-error the page is a number
  void call('get', '/api/admin/orders/orderList', { query: { page: '0', limit: 10 } });
  // @ts-expect-error a route without a query takes none
  void call('get', '/api/admin/me', { query: { verbose: true } });

  // --- body: the route's, required where it has one, absent where it has none --------------------
  void call('post', '/api/admin/persons/add-money', { body: { personId: 'u1', amount: 5 } });
  // @ts-expect-error the amount is missing
  void call('post', '/api/admin/persons/add-money', { body: { personId: 'u1' } });
  // @ts-expect-error the amount is a number
  void call('post', '/api/admin/persons/add-money', { body: { personId: 'u1', amount: '5' } });
  // @ts-expect-error a POST with a body needs it
  void call('post', '/api/admin/persons/add-money');
  // @ts-expect-error a GET sends none
  void call('get', '/api/admin/projects', { body: {} });

  // --- Idempotency-Key: only where the contract accepts one --------------------------------------
  void call('post', '/api/admin/orders/refundOrder', { body: { orderId: 'o1' }, idempotencyKey: 'key-of-this-action' });
  // @ts-expect-error signing out is not a money call
  void call('post', '/api/admin/logout', { idempotencyKey: 'key-of-this-action' });
  // @ts-expect-error nor is deleting a project
  void call('delete', '/api/admin/projects/{id}', { params: { id: 'p1' }, idempotencyKey: 'key-of-this-action' });

  // --- the answer: the `data` of the route's 200, which api-contract's types name ---------------
  type _me = Expect<Same<DataOf<'/api/admin/me', 'get'>, Me>>;
  type _session = Expect<Same<DataOf<'/api/admin/login', 'post'>, AdminSession>>;
  type _projects = Expect<Same<DataOf<'/api/admin/projects', 'get'>, Project[]>>;
  type _orders = Expect<Same<DataOf<'/api/admin/orders/orderList', 'get'>, OrdersList>>;
  type _refund = Expect<Same<DataOf<'/api/admin/orders/refundOrder', 'post'>, Order>>;
  type _addMoney = Expect<Same<DataOf<'/api/admin/persons/add-money', 'post'>, Person>>;
  type _admins = Expect<Same<DataOf<'/api/admin/administrators', 'get'>, Administrator[]>>;
  const me: Promise<Me> = call('get', '/api/admin/me', {});
  // @ts-expect-error the answer of GET /me is no list of projects
  const notProjects: Promise<Project[]> = call('get', '/api/admin/me', {});
  // @ts-expect-error nor is a person an order
  const notAnOrder: Promise<Order> = call('post', '/api/admin/persons/add-money', { body: { personId: 'u1', amount: 5 } });
  void [me, notProjects, notAnOrder];
}

test('the type checks above are compiled by tsc (npm run typecheck); nothing here runs them', () => {
  expect(typeof typeChecksOfCall).toBe('function');
});
