// The rules of the remotes' and deploy tokens' forms, with the message for each bad input. They
// repeat the contract's patterns (packages/api-contract/src/remotes.ts) so a mistake is said at the
// field before anything is sent; the API checks again.
import type { Release, RemoteReleases } from '@growth-admin/shared-client';

const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;
const ORIGIN = /^https?:\/\/[^/?#\s]+$/;
const TOKEN_NAME = /^[A-Za-z0-9._-]+$/;

export const EXPIRY_DEFAULT_DAYS = 90;
export const EXPIRY_MAX_DAYS = 365;

/** The message for a bad remote name, or null. */
export function remoteNameError(value: string | undefined): string | null {
  const name = value ?? '';
  if (!name) return 'Enter a name';
  if (name.length > 40) return 'At most 40 characters';
  if (!/^[a-z]/.test(name)) return 'Start with a lower-case letter';
  if (!REMOTE_NAME.test(name)) return 'Use lower-case letters, digits and - only';
  return null;
}

export function teamError(value: string | undefined): string | null {
  const team = (value ?? '').trim();
  if (!team) return 'Enter the team';
  if (team.length > 100) return 'At most 100 characters';
  return null;
}

/** The message for a bad origin (http(s)://host[:port], nothing after it), or null. */
export function originError(value: string | undefined): string | null {
  const origin = (value ?? '').trim();
  if (!origin) return 'Enter the origin its files are served from';
  if (origin.length > 300) return 'At most 300 characters';
  if (!/^https?:\/\//.test(origin)) return 'Start with http:// or https://';
  if (!ORIGIN.test(origin))
    return 'Only the scheme, host and port, without a path (e.g. https://cdn.example.com)';
  try {
    new URL(origin);
  } catch {
    return 'Not a valid host';
  }
  return null;
}

export function tokenNameError(value: string | undefined): string | null {
  const name = value ?? '';
  if (!name) return 'Enter a name';
  if (name.length > 100) return 'At most 100 characters';
  if (!TOKEN_NAME.test(name)) return 'Use letters, digits and . _ - only';
  return null;
}

/** Whole days from 1 to 365. */
export function expiryError(value: string | number | undefined): string | null {
  const text = String(value ?? '').trim();
  if (!text) return 'Enter the days until it expires';
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > EXPIRY_MAX_DAYS)
    return `A whole number of days from 1 to ${EXPIRY_MAX_DAYS}`;
  return null;
}

/** An antd Form rule from one of the checks above. */
export const ruleOf = (check: (value: string | undefined) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const message = check(value);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

/** Where releases are served from today: the origin of the first release's manifest, if any. */
export function servedFromOrigin(registry: readonly RemoteReleases[] | undefined): string {
  for (const { active, canary } of registry ?? []) {
    for (const release of [active, canary] as (Release | null)[]) {
      if (!release?.manifestUrl) continue;
      try {
        return new URL(release.manifestUrl).origin;
      } catch {
        /* not a URL: try the next */
      }
    }
  }
  return '';
}
