// The shell's precomputed antd styles (tools/federation/antd-static-css.mjs): the build's CSS holds
// the styles of every eagerly shared component and each appearance's theme values, and antd, once
// that CSS is on the page, neither computes nor injects those styles; a component the file does not
// hold is still styled at run time.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { Button, Layout, Menu, Tag } from 'antd';
import { APPEARANCES, appearanceCssVarKey } from '@growth-admin/ui-kit/themes';

jest.setTimeout(60_000);

const SCRIPT = join(__dirname, '../antd-static-css.mjs');
// The shell's build runs it over the shell (its antd, React and UI kit's themes): so does the test.
const SHELL = join(__dirname, '../../../packages/shell');

/** The CSS the script prints under `nodeEnv` (once per value: two tests read the production file). */
const printed = new Map<string, string>();
function staticCss(nodeEnv: string): string {
  if (!printed.has(nodeEnv)) {
    const run = spawnSync(process.execPath, [SCRIPT, SHELL], { encoding: 'utf8', env: { ...process.env, NODE_ENV: nodeEnv }, maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(run.stderr);
    printed.set(nodeEnv, run.stdout);
  }
  return printed.get(nodeEnv)!;
}

/** The cache paths of the file's map (`<hashId>|<component>|<prefixCls>|<iconPrefixCls>`). */
function mapOf(css: string): string[] {
  const content = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
  return content.split(';').map((entry) => entry.slice(0, entry.lastIndexOf(':')));
}

/** The component styles antd injected at run time, by the class they style (not the theme's CSS variables). */
const injected = (cls: string) =>
  [...document.querySelectorAll('style[data-css-hash]:not([data-token-hash])')].filter((s) => s.textContent?.includes(`.${cls}`));

test('the production file holds every eagerly shared component, under production class names', () => {
  const css = staticCss('production');
  const paths = mapOf(css);
  for (const component of ['Shared|ant', 'Button-Button|ant-btn|', 'Menu-Menu|ant-menu|', 'Layout-Sider|ant-layout-sider|', 'Card-Card|ant-card|',
    'Typography-Typography|ant-typography|', 'Form-Form|ant-form|', 'Input-Component|ant-input|', 'Modal-Modal|ant-modal|', 'Alert-Alert|ant-alert|',
    'DatePicker-DatePicker|ant-picker|', 'Segmented-Segmented|ant-segmented|', 'Spin-Spin|ant-spin|', 'Switch-Switch|ant-switch|',
    'Descriptions-Descriptions|ant-descriptions|', 'Tooltip-Tooltip|ant-tooltip|', 'Skeleton-Skeleton|ant-skeleton|',
    'Message-Message|ant-message|', 'Notification-Notification|ant-notification|']) {
    expect(paths.some((p) => p.includes(component))).toBe(true);
  }
  expect(paths.filter((p) => p.startsWith('css-dev-only'))).toEqual([]);
  expect(paths.filter((p) => /^css-[a-z0-9]+\|/.test(p)).length).toBeGreaterThan(20);
  // The deferred components are not in it (they load, and are styled, on first use).
  expect(paths.some((p) => p.includes('|ant-table|'))).toBe(false);
  expect(css).toContain('.ant-btn');
  expect(css).toContain('var(--ant-color-primary)'); // the styles use the theme's values through variables
});

test("the production file holds each appearance's theme values: its tokens and each component's own", () => {
  const css = staticCss('production');
  for (const appearance of APPEARANCES) {
    const key = appearanceCssVarKey(appearance);
    expect(css).toMatch(new RegExp(`\\.${key}\\{[^}]*--ant-color-primary:`));
    for (const component of ['ant-btn', 'ant-menu-css-var', 'ant-layout', 'ant-card', 'ant-switch', 'ant-picker-css-var']) {
      expect(css).toMatch(new RegExp(`\\.${key}\\.${component}\\{[^}]*--ant-`));
    }
  }
  // the dark theme's own Button colour, and compact's smaller controls
  expect(css).toMatch(/\.ga-dark\.ant-btn\{[^}]*--ant-color-primary:#A5B4FC/);
  const controlHeight = (key: string) => new RegExp(`\\.${key}\\{[^}]*--ant-control-height:(\\d+)px`).exec(css)?.[1];
  expect(Number(controlHeight('ga-light-compact'))).toBeLessThan(Number(controlHeight('ga-light')));
});

test('with the file on the page, antd injects none of its styles and still styles what it lacks', () => {
  // Rendered as this test environment's antd names its classes (development names).
  const style = document.createElement('style');
  style.textContent = staticCss(process.env.NODE_ENV ?? 'test');
  document.head.prepend(style);
  render(
    <Layout>
      <Layout.Sider>
        <Menu items={[{ key: 'a', label: 'Analytics' }]} />
      </Layout.Sider>
      <Button type="primary">Go</Button>
      <Tag>deferred</Tag>
    </Layout>,
  );
  expect(injected('ant-btn')).toEqual([]);
  expect(injected('ant-menu')).toEqual([]);
  expect(injected('ant-layout')).toEqual([]);
  expect(injected('ant-tag').length).toBeGreaterThan(0);
  // The theme's values are still set at run time.
  const themeValues = [...document.querySelectorAll('style[data-token-hash]')].map((s) => s.textContent).join('');
  expect(themeValues).toContain('--ant-color-primary:');
  expect(themeValues).toContain('--ant-button-');
});
