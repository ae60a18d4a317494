// axe-core in the page (WCAG 2.1 A and AA rules): a screen or dialog passes with no serious or
// critical violation. The report lists each violation with its first elements, to act on.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectAccessible(page: Page, what: string) {
  // What the user sees once it has settled: a popup caught while it fades in (antd's motion) has
  // the colours of its half-transparent frames, which axe measures as too little contrast.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(blocking, `serious or critical accessibility violations on ${what}`).toEqual([]);
}
