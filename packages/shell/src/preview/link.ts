// A preview link (`<shell>/?preview=<token>`, docs/releases.md "Preview releases") is kept in this
// tab's sessionStorage until a signed-in session enters it (enterLinks.ts): it survives the login
// screen, several links opened one after another are all kept, and the token leaves the address bar
// at once (a bookmark or a copied URL does not carry it on). Part of the first load, so kept small:
// entering the links is the `preview` chunk's, loaded only when one waits.
import type { RuntimeConfig } from '../boot/runtimeConfig';

/** The tab's preview links waiting to be entered, one a line. */
export const PREVIEW_LINKS_KEY = 'growth-admin.preview-links';

/** Moves `?preview=<token>` from the address bar into the tab's links to enter. */
export function keepPreviewLink(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('preview');
  if (token === null) return;
  url.searchParams.delete('preview');
  history.replaceState(history.state, '', url);
  if (token) sessionStorage.setItem(PREVIEW_LINKS_KEY, `${sessionStorage.getItem(PREVIEW_LINKS_KEY) ?? ''}\n${token}`);
}

/** `config`, or, when preview links wait, the config (from `configUrl`) after `sessionToken`'s session entered them. */
export async function withPreviewLinks(config: RuntimeConfig, sessionToken: string, configUrl: string): Promise<RuntimeConfig> {
  return sessionStorage.getItem(PREVIEW_LINKS_KEY) ? (await import(/* webpackChunkName: "preview" */ './enterLinks')).enterPreviewLinks(config, sessionToken, configUrl) : config;
}
