// One typed function per call of spec section 7.
import { ApiError, toApiError } from './errors';
import { request } from './http';
import { call } from './typedCall';
import type {
  AdminSession,
  Administrator,
  AuditFilter,
  AuditPage,
  AuditQuery,
  LoginPayload,
  Me,
  Order,
  OrderKind,
  OrderSearchField,
  OrderStats,
  OrderStatusFilter,
  OrdersList,
  Person,
  PersonsList,
  Project,
  ProjectInput,
  DeployTokenRecord,
  NewDeployToken,
  CanaryJudgement,
  Release,
  RemoteRecord,
  RemoteReleases,
  RevenueStats,
  Role,
  Session,
  TrendPeriod,
  TrendPoint,
  UserStats,
  OrderSort,
  PersonSort,
} from './types';

export const PERSONS_PAGE_SIZE = 20;
export const ORDERS_PAGE_SIZE = 20;
export const RECENT_ORDERS_LIMIT = 10;
export const TRENDS_DEFAULT_DAYS = 30;

// --- releases (the release registry) ---------------------------------------

/** GET /api/admin/releases: every remote's active release and canary. */
export function getReleases(): Promise<RemoteReleases[]> {
  return call('get', '/api/admin/releases', {});
}

/** GET /api/admin/releases/:remote: its releases, newest first. */
export function getReleaseHistory(remote: string): Promise<Release[]> {
  return call('get', '/api/admin/releases/{remote}', { params: { remote } });
}

/** GET /api/admin/releases/:remote/judgement: the canary judge's verdict on its canary, each metric canary against stable. */
export function getCanaryJudgement(remote: string): Promise<CanaryJudgement> {
  return call('get', '/api/admin/releases/{remote}/judgement', { params: { remote } });
}

/**
 * GET /api/admin/releases/:remote/judgement?release=<id>: one release's figures: a past canary's
 * window with the judge's last verdict on it, or a release released to everyone at once with its own views.
 */
export function getReleaseJudgement(remote: string, releaseId: string): Promise<CanaryJudgement> {
  return call('get', '/api/admin/releases/{remote}/judgement', { params: { remote }, query: { release: releaseId } });
}

/** POST /api/admin/releases/:remote/promote (owners): the canary becomes active for everyone. */
export function promoteRelease(remote: string): Promise<Release> {
  return call('post', '/api/admin/releases/{remote}/promote', { params: { remote } });
}

/** POST /api/admin/releases/:remote/rollback (owners): the canary goes, or the active release goes back. */
export function rollbackRelease(remote: string, to?: string): Promise<{ active: Release; rolledBack: Release }> {
  return call('post', '/api/admin/releases/{remote}/rollback', { params: { remote }, body: to ? { to } : {} });
}

// --- remotes and deploy tokens (the registry's remotes; owners only) --------

/** What an owner gives to create a remote: its federation name, its team, the origin its files are served from. */
export interface NewRemoteInput {
  name: string;
  team: string;
  origin: string;
}

/** What an owner gives to make a deploy token scoped to one remote (expiry 1-365 days, 90 by default). */
export interface NewDeployTokenInput {
  name: string;
  remote: string;
  expiresInDays?: number;
}

/** GET /api/admin/remotes: every remote, live and decommissioned, in the order they were created. */
export function getRemotes(): Promise<RemoteRecord[]> {
  return call('get', '/api/admin/remotes', {});
}

/** POST /api/admin/remotes: the remote and its first deploy token (shown this once). */
export function createRemote(body: NewRemoteInput): Promise<{ remote: RemoteRecord; deployToken: NewDeployToken }> {
  return call('post', '/api/admin/remotes', { body });
}

/** POST /api/admin/remotes/:remote/decommission: its sections and contributions go, its tokens are revoked. */
export function decommissionRemote(remote: string): Promise<RemoteRecord> {
  return call('post', '/api/admin/remotes/{remote}/decommission', { params: { remote } });
}

/** GET /api/admin/deploy-tokens: every deploy token, never the tokens themselves. */
export function getDeployTokens(): Promise<DeployTokenRecord[]> {
  return call('get', '/api/admin/deploy-tokens', {});
}

/** POST /api/admin/deploy-tokens: a token scoped to one remote (shown this once). */
export function createDeployToken(body: NewDeployTokenInput): Promise<NewDeployToken> {
  return call('post', '/api/admin/deploy-tokens', { body });
}

/** POST /api/admin/deploy-tokens/:name/revoke: it stops working at once and stays listed. */
export function revokeDeployToken(name: string): Promise<DeployTokenRecord> {
  return call('post', '/api/admin/deploy-tokens/{name}/revoke', { params: { name } });
}

/** POST /api/admin/releases/failures: the shell reports a remote that failed to load or crashed. */
export function reportReleaseFailure(body: { releaseId: string; kind: 'load' | 'render'; message: string }): Promise<{ counted: boolean; rolledBack: boolean }> {
  return call('post', '/api/admin/releases/failures', { body });
}

