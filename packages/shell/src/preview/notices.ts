// What the preview banner says (docs/screens.md, "Preview banner"): one notice per preview this
// session entered, and one per link the API refused. Each entry of the registry's list is checked:
// a malformed one is left out, never shown half.
import type { SessionPreview } from '@growth-admin/shared-client';
import type { RuntimeConfig } from '../boot/runtimeConfig';

export type PreviewNotice =
  /** Served: this session runs the preview's build of `remote`. */
  | { kind: 'active'; remote: string; title: string; description: string }
  /** Expired or deleted: the session is back on the chosen release; dismissing it leaves the preview. */
  | { kind: 'ended'; remote: string; title: string }
  /** A link the API refused; dismissing it forgets it (nothing was recorded on the server). */
  | { kind: 'refused'; index: number; title: string };

export const ACTIVE_PREVIEW_DESCRIPTION = 'Only this browser session gets this build; other administrators see the active release.';

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isSessionPreview = (p: unknown): p is SessionPreview => {
  const v = p as Partial<SessionPreview> | null;
  return typeof v === 'object' && v !== null && text(v.remote) && text(v.label) && text(v.version) && ['active', 'expired', 'deleted'].includes(v.status as string);
};

export function previewNotices(config: Pick<RuntimeConfig, 'previews' | 'previewLinkErrors'>): PreviewNotice[] {
  const notices: PreviewNotice[] = [];
  for (const p of (Array.isArray(config.previews) ? config.previews : []).filter(isSessionPreview)) {
    if (p.status === 'active') {
      notices.push({ kind: 'active', remote: p.remote, title: `Preview of ${p.remote} ${p.version} (${p.label})`, description: ACTIVE_PREVIEW_DESCRIPTION });
    } else {
      const ended = p.status === 'expired' ? 'has expired' : 'was deleted';
      notices.push({ kind: 'ended', remote: p.remote, title: `${p.remote} preview ${p.label} ${ended}: you see the active release` });
    }
  }
  (config.previewLinkErrors ?? []).forEach((message, index) => notices.push({ kind: 'refused', index, title: `This preview link could not be opened: ${message}` }));
  return notices;
}
