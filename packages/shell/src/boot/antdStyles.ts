// The shared antd's precomputed styles (tools/federation/antd-static-css.mjs, in the production
// build): loaded before antd's first render, since antd reads the file's map of the styles it holds
// only once, and then computes and injects none of those itself. The file goes first in <head>, where
// antd puts its own styles, so the page's styles still come after antd's. A file that fails to load
// only costs time: antd then computes every style, as it does without one.
let loading: Promise<void> | null = null;

export function loadAntdStyles(href: string | undefined = process.env.ANTD_STATIC_CSS): Promise<void> {
  if (!href) return Promise.resolve();
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.prepend(link);
  });
  return loading;
}