// --- session ---------------------------------------------------------------

/** POST /api/admin/login. Fails with 'Invalid response format' when the answer has no data. */
export async function login(payload: LoginPayload): Promise<AdminSession> {
  let data: AdminSession | undefined;
  try {
    data = await call('post', '/api/admin/login', { body: payload, isLogin: true });
  } catch (err) {
    const error = toApiError(err);
    throw new ApiError(error.message || 'Login failed', error.status, error.code, error.retryAfter);
  }
  // A session the token store would not keep (empty token, no username) is no session.
  if (!data || typeof data.token !== 'string' || !data.token || typeof data.user?.username !== 'string') {
    throw new ApiError('Invalid response format', 500, 'INVALID_RESPONSE');
  }
  return data;
}

/** GET /api/admin/me: the signed-in administrator and their role now. */
export function getMe(): Promise<Me> {
  return call('get', '/api/admin/me', {});
}

/** GET /api/admin/account/sessions: my active sessions, `current` marking this one. */
export function getMySessions(): Promise<Session[]> {
  return call('get', '/api/admin/account/sessions', {});
}

/** GET /api/admin/sessions (owners): every administrator's active sessions. */
export function getAllSessions(): Promise<Session[]> {
  return call('get', '/api/admin/sessions', {});
}

/** Ends one session: one of mine, or (`anyone`, owners) anyone's. */
export function endSession(id: string, anyone = false): Promise<{ ended: number }> {
  return anyone ? call('delete', '/api/admin/sessions/{id}', { params: { id } }) : call('delete', '/api/admin/account/sessions/{id}', { params: { id } });
}

/** POST /api/admin/account/sessions/end-others: every session of mine but this one ends. */
export function endMyOtherSessions(): Promise<{ ended: number }> {
  return call('post', '/api/admin/account/sessions/end-others', {});
}

/** POST /api/admin/account/reauthenticate: the password again (step-up), recorded on this session. */
export function reauthenticate(password: string): Promise<{ reauthenticated: boolean; validForSeconds: number }> {
  return call('post', '/api/admin/account/reauthenticate', { body: { password } });
}

/** GET /api/admin/administrators (owners). */
export function getAdministrators(): Promise<Administrator[]> {
  return call('get', '/api/admin/administrators', {});
}

/** POST /api/admin/administrators (owners). */
export function addAdministrator(body: { username: string; role: Role; password: string }): Promise<Administrator> {
  return call('post', '/api/admin/administrators', { body });
}

/** PUT /api/admin/administrators/:id (owners): role, disabled, or a new password. */
export function updateAdministrator(id: string, body: { role?: Role; disabled?: boolean; password?: string }): Promise<Administrator> {
  return call('put', '/api/admin/administrators/{id}', { params: { id }, body });
}

/** POST /api/admin/account/password: my own password; my other sessions end. */
export function changeOwnPassword(body: { currentPassword: string; newPassword: string }): Promise<{ changed: boolean; otherSessionsEnded: number }> {
  return call('post', '/api/admin/account/password', { body });
}

/** GET /api/admin/audit: a page of the audit log, newest first. */
export function getAudit(query: Partial<AuditQuery>): Promise<AuditPage> {
  return call('get', '/api/admin/audit', { query: { page: 1, pageSize: 20, ...query } });
}

/** GET /api/admin/audit/export.csv: every entry of the filter as a CSV file (the API streams it; the export is audited). */
export async function exportAuditCsv(filter: AuditFilter): Promise<Blob> {
  return (await request<Response>('GET', '/api/admin/audit/export.csv', { query: { ...filter }, raw: true })).blob();
}

/** POST /api/admin/logout for the stored session, or for `token` (a sign-out retried later). */
export function logout(token?: string): Promise<unknown> {
  return call('post', '/api/admin/logout', token ? { token } : undefined);
}

// --- projects --------------------------------------------------------------

export function getProjects(): Promise<Project[]> {
  return call('get', '/api/admin/projects');
}

export function getProject(id: string): Promise<Project> {
  return call('get', '/api/admin/projects/{id}', { params: { id } });
}

export function createProject(project: ProjectInput): Promise<Project> {
  return call('post', '/api/admin/projects', { body: project });
}

export function updateProject(id: string, project: ProjectInput): Promise<Project> {
  return call('put', '/api/admin/projects/{id}', { params: { id }, body: project });
}

export function deleteProject(id: string): Promise<unknown> {
  return call('delete', '/api/admin/projects/{id}', { params: { id } });
}

// --- persons ---------------------------------------------------------------

export interface PersonsListParams {
  page?: number;
  pageSize?: number;
  customName?: string;
  /** Exact region code (the dashboard's drill-down). */
  lastClientRegion?: string;
  /** Newest users first without one. */
  sort?: PersonSort;
}

