// Enters the preview links this tab kept (link.ts) for a signed-in session, before the page's
// composition starts, so no reload is needed: the runtime config is asked again and names each
// preview in place of its remote's chosen release. A link the API refuses (403
// PREVIEW_TOKEN_INVALID, 404 PREVIEW_NOT_FOUND, or any other failure) is never dropped silently:
// its reason goes to the banner (`previewLinkErrors`).
import { toApiError } from '@growth-admin/shared-client';
import { fetchRuntimeConfig, type RuntimeConfig } from '../boot/runtimeConfig';
import { enterPreview } from './api';
import { PREVIEW_LINKS_KEY } from './link';

/** `config`, or the one `configUrl` answers `sessionToken` once its session entered the kept links; with the refused links' reasons. */
export async function enterPreviewLinks(config: RuntimeConfig, sessionToken: string, configUrl: string): Promise<RuntimeConfig> {
  const tokens = [...new Set((sessionStorage.getItem(PREVIEW_LINKS_KEY) ?? '').split('\n').filter(Boolean))];
  const errors: string[] = [];
  let entered = false;
  // One after the other, in the order they were opened: a later link of the same remote replaces an earlier one.
  for (const token of tokens) {
    try {
      await enterPreview(token, sessionToken);
      entered = true;
    } catch (err) {
      errors.push(toApiError(err).message);
    }
  }
  sessionStorage.removeItem(PREVIEW_LINKS_KEY);
  const next = entered ? await fetchRuntimeConfig(configUrl, sessionToken) : config;
  return errors.length ? { ...next, previewLinkErrors: errors } : next;
}
