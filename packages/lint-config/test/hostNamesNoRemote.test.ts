// The shell, shared-client and the UI kit name no remote (runtime composition): run through the root
// eslint.config.mjs on fixture sources, as `npm run lint` runs them.
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function messages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const SHELL = 'packages/shell/src/fixture.ts';
const SHARED = 'packages/shared-client/src/fixture.ts';
const KIT = 'packages/ui-kit/src/fixture.ts';

test.each([
  ['a federation key in the shell', "export const k = 'orders/Orders';", SHELL],
  ['a federation key in a template in shared-client', 'export const k = `people/Section`;', SHARED],
  ["a remote's local URL in the shell", "export const u = 'http://localhost:3004/mf-manifest.json';", SHELL],
  ["a remote's local URL in shared-client", "export const u = 'http://localhost:3001';", SHARED],
  ['a federation key in the UI kit', "export const k = 'settings/Section';", KIT],
  ["a remote's name in the shell", "export const first = 'analytics';", SHELL],
])('refuses %s', async (_what, code, file) => {
  expect((await messages(code, file)).join('\n')).toMatch(/The shell compiles in no remote/);
});

test.each([
  ["shared-client's own word for an API resource", "export const key = ['growth-admin', 'orders'];", SHARED],
  ["the shell's own port", "export const u = 'http://localhost:3000';", SHELL],
  ['a fixture in a shell test', "export const k = 'orders/Orders';", 'packages/shell/src/fixture.test.ts'],
  ["a remote naming itself", "export const k = 'orders/Orders';", 'packages/orders-mfe/src/fixture.ts'],
])('allows %s', async (_what, code, file) => {
  expect(await messages(code, file)).toEqual([]);
});

test('the markup rules still hold in the shell beside it', async () => {
  expect((await messages('document.body.innerHTML = location.hash;', SHELL)).join('\n')).toMatch(/Data is never markup/);
});
