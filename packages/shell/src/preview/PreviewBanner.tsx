// The preview banner (docs/screens.md, "Preview banner"), at the top of the signed-in layout: each
// preview this session entered, by remote, version and label, with Exit preview; an expired or
// deleted one says so (the session already sees the active release); a refused link says why. It
// loads with the `preview` chunk, only for a session with something to say. Self-contained: it
// changes the page's runtime config through the remote loader and tells the layout, nothing else.
import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { getToken, toApiError, type ToastApi } from '@growth-admin/shared-client';
import { fetchRuntimeConfig, type RuntimeConfig } from '../boot/runtimeConfig';
import type { RemoteLoader } from '../sections/remoteLoader';
import { leavePreview } from './api';
import { previewNotices, type PreviewNotice } from './notices';
import { switchConfig } from './switchConfig';

/**
 * Leaves this session's preview of `remote` and puts the page on the runtime config without it: in
 * place (what is typed in other sections stays; the config answered), or null where the page cannot
 * switch (the caller reloads).
 */
export async function exitPreview(loader: RemoteLoader, remote: string, configUrl: string): Promise<RuntimeConfig | null> {
  await leavePreview(remote);
  const fetched = await fetchRuntimeConfig(configUrl, getToken() ?? undefined);
  const refused = loader.config.previewLinkErrors;
  const next = refused?.length ? { ...fetched, previewLinkErrors: refused } : fetched;
  return switchConfig(loader, next) ? next : null;
}

const noticeKey = (n: PreviewNotice) => (n.kind === 'refused' ? `refused-${n.index}` : `${n.kind}-${n.remote}`);

interface PreviewBannerProps {
  loader: RemoteLoader;
  /** The page's config now (the layout's state). */
  config: RuntimeConfig;
  /** Where the runtime config is read. */
  configUrl: string;
  toast: ToastApi;
  /** The page runs `next` now: the layout redraws from it. */
  onSwitched(next: RuntimeConfig): void;
}

export default function PreviewBanner({ loader, config, configUrl, toast, onSwitched }: PreviewBannerProps) {
  const [leaving, setLeaving] = useState<string | null>(null);
  const notices = previewNotices(config);
  if (!notices.length) return null;

  const leave = async (remote: string) => {
    setLeaving(remote);
    try {
      const next = await exitPreview(loader, remote, configUrl);
      if (next) onSwitched(next);
      else window.location.reload();
    } catch (err) {
      toast.error(`Could not leave the ${remote} preview: ${toApiError(err).message}`);
    } finally {
      setLeaving(null);
    }
  };
  const forgetRefusedLink = (index: number) => {
    const rest = config.previewLinkErrors?.filter((_, i) => i !== index);
    const next = { ...config, previewLinkErrors: rest?.length ? rest : undefined };
    if (switchConfig(loader, next)) onSwitched(next);
  };

  return (
    <Flex vertical gap={8} component="section" aria-label="Preview releases" className="ga-preview-banner" style={{ marginBottom: 16 }}>
      {notices.map((n) => (
        <Alert
          key={noticeKey(n)}
          type={n.kind === 'active' ? 'warning' : n.kind === 'ended' ? 'info' : 'error'}
          role={n.kind === 'refused' ? 'alert' : 'status'}
          showIcon
          title={n.title}
          description={n.kind === 'active' ? n.description : undefined}
          action={
            n.kind === 'refused' ? (
              <Button size="small" onClick={() => forgetRefusedLink(n.index)}>
                Dismiss
              </Button>
            ) : (
              <Button size="small" type={n.kind === 'active' ? 'primary' : 'default'} loading={leaving === n.remote} onClick={() => void leave(n.remote)}>
                {n.kind === 'active' ? 'Exit preview' : 'Dismiss'}
              </Button>
            )
          }
        />
      ))}
    </Flex>
  );
}
