// @growth-admin/api-contract: every admin API route, by resource. The browser imports types only
// (`import type`): it ships no TypeBox. The release control plane's routes are releases.ts and
// remotes.ts (the API's src/controlPlane imports them alone, by the subpaths of package.json's
// exports, with route.ts and remoteMeta.ts they are built on); every other module is the
// back-office's.
import type { Static } from '@sinclair/typebox';
import * as administrators from './administrators';
import * as analytics from './analytics';
import * as audit from './audit';
import * as auth from './auth';
import * as health from './health';
import * as images from './images';
import * as orders from './orders';
import * as persons from './persons';
import * as projects from './projects';
import type { RouteSpec } from './route';
import * as releases from './releases';
import * as remotes from './remotes';
import * as security from './security';
import * as sessions from './sessions';

export * from './route';
export * from './dates';
export { openApiDocument, type OpenApiOptions } from './openapi';
export { auth, sessions, administrators, audit, projects, persons, orders, analytics, images, security, health, releases, remotes };
export { REMOTE_FILES, SHELL_CONTRACT_FILE, SECTION_ICONS, RemoteMeta as RemoteMetaSchema, type SectionIcon, type RemoteMeta, type SectionMeta, type ContributionMeta, type Composition, type ComposedSection, type ComposedContribution } from './remoteMeta';
export { REGIONS, PRODUCT_SLOTS } from './projects';
export { ORDER_STATUSES, ORDER_SORTS } from './orders';
export { PERSON_SORTS, PERSON_EXPORT_COLUMNS } from './persons';
export { PASSWORD_MIN_LENGTH } from './administrators';
export { TREND_PERIODS, TRENDS_MAX_DAYS } from './analytics';
export { RELEASE_STATES, FAILURE_KINDS, JUDGE_METRICS, SERIES_BUCKETS, VERDICTS, MEASUREMENTS_PER_BATCH, PREVIEW_STATUSES } from './releases';

/** Every route of the API, in the order of the OpenAPI document. */
export const routes: readonly RouteSpec[] = [
  auth.login,
  auth.me,
  auth.logout,
  sessions.listMySessions,
  sessions.endMySession,
  sessions.endMyOtherSessions,
  sessions.listAllSessions,
  sessions.endAnySession,
  sessions.reauthenticate,
  administrators.listAdmins,
  administrators.addAdmin,
  administrators.updateAdmin,
  administrators.changeOwnPassword,
  audit.listAudit,
  audit.exportAudit,
  projects.listProjects,
  projects.getProject,
  projects.createProject,
  projects.updateProject,
  projects.deleteProject,
  persons.listPersons,
  persons.queryPerson,
  persons.addMoney,
  persons.exportPersons,
  orders.listOrders,
  orders.listPayments,
  orders.refundOrder,
  orders.exportOrders,
  orders.exportPayments,
  analytics.getUserStats,
  analytics.getRevenueStats,
  analytics.getTrends,
  analytics.getOrderStats,
  images.proxyImage,
  security.reportCspViolations,
  security.listCspReports,
  releases.getRuntimeConfig,
  releases.listReleases,
  releases.releaseHistory,
  releases.registerRelease,
  releases.promoteRelease,
  releases.rollbackRelease,
  releases.reportReleaseFailure,
  releases.reportVitals,
  releases.canaryJudgement,
  releases.registerPreview,
  releases.listPreviews,
  releases.deletePreview,
  releases.enterPreview,
  releases.leavePreview,
  releases.setOverride,
  releases.endOverride,
  releases.listMyOverrides,
  remotes.listRemotes,
  remotes.createRemote,
  remotes.decommissionRemote,
  remotes.listDeployTokens,
  remotes.createDeployToken,
  remotes.revokeDeployToken,
  health.health,
  health.ready,
  health.openApi,
];

// Entity and answer types (spec 3), for the server and the browser alike.
export type AdminSession = Static<typeof auth.AdminSession>;
export type LoginPayload = Static<typeof auth.LoginPayload>;
export type Me = Static<typeof auth.me.data>;
export type Session = Static<typeof sessions.Session>;
export type Administrator = Static<typeof administrators.Administrator>;
export type AuditEntry = Static<typeof audit.AuditEntry>;
export type AuditQuery = Static<typeof audit.AuditQuery>;
export type AuditPage = Static<typeof audit.listAudit.data>;
export type AuditFilter = Static<typeof audit.AuditExportQuery>;
export type Project = Static<typeof projects.Project>;
export type ProjectInput = Static<typeof projects.ProjectInput>;
export type BlockedRegion = (typeof projects.REGIONS)[number];
export type ProductSlot = (typeof projects.PRODUCT_SLOTS)[number];
export type Person = Static<typeof persons.Person>;
export type PersonsList = Static<typeof persons.PersonsList>;
export type Order = Static<typeof orders.Order>;
export type OrdersList = Static<typeof orders.OrdersList>;
export type OrdersQuery = Static<typeof orders.OrdersQuery>;
export type OrderStatusFilter = (typeof orders.ORDER_STATUSES)[number];
export type OrderSort = (typeof orders.ORDER_SORTS)[number];
export type PersonSort = (typeof persons.PERSON_SORTS)[number];
export type PersonsQuery = Static<typeof persons.listPersons.querystring>;
export type UserStats = Static<typeof analytics.UserStats>;
export type RevenueStats = Static<typeof analytics.RevenueStats>;
export type TrendPoint = Static<typeof analytics.TrendPoint>;
export type TrendPeriod = (typeof analytics.TREND_PERIODS)[number];
export type OrderStats = Static<typeof analytics.OrderStats>;
export type CspReport = Static<typeof security.CspReport>;
// The release control plane's (releases.ts, remotes.ts: also importable alone as
// @growth-admin/api-contract/releases and /remotes, as the API's control plane does).
export type { Release, RemoteReleases, RegistryRuntimeConfig, ReleaseInput, CanaryJudgement, MetricCheck, JudgementSeriesPoint, VitalsBatch, Preview, SessionPreview, MyOverride } from './releases';
export type { RemoteRecord, DeployTokenRecord, NewDeployToken } from './remotes';
/** The `data` a route answers. */
export type DataOf<R extends RouteSpec> = R['data'] extends import('@sinclair/typebox').TSchema ? Static<R['data']> : never;
