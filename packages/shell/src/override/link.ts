// The override link the remote kit prints (`npm run dev -- --in-panel <panel URL>`):
// `<shell>/?override=<remote>@<manifest URL>`. It survives the sign-in (the page keeps its URL), and
// nothing happens until the administrator confirms it (OverrideConfirm).
export const OVERRIDE_PARAM = 'override';

export interface OverrideLink {
  remote: string;
  manifestUrl: string;
  origin: string;
}

/** The override the link asks for; an Error saying why it names none; null without the parameter. */
export function overrideLinkOf(search: string): OverrideLink | Error | null {
  const value = new URLSearchParams(search).get(OVERRIDE_PARAM);
  if (value === null) return null;
  const at = value.indexOf('@');
  const remote = value.slice(0, Math.max(at, 0));
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(remote)) return new Error(`“${value}” names no remote: an override link is ?override=<remote>@<manifest URL>`);
  const manifestUrl = value.slice(at + 1);
  let url: URL | null = null;
  try {
    url = new URL(manifestUrl);
  } catch {
    /* said below */
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return new Error(`“${manifestUrl}” is not an http(s) URL of a build’s manifest`);
  return { remote, manifestUrl, origin: url.origin };
}

/** `href` without the override link (once it was confirmed or cancelled). */
export function withoutOverrideLink(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(OVERRIDE_PARAM);
  return url.href;
}
