// The lint rules run on fixture sources the way `npm run lint` runs them on the workspace: through
// the root eslint.config.mjs, as files of a browser package.
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule messages ESLint reports for `code` placed at `file` (relative to the repo root). */
async function problems(code: string, file = 'packages/analytics-mfe/src/charts/fixture.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('no data as markup', () => {
  test.each([
    ['an innerHTML assignment', "export function f(el: HTMLElement, name: string) { el.innerHTML = `<b>${name}</b>`; }"],
    ['an outerHTML assignment', 'export function f(el: HTMLElement, name: string) { el.outerHTML = name; }'],
    ['insertAdjacentHTML', "export function f(el: HTMLElement, name: string) { el.insertAdjacentHTML('beforeend', name); }"],
    ['HTML parsing', "export const f = (name: string) => new DOMParser().parseFromString(name, 'text/html');"],
    ['document.write', 'export const f = (name: string) => document.write(name);'],
    ['an echarts formatter written in place', 'export const tooltip = { trigger: "item", formatter: (p: { name: string }) => `${p.name}: x` };'],
    ['a quoted formatter key', 'export const tooltip = { "formatter": (p: { name: string }) => p.name };'],
    ['a formatter assigned later', 'export function f(o: { formatter?: unknown }) { o.formatter = (p: { name: string }) => p.name; }'],
    ['eval', 'export const f = (code: string) => eval(code);'],
    ['new Function', "export const f = (code: string) => new Function('x', code);"],
  ])('refuses %s', async (_what, code) => {
    expect((await problems(code)).filter((p) => /Data is never markup|no-eval|no-new-func/.test(p))).not.toHaveLength(0);
  });

  test('refuses dangerouslySetInnerHTML in any remote', async () => {
    const found = await problems('export const A = ({ name }: { name: string }) => <div dangerouslySetInnerHTML={{ __html: name }} />;', 'packages/people-mfe/src/fixture.tsx');
    expect(found.join('\n')).toMatch(/React escapes it/);
  });

  test('lets text through: textContent, React children, and formatters made by the tooltip helper', async () => {
    expect(await problems("export function f(el: HTMLElement, name: string) { el.textContent = name; }")).toEqual([]);
    expect(await problems('export const A = ({ name }: { name: string }) => <b>{name}</b>;', 'packages/people-mfe/src/fixture.tsx')).toEqual([]);
    expect(await problems("import { itemTooltip } from './tooltip';\nexport const t = itemTooltip((p) => ({ label: p.name, value: '1' }));")).toEqual([]);
    expect(await problems('export const t = { formatter: () => null };', 'packages/analytics-mfe/src/charts/tooltip.ts')).toEqual([]);
  });

  test("leaves antd's formatter props alone (they render text)", async () => {
    expect(await problems('export const A = () => <input formatter={(v: string) => v} />;', 'packages/projects-mfe/src/fixture.tsx')).toEqual([]);
  });
});
