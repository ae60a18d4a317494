import type { BlockedRegion } from '@growth-admin/shared-client';

/** Spec 3's region codes and their names, in the order the screens list them. */
export const REGION_NAMES: Readonly<Record<BlockedRegion, string>> = {
  NA: 'North America',
  EU: 'Europe',
  AME: 'Middle East',
  LA: 'Latin America',
  AP: 'Asia Pacific',
};

export const REGION_CODES = Object.keys(REGION_NAMES) as BlockedRegion[];

/** The region's name, or the code as it comes when it is not one of spec 3's. */
export function regionName(code: string | null | undefined): string {
  return (code && (REGION_NAMES as Record<string, string>)[code]) || code || 'Unknown';
}
