// The build-time tricks of tools/federation: what each one does is in docs/build-tricks.md, what it
// saves is the `build-tricks` section of docs/performance.md, written by bench/tricks.mjs, which
// builds with each one left out. A build leaves out the tricks named in GA_BUILD_WITHOUT
// (comma-separated, e.g. `GA_BUILD_WITHOUT=range-picker,antd-modal`); a release build leaves out none.

/** Trick name → what leaving it out does to the build. */
export const BUILD_TRICKS = {
  'antd-deferred': "the antd no first screen renders (antd-deferred.mjs) is bundled with the shared antd instead of its own chunk",
  'antd-modal': "Modal, and the `modal` of App.useApp(), are antd's own, with the shared antd (antd-modal.mjs not used)",
  'range-picker': "DatePicker is antd's own, with the shared antd: no chunk of its own, no stand-in RangePicker (antd-range-picker.mjs)",
  'card-tabs': "antd's Card imports its Tabs as antd ships it (antd-inside/card-tabs.mjs not swapped in)",
  'precomputed-style': "antd's style modules are kept whole (antd-precomputed-style-loader.cjs not used); the precomputed CSS still ships",
  'static-css': 'no precomputed antd CSS (antd-static-css.mjs): antd computes every style in the browser; implies precomputed-style',
  'side-effects-free': "antd's @rc-component/* and @ant-design/* packages are not marked side-effect free",
  'federation-web-runtime': "the federation runtime whole: not only its browser half, and the remotes' with remote loading",
  precompress: 'no stored `.gz` or `.br` beside the files: the servers compress each response',
};

/**
 * The set of trick names `env.GA_BUILD_WITHOUT` leaves out (empty: every trick on). An unknown name
 * is refused, naming the known ones: a typo would otherwise measure a build with every trick on.
 */
export function tricksLeftOut(env = process.env) {
  const names = (env.GA_BUILD_WITHOUT ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(name in BUILD_TRICKS));
  if (unknown.length) {
    throw new Error(`GA_BUILD_WITHOUT names no build trick ${unknown.map((n) => `"${n}"`).join(', ')}: the tricks are ${Object.keys(BUILD_TRICKS).join(', ')}`);
  }
  const out = new Set(names);
  if (out.has('static-css')) out.add('precomputed-style');
  return out;
}
