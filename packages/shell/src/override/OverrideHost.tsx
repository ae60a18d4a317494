// A developer's own override in the signed-in layout (its own chunk: only a page with an override or
// an override link loads it): a banner per overridden remote, and the confirmation an override link asks for.
import { useState } from 'react';
import type { RuntimeConfig } from '../boot/runtimeConfig';
import { OverrideBanner } from './OverrideBanner';
import { OverrideConfirm } from './OverrideConfirm';
import { overrideLinkOf, withoutOverrideLink } from './link';

/** The link's override unless this session has exactly that one already (then the link is just dropped). */
function pendingLink(config: RuntimeConfig) {
  const link = overrideLinkOf(window.location.search);
  if (link && !(link instanceof Error) && config.overrides?.some((o) => o.remote === link.remote && o.manifestUrl === link.manifestUrl)) {
    window.history.replaceState(window.history.state, '', withoutOverrideLink(window.location.href));
    return null;
  }
  return link;
}

export default function OverrideHost({ config }: { config: RuntimeConfig }) {
  const [link, setLink] = useState(() => pendingLink(config));
  return (
    <>
      {(config.overrides ?? []).map((o) => (
        <OverrideBanner key={o.remote} override={o} config={config} />
      ))}
      {link && <OverrideConfirm link={link} onClose={() => setLink(null)} />}
    </>
  );
}
