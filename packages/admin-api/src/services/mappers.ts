// Row → API object mappers and the SELECT lists they expect.
import type { Row } from '../db';

export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

export const PERSON_COLUMNS = `id::text as "_id", custom_id as "customId", custom_name as "customName", avatar,
  money::float8 as money, point::float8 as point, platform, watcher_count as "watcherCount",
  watching_count as "watchingCount", reward_count as "rewardCount", reward_last_date as "rewardLastDate",
  is_private as "isPrivate", is_verified as "isVerified", is_business as "isBusiness", country_code as "countryCode",
  last_client_region as "lastClientRegion", project_start_list as "projectStartList", updated_at as "updatedAt",
  virtual_level as "virtualLevel"`;

export function toPerson(r: Row) {
  return { ...r, rewardLastDate: isoOrNull(r.rewardLastDate), updatedAt: iso(r.updatedAt), projectStartList: r.projectStartList ?? [] };
}

export const ORDER_COLUMNS = `id::text as "_id", order_sn as "orderSn", shopping_user as "shoppingUser",
  shopping_pic as "shoppingPic", shopping_text as "shoppingText", product_type as "productType", count,
  start_count as "startCount", payment_money::float8 as "paymentMoney", payment_type as "paymentType",
  prom_code as "promCode", platform, created_at as "createdAt", state, is_complete as "isComplete",
  is_error as "isError", is_refund as "isRefund", error_message as "errorMessage", person_id::text as "personId"`;

/** Status badge text and colour per state (refunded wins over completed). */
export const STATE_BADGES: Record<string, { stateStr: string; stateColor: string }> = {
  completed: { stateStr: 'Completed', stateColor: '#10B981' },
  pending: { stateStr: 'Pending', stateColor: '#F59E0B' },
  error: { stateStr: 'Error', stateColor: '#EF4444' },
  refunded: { stateStr: 'Refunded', stateColor: '#6B7280' },
};

export function toOrder(r: Row) {
  const { state, ...rest } = r;
  return { ...rest, createdAt: iso(r.createdAt), ...(STATE_BADGES[String(state)] ?? STATE_BADGES.pending) };
}

export const PROJECT_COLUMNS = `id::text as "_id", project_name as "projectName", project_id as "projectId", team,
  app_id::float8 as "appId", build_number::float8 as "buildNumber", check_number::float8 as "checkNumber", testing,
  online, enable_push as "enablePush", enable_rate as "enableRate", blocked_regions as "blockedRegions",
  product_id_list as "productIdList", iap_country_limits as "iapCountryLimits"`;

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
export function toProject(r: Row) {
  return { ...r, blockedRegions: json(r.blockedRegions), productIdList: json(r.productIdList), iapCountryLimits: json(r.iapCountryLimits) };
}
