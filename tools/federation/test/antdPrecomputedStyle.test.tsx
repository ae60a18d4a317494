// The shell's production build replaces antd's style modules whose styles its CSS holds
// (tools/federation/antd-precomputed-style-loader.cjs): what a replaced module answers must be what
// antd's own hook answers, under every appearance, and a module with a style the CSS lacks stays antd's.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { renderHook } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { APPEARANCES, adminTheme, appearanceCssVarKey } from '@growth-admin/ui-kit/themes';

// The hooks' module imports antd's ES build; the tests run antd's CommonJS one (the same code): the
// jest config maps it, and this mock keeps one copy of it (and of React's context) for the module
// required again inside jest.isolateModules below.
jest.mock('antd/es/theme/useToken.js', () => jest.requireActual('antd/lib/theme/useToken'), { virtual: true });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('../antd-precomputed-style-loader.cjs') as (this: unknown, source: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const answers = require('../antd-precomputed-style.mjs') as { useStyleClasses: () => [string, string]; useHashClass: () => string };

// (webpack's own, as a loader's `this.utils.contextify` is)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { contextify } = require('webpack/lib/util/identifier') as { contextify: (context: string, request: string) => string };

const ANTD_ES = join(dirname(require.resolve('antd/package.json')), 'es');
/** Where the build's hooks module is: the loader is given its absolute path. */
const HOOKS_FILE = join(__dirname, '../antd-precomputed-style.mjs');
/** How a replaced button style module imports it: by a path relative to itself. */
const HOOKS = relative(join(ANTD_ES, 'button/style'), HOOKS_FILE);

/** The loader's output for antd's file `path` (under antd/es), with `precomputed` in the build's CSS. */
function load(path: string, precomputed: string[]): string {
  const resourcePath = join(ANTD_ES, path);
  const context = dirname(resourcePath);
  return loader.call({ resourcePath, context, utils: { contextify }, getOptions: () => ({ precomputed, hooks: HOOKS_FILE }) }, readFileSync(resourcePath, 'utf8'));
}

test("a replaced module imports the hooks by a path relative to itself, never the clone's folder (it would be in the build's bytes)", () => {
  const out = load('button/style/index.js', ['Button-Button']);
  expect(HOOKS.startsWith('../')).toBe(true);
  expect(out).toContain(`from "${HOOKS}";`);
  expect(out).not.toContain(HOOKS_FILE);
});

test('a style module whose styles are precomputed becomes the hooks of its kind, every export antd components import kept', () => {
  expect(load('button/style/index.js', ['Button-Button'])).toBe(`import { useStyleClasses } from "${HOOKS}";\nexport default useStyleClasses;`);
  // a hook built inside a wrapper (Menu's, Tooltip's) answers as the hook it builds
  expect(load('menu/style/index.js', ['Menu-Menu'])).toContain('export default useStyleClasses;');
  expect(load('notification/style/index.js', ['Notification-Notification', 'Notification-PurePanel'])).toBe(
    `import { useStyleClasses, NoStyle } from "${HOOKS}";\nexport default useStyleClasses;\nexport const PurePanelStyle = NoStyle;`,
  );
  expect(load('grid/style/index.js', ['Grid-Grid'])).toBe(
    `import { useStyleClasses } from "${HOOKS}";\nexport const useRowStyle = useStyleClasses;\nexport const useColStyle = useStyleClasses;`,
  );
  expect(load('button/style/compact.js', ['Button-compact'])).toContain('export default NoStyle;');
  expect(load('_util/wave/style.js', ['Wave-Wave'])).toContain('export default useHashClass;');
  expect(load('config-provider/style/index.js', ['ant-design-icons'])).toContain('export default useIconStyle;');
});

test('a style module with any style the CSS lacks stays antd\'s', () => {
  const table = readFileSync(join(ANTD_ES, 'table/style/index.js'), 'utf8');
  expect(load('table/style/index.js', ['Button-Button'])).toBe(table);
  // one of its two styles precomputed is not enough
  expect(load('notification/style/index.js', ['Notification-Notification'])).toContain('genStyleHooks(');
  expect(load('config-provider/style/index.js', [])).toContain('useResetIconStyle');
  // a module of helpers only (no hook) is left as it is
  expect(load('style/placementArrow.js', ['Tooltip-Tooltip'])).toContain('export default getArrowStyle');
});

test("the style-hook factory's module, as components import it, is genCssVar alone (no style engine)", () => {
  const out = load('theme/util/genStyleUtils.js', []);
  expect(out.startsWith('export const genCssVar = ')).toBe(true);
  expect(out).not.toMatch(/\bimport\b|genStyleUtils\(/);
  expect(() => loader.call({ resourcePath: join(ANTD_ES, 'theme/util/genStyleUtils.js'), getOptions: () => ({}) }, 'export const x = 1;')).toThrow(
    /no longer ends with a self-contained genCssVar/,
  );
});

describe.each(APPEARANCES.map((appearance) => [appearanceCssVarKey(appearance), appearance] as const))('under the %s appearance', (key, appearance) => {
  const wrapper = ({ children }: { children: ReactNode }) => <ConfigProvider theme={adminTheme(appearance)}>{children}</ConfigProvider>;

  test("the replaced hooks answer the classes antd's own hooks give", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const useButtonStyle = require('antd/lib/button/style').default as (prefixCls: string) => [string, string];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const useWaveStyle = require('antd/lib/_util/wave/style').default as (prefixCls: string) => string;
    const antds = renderHook(() => [useButtonStyle('ant-btn'), useWaveStyle('ant-wave')], { wrapper }).result.current;
    const ours = renderHook(() => [answers.useStyleClasses(), answers.useHashClass()], { wrapper }).result.current;
    expect(ours).toEqual(antds);
    // the class that scopes the build's variables for this appearance
    expect(ours[0][1]).toBe(key);
  });
});

test("a theme the build's CSS has no values for (a section's own themed ConfigProvider) is reported once", () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  let fresh: typeof answers | undefined;
  process.env.ANTD_PRECOMPUTED_THEMES = JSON.stringify(['ga-light']);
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    fresh = require('../antd-precomputed-style.mjs');
  });
  delete process.env.ANTD_PRECOMPUTED_THEMES;
  const light = ({ children }: { children: ReactNode }) => <ConfigProvider theme={adminTheme({ dark: false, compact: false })}>{children}</ConfigProvider>;
  const own = ({ children }: { children: ReactNode }) => <ConfigProvider theme={{ token: { colorPrimary: '#f00' }, cssVar: { key: 'own' } }}>{children}</ConfigProvider>;
  renderHook(() => fresh!.useStyleClasses(), { wrapper: light });
  expect(errors).not.toHaveBeenCalled();
  renderHook(() => [fresh!.useStyleClasses(), fresh!.useStyleClasses()], { wrapper: own });
  expect(errors).toHaveBeenCalledTimes(1);
  expect(String(errors.mock.calls[0][0])).toContain('the theme class own miss their theme values');
  errors.mockRestore();
});
