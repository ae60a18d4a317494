// An administrator who asks the system for less motion (prefers-reduced-motion: reduce) gets none
// from antd: dialogs, menus, popups and toasts appear and leave at once, and a clicked button does
// not ripple. antd plays its motions whatever the system says; its own switch, the theme's
// `motion: false` token, would change every appearance's precomputed CSS (antd-static-css.mjs), so
// the switch is made where antd's motions read it: rc-motion's context (the same module antd's
// components use: the shell provides antd) and the ConfigProvider's wave.
import { useSyncExternalStore, type ReactNode } from 'react';
import { Provider as RcMotionProvider } from '@rc-component/motion';
import { ConfigProvider } from 'antd';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(changed: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', changed);
  return () => media?.removeEventListener('change', changed);
}

/** Whether the system asks for reduced motion, live (the setting can change while the page is open). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(QUERY).matches ?? false, () => false);
}

/** antd's motions for `children`, off while the system asks for reduced motion. Render it inside the ConfigProvider. */
export function MotionPreference({ children }: { children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  return (
    <RcMotionProvider motion={!reduced}>
      <ConfigProvider wave={{ disabled: reduced }}>{children}</ConfigProvider>
    </RcMotionProvider>
  );
}
