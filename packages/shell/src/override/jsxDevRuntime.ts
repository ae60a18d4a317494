// What the shell provides as `react/jsx-dev-runtime` once a page runs a developer's override. A
// development-mode build (the kit's `npm run dev -- --in-panel`) compiles its JSX to `jsxDEV`; the
// shell's production build provides no such module, so the build would take its own copy, and with
// it its own chunk of React: a development React downloaded next to the page's production one
// (module-federation/core#3588). This is the page's production JSX under the development name, made
// by the page's one React; registered as loaded, the share scope gives it to the build.
import { version } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { registerShared } from '@module-federation/enhanced/runtime';

/** jsxDEV(type, props, key, isStaticChildren, source, self): the development extras are dropped. */
export function jsxDEV(type: Parameters<typeof jsx>[0], props: Parameters<typeof jsx>[1], key?: Parameters<typeof jsx>[2], isStaticChildren?: boolean) {
  return isStaticChildren ? jsxs(type, props, key) : jsx(type, props, key);
}

/** The share entry, for the federation runtime's registerShared. */
export const JSX_DEV_RUNTIME_SHARE: Parameters<typeof registerShared>[0] = {
  'react/jsx-dev-runtime': { version, scope: 'default', lib: () => ({ Fragment, jsxDEV }), shareConfig: { singleton: true, requiredVersion: `^${version}` } },
};
