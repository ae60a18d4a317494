/**
 * @jest-environment node
 */
// A remote's standalone page finds each section's code through the UI kit's `exposedModules`, which
// the remote's build makes from its remote.json (standalone-modules-loader.cjs): one loader per
// exposed module, of the file remote.json names, and the rule reaches the kit's module as this
// workspace has it (TypeScript source) and as the packed kit ships it (compiled).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

// (a CommonJS module: the loader webpack runs)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { exposedModulesSource, standaloneModulesRule, STANDALONE_EXPOSED_MODULES } = require('../standalone-modules-loader.cjs') as {
  exposedModulesSource(remoteJsonFile: string): string;
  standaloneModulesRule(remoteJsonFile: string): { test: RegExp; use: { loader: string; options: object } };
  STANDALONE_EXPOSED_MODULES: RegExp;
};

const root = join(__dirname, '../../..');

test("each exposed module of a remote.json, loaded on demand from the file it names", () => {
  const source = exposedModulesSource(join(root, 'packages/orders-mfe/remote.json'));
  const imports = [...source.matchAll(/"(\.\/\w+)": \(\) => import\("([^"]+)"\)/g)].map(([, name, file]) => [name, file]);
  expect(imports).toEqual([
    ['./Orders', join(root, 'packages/orders-mfe/src/Orders.tsx')],
    ['./Payments', join(root, 'packages/orders-mfe/src/Payments.tsx')],
  ]);
  for (const [, file] of imports) expect(existsSync(file)).toBe(true);
});

test("the rule runs the loader on the kit's module, in the workspace and in the packed kit, and on nothing else", () => {
  const kitSource = join(dirname(require.resolve('@growth-admin/ui-kit/standalone')), 'exposedModules.ts');
  expect(existsSync(kitSource)).toBe(true);
  expect(STANDALONE_EXPOSED_MODULES.test(kitSource)).toBe(true);
  expect(STANDALONE_EXPOSED_MODULES.test('/team/node_modules/@growth-admin/ui-kit/dist/standalone/exposedModules.js')).toBe(true);
  expect(STANDALONE_EXPOSED_MODULES.test(join(dirname(kitSource), 'StandaloneApp.tsx'))).toBe(false);
  const rule = standaloneModulesRule('/team/remote.json');
  expect(rule.use.options).toEqual({ remoteJson: '/team/remote.json' });
  expect(rule.use.loader).toBe(require.resolve('../standalone-modules-loader.cjs'));
});
