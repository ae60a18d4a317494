// Every antd style module the shell's production build replaces (antd-precomputed-style-loader.cjs,
// listed by antd-precomputed-probe.mjs from the build's own precomputed CSS and antd's real files)
// answers, export by export, what antd's own module answers, under every appearance: an antd whose
// hooks answer differently (another class, another tuple) fails here, not on a screen.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { render, renderHook } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { APPEARANCES, adminTheme, appearanceCssVarKey } from '@growth-admin/ui-kit/themes';

// The hooks' module imports antd's ES build; the tests run antd's CommonJS one (the same code).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const answers = require('../antd-precomputed-style.mjs') as Record<string, (...args: unknown[]) => unknown>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('../antd-precomputed-style-loader.cjs') as (this: unknown, source: string) => string;

type StyleProps = { prefixCls: string; rootCls: string };
type Replaced = { path: string; exports: [name: string, answer: string][] };
const probe = spawnSync(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', join(__dirname, 'antd-precomputed-probe.mjs')], {
  encoding: 'utf8',
  maxBuffer: 16 * 1024 * 1024,
});
if (probe.status !== 0) throw new Error(`antd-precomputed-probe.mjs failed: ${probe.stderr}`);
const { modules } = JSON.parse(probe.stdout) as { modules: Replaced[] };
const exportsReplaced = modules.flatMap(({ path, exports }) => exports.map(([name, answer]) => ({ path, name, answer })));

/** antd's own export `name` of the style module at `path` (under antd/es), from its CommonJS twin. */
function antdsOwn(path: string, name: string) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(join('antd/lib', path.replace(/\.js$/, ''))) as Record<string, unknown>;
  return module[name] as (...args: unknown[]) => unknown;
}

test('the build replaces the style module of every component the first screen draws (a list that went empty would test nothing)', () => {
  const paths = modules.map((m) => m.path);
  for (const path of ['button/style/index.js', 'menu/style/index.js', 'layout/style/sider.js', 'card/style/index.js', 'date-picker/style/index.js', 'config-provider/style/index.js']) {
    expect(paths).toContain(path);
  }
  expect(exportsReplaced.length).toBeGreaterThanOrEqual(30);
});

describe.each(APPEARANCES.map((appearance) => [appearanceCssVarKey(appearance), appearance] as const))('under the %s appearance', (_key, appearance) => {
  const wrapper = ({ children }: { children: ReactNode }) => <ConfigProvider theme={adminTheme(appearance)}>{children}</ConfigProvider>;

  test.each(exportsReplaced)("$path's $name answers as antd's ($answer)", ({ path, name, answer }) => {
    const own = antdsOwn(path, name);
    expect(typeof own).toBe('function');
    const prefixCls = `ant-${path.split('/')[0].replace(/^_util$/, 'wave')}`;
    if (answer === 'NoStyle') {
      // a style component: antd's injects its style and draws nothing; ours draws nothing
      const antds = render(createElement(own as ComponentType<StyleProps>, { prefixCls, rootCls: prefixCls }), { wrapper });
      const ours = render(createElement(answers.NoStyle as ComponentType<StyleProps>, { prefixCls, rootCls: prefixCls }), { wrapper });
      expect(ours.container.innerHTML).toBe(antds.container.innerHTML);
      expect(ours.container.innerHTML).toBe('');
      return;
    }
    // (ConfigProvider calls the icon reset with its icon prefix and CSP)
    const call = (hook: (...args: unknown[]) => unknown) => (answer === 'useIconStyle' ? hook('anticon', undefined) : hook(prefixCls));
    const antds = renderHook(() => call(own), { wrapper }).result.current;
    const ours = renderHook(() => call(answers[answer]), { wrapper }).result.current;
    if (typeof antds === 'function') {
      // a wrapper for the node it is given: both give it back as it is
      const node = <span>node</span>;
      expect((ours as (n: ReactNode) => ReactNode)(node)).toBe((antds as (n: ReactNode) => ReactNode)(node));
    } else {
      expect(ours).toEqual(antds);
    }
  });
});

test("the style-hook factory's module, as components import it, is antd's own genCssVar", () => {
  const path = join(dirname(require.resolve('antd/package.json')), 'es/theme/util/genStyleUtils.js');
  const out = loader.call({ resourcePath: path, getOptions: () => ({}) }, readFileSync(path, 'utf8'));
  const ours = new Function(out.replace(/^export const genCssVar = /, 'return '))() as (antCls: string, component: string) => [(n: string) => string, (n: string, f?: string) => string];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { genCssVar } = require('antd/lib/theme/util/genStyleUtils') as { genCssVar: typeof ours };
  for (const [antCls, component] of [['.ant', 'btn'], ['ant', 'menu']]) {
    const [name, ref] = ours(antCls, component);
    const [antdName, antdRef] = genCssVar(antCls, component);
    expect([name('color'), ref('color'), ref('color', 'red')]).toEqual([antdName('color'), antdRef('color'), antdRef('color', 'red')]);
  }
});