export function getPersons({ page = 1, pageSize = PERSONS_PAGE_SIZE, ...filters }: PersonsListParams = {}): Promise<PersonsList> {
  return call('get', '/api/admin/persons/list', { query: { page, pageSize, ...filters } });
}

/** GET /persons/query: one lookup by id (customId) or by customName. */
export function queryPerson(params: { id?: string; customName?: string }): Promise<Person> {
  return call('get', '/api/admin/persons/query', { query: params });
}

/** POST /persons/add-money; answers the person with the new balance. Pass one key per user action (createActionKeys). */
export function addMoney(personId: string, amount: number, idempotencyKey?: string): Promise<Person> {
  return call('post', '/api/admin/persons/add-money', { body: { personId, amount }, idempotencyKey });
}

// --- orders and payments -----------------------------------------------------

export interface OrdersParams {
  /** Zero-based (the UI page minus 1). */
  page?: number;
  limit?: number;
  shoppingUser?: string;
  personId?: string;
  orderSn?: string;
  status?: OrderStatusFilter;
  /** Exact product type (heart, watch, ...). */
  productType?: string;
  /** Created at or after (ISO instant, inclusive). */
  createdFrom?: string;
  /** Created before (ISO instant, exclusive). */
  createdTo?: string;
  /** Newest first without one. */
  sort?: OrderSort;
}

const ORDER_PATHS = {
  orders: '/api/admin/orders/orderList',
  payments: '/api/admin/orders/rechargeOrderList',
} as const satisfies Record<OrderKind, string>;

/**
 * Lists orders or payments. A failed fetch throws, as every call does: React Query then retries it
 * and the list shows its error state; the list then shows spec 8's empty list with total 0
 * (orders-mfe's useOrdersList).
 */
export async function getOrdersOf(
  kind: OrderKind,
  { page = 0, limit = ORDERS_PAGE_SIZE, ...filters }: OrdersParams = {},
): Promise<OrdersList> {
  const data: OrdersList = await call('get', ORDER_PATHS[kind], { query: { page, limit, ...filters } });
  return { orders: data?.orders ?? [], total: data?.total ?? 0 };
}

export function getOrders(params?: OrdersParams): Promise<OrdersList> {
  return getOrdersOf('orders', params);
}

export function getPayments(params?: OrdersParams): Promise<OrdersList> {
  return getOrdersOf('payments', params);
}

/** A user's recent orders: personId, limit 10, page 0. */
export function getUserRecentOrders(personId: string, kind: OrderKind = 'orders'): Promise<OrdersList> {
  return getOrdersOf(kind, { personId, limit: RECENT_ORDERS_LIMIT, page: 0 });
}

/**
 * Builds the search part of an orders query from the chosen search type and text. An order number
 * may be pasted as the screens show it ('#100000029998'): the '#' is not part of it.
 */
export function orderSearchParams(field: OrderSearchField, text: string): Partial<OrdersParams> {
  const trimmed = text.trim();
  const value = field === 'orderSn' ? trimmed.replace(/^#\s*/, '') : trimmed;
  return value ? { [field]: value } : {};
}

/** POST /orders/refundOrder; pass one key per user action (createActionKeys). */
export function refundOrder(orderId: string, idempotencyKey?: string): Promise<Order> {
  return call('post', '/api/admin/orders/refundOrder', { body: { orderId }, idempotencyKey });
}

// --- analytics -------------------------------------------------------------

export function getOrderStats(): Promise<OrderStats> {
  return call('get', '/api/admin/analytics/orders');
}

export function getUserStats(): Promise<UserStats> {
  return call('get', '/api/admin/analytics/users');
}

export function getRevenueStats(): Promise<RevenueStats> {
  return call('get', '/api/admin/analytics/revenue');
}

/** The calendar days a trends query covers (YYYY-MM-DD, both included, in the query's time zone). */
export interface TrendRange {
  from: string;
  to: string;
}

/** The browser's IANA time zone (Europe/Berlin): the days the lists read their date filters in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Trends over the last `window` days (default 30), or over a range of days; with `timeZone` the
 * API counts days and weeks (and reads the range) in that zone, else in UTC.
 */
export function getTrends(period: TrendPeriod = 'day', window: number | TrendRange = TRENDS_DEFAULT_DAYS, timeZone?: string): Promise<TrendPoint[]> {
  const tz = timeZone ? { tz: timeZone } : {};
  if (typeof window === 'number') return call('get', '/api/admin/analytics/trends', { query: { period, days: window, ...tz } });
  // The generated type marks `days` required because the API gives it a default; with a range the API ignores it.
  const query = { period, from: window.from, to: window.to, ...tz } as { period: TrendPeriod; days: number; from: string; to: string; tz?: string };
  return call('get', '/api/admin/analytics/trends', { query });
}
