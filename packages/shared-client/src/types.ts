// The entity and answer types of spec section 3, and the shell/remote contract.

// The API's entities and answers are the contract's (@growth-admin/api-contract), imported as types
// only: the browser ships no TypeBox.
export type {
  AdminSession,
  Administrator,
  AuditEntry,
  AuditFilter,
  AuditPage,
  AuditQuery,
  BlockedRegion,
  LoginPayload,
  Me,
  Order,
  OrderStats,
  OrderStatusFilter,
  OrdersList,
  Person,
  PersonsList,
  ProductSlot,
  Project,
  ProjectInput,
  Release,
  RemoteReleases,
  Preview,
  SessionPreview,
  MyOverride,
  CanaryJudgement,
  MetricCheck,
  JudgementSeriesPoint,
  RemoteRecord,
  DeployTokenRecord,
  NewDeployToken,
  Composition,
  ComposedSection,
  ComposedContribution,
  SectionIcon,
  RevenueStats,
  Role,
  Session,
  TrendPeriod,
  TrendPoint,
  UserStats,
  OrderSort,
  PersonSort,
} from '@growth-admin/api-contract';
import type { Role } from '@growth-admin/api-contract';
import type { SlotHost } from './slots';

/** An answer as a screen must take it: any field may be missing (spec 9: missing values show 0). */
export type Partly<T> = T extends ReadonlyArray<infer U> ? ReadonlyArray<Partly<U>> : T extends object ? { [K in keyof T]?: Partly<T[K]> } : T;

export type OrderKind = 'orders' | 'payments';

export interface ToastApi {
  success(message: string, durationSeconds?: number): void;
  error(message: string, durationSeconds?: number): void;
  info(message: string, durationSeconds?: number): void;
}

/**
 * The whole shell/remote contract: every exposed section module default-exports a
 * `React.ComponentType<SectionProps>`. Everything else (client, token, QueryClient, antd theme)
 * arrives through the shared singletons.
 */
export interface SectionProps {
  /**
   * The signed-in administrator and their role (since shared-client 1.1.0; a shell that sends no
   * role is read as a viewer's: the screens offer nothing the API might refuse).
   */
  user: { username: string; role?: Role };
  /** Top-right toasts, owned by the shell so every section's notices look and stack alike. */
  toast: ToastApi;
  /**
   * The extension slots this section may host (since shared-client 1.5.0): other remotes'
   * contributions, from the registry. Absent with an older shell: render no contributions.
   */
  slots?: SlotHost;
}
