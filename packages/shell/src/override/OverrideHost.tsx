// A developer's own override in the signed-in layout (its own chunk: only a page with an override or
// an override link loads it): a banner per overridden remote, and the confirmation an override link asks for.
import { useState } from 'react';
import type { RuntimeConfig } from '../boot/runtimeConfig';
import { OverrideBanner } from './OverrideBanner';
import { OverrideConfirm } from './OverrideConfirm';
import { overrideLinkOf, withoutOverrideLink } from './link';

/** The link's override unless this session has exactly that one already (then the link is just dropped). */
function pendingLink(config: RuntimeConfig, linkQuery: string | null) {
  const link = linkQuery === null ? null : overrideLinkOf(linkQuery);
  if (link && !(link instanceof Error) && config.overrides?.some((o) => o.remote === link.remote && o.manifestUrl === link.manifestUrl)) {
    window.history.replaceState(window.history.state, '', withoutOverrideLink(window.location.href));
    return null;
  }
  return link;
}

/** `linkQuery`: the query of the override link the page was opened with (null: none). */
export default function OverrideHost({ config, linkQuery }: { config: RuntimeConfig; linkQuery: string | null }) {
  const [link, setLink] = useState(() => pendingLink(config, linkQuery));
  return (
    <>
      {(config.overrides ?? []).map((o) => (
        <OverrideBanner key={o.remote} override={o} config={config} />
      ))}
      {link && <OverrideConfirm link={link} onClose={() => setLink(null)} />}
    </>
  );
}
