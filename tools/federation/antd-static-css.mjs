// antd's CSS-in-JS computes each component's styles in the browser on its first render: at sign-in
// that was the largest piece of main-thread work before the dashboard could draw (≈ 100 ms on the
// 2-core machine, e2e/perf/measure.mjs). The shell's build renders every eagerly shared antd component once
// on the server (react-dom/server, the shell's own antd) under each of the administrator's
// appearances (the UI kit's adminThemes.ts) and writes what antd computed into one CSS file: the
// styles (written with CSS variables), each appearance's values of those variables (scoped by its
// class, e.g. `.ga-dark`), and antd's cache-path map (`.data-ant-cssinjs-cache-path`). Loaded before
// the first antd render (the shell's App.tsx), antd's runtime reads that map and neither computes nor
// injects a style the file holds; the deferred components' styles are computed at run time as before.
// The build goes further (antd-precomputed-style-loader.cjs): a style module whose styles are all in
// the file is replaced, so the first screen downloads none of antd's style code.
//
//   node tools/federation/antd-static-css.mjs <pkgDir>    prints the CSS (run with NODE_ENV=production:
//                                                        antd's class names differ in development)
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ANTD_SHARED_MODULE, reExportedFromAntd } from './shared.mjs';

/** Shared antd exports that draw nothing themselves: providers and functions. */
export const NOT_DRAWN = new Set(['App', 'ConfigProvider', 'theme']);

/**
 * One sample per eagerly shared component (antd-shared.mjs), in the variants our screens use: a
 * component's style hook runs on render, open or not, so a closed Modal or Tooltip is enough.
 * DatePicker's picker styles come too: the light RangePicker draws with them before its chunk is in.
 */
function samples(antd, h) {
  const { Alert, Button, Card, Col, Descriptions, Empty, Flex, Form, Input, Layout, Menu, Modal, Row, Segmented, Space, Spin, Switch, Tooltip, Typography } = antd;
  return {
    Alert: [h(Alert, { type: 'error', showIcon: true, title: 'a', description: 'b', closable: true }), h(Alert, { type: 'info', title: 'a' })],
    Button: [
      h(Button, { type: 'primary' }, 'a'),
      h(Button, { danger: true, loading: true }, 'b'),
      h(Button, { type: 'link', size: 'small' }, 'c'),
      h(Button, { type: 'text', icon: h('span') }),
      h(Space.Compact, null, h(Input), h(Button, null, 'd')),
    ],
    Card: [h(Card, { title: 'a', extra: 'b', size: 'small' }, 'c'), h(Card, { loading: true })],
    Col: [h(Row, { gutter: 8 }, h(Col, { span: 12, xs: 24 }, 'a'))],
    DatePicker: [h(antd.DatePicker.RangePicker)],
    Descriptions: [h(Descriptions, { bordered: true, column: 1, items: [{ key: 'a', label: 'a', children: 'b' }] })],
    Empty: [h(Empty, { description: 'a' }), h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE })],
    Flex: [h(Flex, { gap: 'small', wrap: true, vertical: true }, 'a')],
    Form: [
      h(
        Form,
        { layout: 'vertical' },
        h(Form.Item, { label: 'a', required: true, validateStatus: 'error', help: 'b', hasFeedback: true }, h(Input)),
        h(Form.Item, { label: 'c', extra: 'd' }, h(Input.Password)),
      ),
      h(Form, { layout: 'inline' }, h(Form.Item, { label: 'e' }, h(Input))),
    ],
    Input: [
      h(Input, { allowClear: true, prefix: 'a', suffix: 'b', status: 'error' }),
      h(Input.Password),
      h(Input.Search, { enterButton: true }),
      h(Input.TextArea, { showCount: true, maxLength: 9 }),
      h(Input, { addonBefore: 'c' }),
    ],
    Layout: [h(Layout, null, h(Layout.Sider, { collapsible: true }), h(Layout, null, h(Layout.Header), h(Layout.Content), h(Layout.Footer)))],
    Menu: [
      h(Menu, { mode: 'inline', selectedKeys: ['a'], items: [{ key: 'a', label: 'a', icon: h('span') }, { key: 'b', label: 'b', children: [{ key: 'c', label: 'c' }] }] }),
      h(Menu, { mode: 'vertical', items: [{ key: 'd', label: 'd' }] }),
    ],
    Modal: [h(Modal, { open: false, title: 'a' }, 'b')],
    // App renders their holders at once (they inject their styles then); antd's panels share their style hooks.
    message: [h(antd.message._InternalPanelDoNotUseOrYouWillBeFired, { type: 'success', content: 'a' })],
    notification: [h(antd.notification._InternalPanelDoNotUseOrYouWillBeFired, { type: 'info', title: 'a' })],
    Row: [h(Row, { justify: 'space-between', align: 'middle' }, 'a')],
    Segmented: [h(Segmented, { options: ['a', 'b'], value: 'a' })],
    Space: [h(Space, { wrap: true, size: 'small' }, 'a', 'b'), h(Space, { direction: 'vertical' }, 'c'), h(Space.Compact, null, h(Space.Addon, null, 'd'), h(Input))],
    Spin: [h(Spin), h(Spin, { size: 'large', tip: 'a' }, h('div'))],
    Switch: [h(Switch, { checked: true, size: 'small' })],
    Tooltip: [h(Tooltip, { title: 'a' }, h('span', null, 'b'))],
    Typography: [
      h(Typography.Title, { level: 4 }, 'a'),
      h(Typography.Text, { type: 'secondary', strong: true, code: true, copyable: true }, 'b'),
      h(Typography.Paragraph, { ellipsis: true }, 'c'),
      h(Typography.Link, { href: '#' }, 'd'),
    ],
  };
}

/** The CSS of the samples, from antd as `pkgDir` resolves it (the copy its build shares). */
export async function renderAntdStaticCss(pkgDir) {
  const require = createRequire(join(resolve(pkgDir), 'package.json'));
  const { createElement: h } = require('react');
  const { renderToString } = require('react-dom/server');
  const antd = require('antd');
  // antd's own copy of its style engine: the same StyleContext its components read.
  const { createCache, extractStyle, StyleProvider } = createRequire(require.resolve('antd'))('@ant-design/cssinjs');
  // The administrator's themes (a TypeScript module without runtime imports of ours: Node strips its types).
  const { APPEARANCES, adminTheme } = await import(pathToFileURL(require.resolve('@growth-admin/ui-kit/themes')).href);
  const bySample = samples(antd, h);
  const missing = reExportedFromAntd(ANTD_SHARED_MODULE).filter((name) => !NOT_DRAWN.has(name) && !bySample[name]);
  if (missing.length) throw new Error(`antd-static-css.mjs has no sample of ${missing.join(', ')}: add one (or list it in NOT_DRAWN)`);
  const cache = createCache();
  for (const appearance of APPEARANCES) {
    renderToString(
      h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: adminTheme(appearance) }, h(antd.App, null, ...Object.values(bySample).flat()))),
    );
  }
  // The styles, then each appearance's theme values: its tokens and the components' own variables.
  return extractStyle(cache, { types: ['style', 'token', 'cssVar'], plain: true });
}

/** The CSS, rendered in a production-mode child process (antd's hashed class names are production's). */
export function antdStaticCss(pkgDir) {
  return execFileSync(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', fileURLToPath(import.meta.url), pkgDir], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(await renderAntdStaticCss(process.argv[2]));
