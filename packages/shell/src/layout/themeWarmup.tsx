// antd derives the theme's tokens (every palette of the algorithms) on the first render under a
// theme: ≈ 40 ms of the layout's first render after the sign-in click on the 2-core machine, the
// largest single piece of it. Done beforehand, once the layout's code is in (while the credentials
// are typed), in a root of its own that keeps antd's cached result alive until the layout, mounted
// under the same theme, holds it too.
import { ConfigProvider, theme } from 'antd';
import { createRoot, type Root } from 'react-dom/client';
import { getAppearance } from '@growth-admin/shared-client';
import { adminTheme } from '@growth-admin/ui-kit/core';

let warm: Root | null = null;

function TokenProbe() {
  theme.useToken();
  return null;
}

/** Computes the stored appearance's tokens now, off the page (a detached root). Once. */
export function warmTheme(): void {
  if (warm) return;
  warm = createRoot(document.createElement('div'));
  warm.render(
    <ConfigProvider theme={adminTheme(getAppearance())}>
      <TokenProbe />
    </ConfigProvider>,
  );
}

/**
 * Ends the warm-up root: the layout holds the tokens now. Called from the layout's effect, so the
 * root goes after that commit (React refuses to unmount one root while it commits another).
 */
export function releaseWarmTheme(): void {
  const root = warm;
  warm = null;
  if (root) setTimeout(() => root.unmount(), 0);
}
