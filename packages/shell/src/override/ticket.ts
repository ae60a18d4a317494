// The override ticket (the API signs it: the origins of this session's overrides, valid an hour) kept
// in a cookie on the shell's origin, which the shell's page server checks to admit those origins in
// the next page's CSP (web-security's devOverrides.ts); and what this page's server said it admitted.
import type { OVERRIDE_COOKIE as Cookie, OVERRIDE_ORIGINS_META as Meta, OVERRIDE_TICKET_SECONDS as Seconds } from '@growth-admin/web-security';

// web-security's names, checked by the compiler (it is a Node package: nothing of it ships to the page).
const COOKIE: typeof Cookie = 'growth-admin-override';
const META: typeof Meta = 'growth-admin:override-origins';
const MAX_AGE: typeof Seconds = 3600;

/** Keeps the ticket for the next page loads (refreshed on every load of an overridden session). */
export function keepOverrideTicket(ticket: string, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${COOKIE}=${ticket}; Path=/; Max-Age=${MAX_AGE}; SameSite=Strict${secure}`;
}

/** Forgets the ticket (the override ended, or the administrator signed out): the next page admits no override origin. */
export function clearOverrideTicket(doc: Document = document): void {
  doc.cookie = `${COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
}

/** The override origins this page's CSP admits, as its server wrote them into the page (none behind a server that checks no ticket). */
export function pageAdmittedOrigins(doc: Document = document): string[] {
  return (doc.querySelector<HTMLMetaElement>(`meta[name="${META}"]`)?.content ?? '').split(/\s+/).filter(Boolean);
}
