// How a person's fields read on screen, shared by the table and the dialogs.
import type { Person } from '@growth-admin/shared-client';

export const displayName = (p: Pick<Person, 'customName' | 'customId'>): string =>
  p.customName?.trim() || `User ${p.customId}`;

const coinFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Coin balances are counts, so no forced decimals: 1,250 rather than 1250.00. */
export function formatCoins(value: number | null | undefined): string {
  return coinFormat.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

export const formatCount = formatCoins;

/** 'countryCode (lastClientRegion)', dropping whatever part is missing. */
export function formatLocation(p: Pick<Person, 'countryCode' | 'lastClientRegion'>): string {
  const country = p.countryCode?.trim() ?? '';
  const region = p.lastClientRegion?.trim() ?? '';
  if (country && region) return `${country} (${region})`;
  return country || (region ? `(${region})` : 'Unknown');
}

export const privacyLabel = (p: Pick<Person, 'isPrivate'>): string =>
  p.isPrivate ? 'Private' : 'Public';
export const verificationLabel = (p: Pick<Person, 'isVerified'>): string =>
  p.isVerified ? 'Verified' : 'Unverified';
export const businessLabel = (p: Pick<Person, 'isBusiness'>): string =>
  p.isBusiness ? 'Business' : 'Personal';

/** The first two used apps and how many more there are (shown as '+N'). */
export function usedAppsPreview(
  apps: string[] | null | undefined,
  shown = 2,
): { apps: string[]; more: number } {
  const all = apps ?? [];
  return { apps: all.slice(0, shown), more: Math.max(0, all.length - shown) };
}
