// The shared antd's precomputed styles (tools/federation/antd-static-css.mjs, in the production
// build): loaded before antd's first render. The first screen's antd components carry no style code
// of their own in that build (antd-precomputed-style-loader.cjs): this file is their only styling,
// so a file that fails to load fails the signed-in UI as its code would (the layout's Retry), instead
// of drawing it unstyled. The file goes first in <head>, where antd puts the styles it still computes
// (the deferred components'), so the page's own styles come after antd's.
let loading: Promise<void> | null = null;

export function loadAntdStyles(href: string | undefined = process.env.ANTD_STATIC_CSS): Promise<void> {
  if (!href) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      loading = null; // a Retry adds it again
      reject(new Error(`antd's styles (${href}) could not be loaded`));
    };
    document.head.prepend(link);
  });
  return loading;
}
