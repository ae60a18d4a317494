import type { ApiError } from './errors';

// Entity and response types of spec section 3, and the shell/remote contract.

/** Admin session as returned by login. */
export interface AdminSession {
  token: string;
  user: { username: string };
}

export interface LoginPayload {
  username: string;
  password: string;
}

export type ProductSlot = '10001' | '10002' | '10003' | '10004' | '10005' | '10006';
export type BlockedRegion = 'NA' | 'EU' | 'AME' | 'LA' | 'AP';

export interface Project {
  _id: string;
  projectName: string;
  projectId: string;
  team: string;
  appId: number;
  buildNumber: number;
  checkNumber: number;
  testing: boolean;
  online: boolean;
  enablePush: boolean;
  enableRate: boolean;
  blockedRegions: BlockedRegion[];
  productIdList: Partial<Record<ProductSlot, string>>;
  /** 2-letter upper-case country code → USD per 24 h; 0 disables IAP, absent means unlimited. */
  iapCountryLimits: Record<string, number>;
}

/** The body of POST /projects and PUT /projects/{id}: every field but `_id`. */
export type ProjectInput = Omit<Project, '_id'>;

export interface Person {
  _id: string;
  customId: string;
  customName: string;
  avatar: string;
  money: number;
  point: number;
  platform: string;
  watcherCount: number;
  watchingCount: number;
  rewardCount: number;
  rewardLastDate: string | null;
  isPrivate: boolean;
  isVerified: boolean;
  isBusiness: boolean;
  countryCode: string;
  lastClientRegion: string;
  projectStartList: string[];
  updatedAt: string;
  virtualLevel: number;
}

export type ProductType = 'heart' | 'watch' | (string & {});

export interface Order {
  _id: string;
  orderSn: string;
  shoppingUser: string;
  shoppingPic: string;
  shoppingText: string;
  productType: ProductType;
  count: number;
  startCount: number;
  paymentMoney: number;
  paymentType: string;
  promCode: string | null;
  platform: string;
  createdAt: string;
  stateStr: string;
  stateColor: string;
  isComplete: boolean;
  isError: boolean;
  isRefund: boolean;
  errorMessage: string | null;
  personId: string;
}

export interface PersonsList {
  total: number;
  page: number;
  pageSize: number;
  list: Person[];
}

export interface OrdersList {
  orders: Order[];
  total: number;
}

/** An orders call's answer: on failure the list is empty with total 0 (spec 8) and `error` says why. */
export interface OrdersResult extends OrdersList {
  error?: ApiError;
}

export interface UserStats {
  activeUsers: number;
  total: number;
  newUsers: { week: number; today?: number };
  regionDistribution: Array<{ region: string; count: number }>;
}

export interface RevenueStats {
  today: { revenue: number; growth: number; orderCount: number };
  week: { orderCount: number };
  productTypes: Array<{ type: string; revenue: number }>;
}

export type TrendPeriod = 'hour' | 'day' | 'week';

export interface TrendPoint {
  time: string;
  newUsers: number;
  orders: { coins: number; likes: number; followers: number };
}

/** GET /analytics/orders: the spec leaves the shape open; the API defines counts by state and type. */
export interface OrderStats {
  total: number;
  byState: Record<string, number>;
  byType: Record<string, number>;
  [key: string]: unknown;
}

export type OrderStatusFilter = 'completed' | 'pending' | 'error' | 'refunded';
export type OrderSearchField = 'shoppingUser' | 'personId' | 'orderSn';
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
  /** The signed-in administrator. */
  user: { username: string };
  /** Top-right toasts, owned by the shell so every section's notices look and stack alike. */
  toast: ToastApi;
}
