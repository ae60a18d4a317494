import type { BlockedRegion, ProductSlot } from '@growth-admin/shared-client';
import { REGION_CODES, REGION_NAMES } from '@growth-admin/ui-kit';

/** Spec 3's blocked-region options, in the order the chips are shown. */
export const BLOCKED_REGION_OPTIONS: ReadonlyArray<{ code: BlockedRegion; name: string }> = REGION_CODES.map(
  (code) => ({ code, name: REGION_NAMES[code] }),
);

/** The six product id slots (spec 9). */
export const PRODUCT_SLOTS: readonly ProductSlot[] = ['10001', '10002', '10003', '10004', '10005', '10006'];

/** The four project flags and their toggle labels, in spec order. */
export const FLAG_TOGGLES = [
  { key: 'online', label: 'Online' },
  { key: 'testing', label: 'Testing Mode' },
  { key: 'enablePush', label: 'Push Notifications' },
  { key: 'enableRate', label: 'Rate App' },
] as const;

export type FlagKey = (typeof FLAG_TOGGLES)[number]['key'];
