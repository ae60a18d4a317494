// axe-core in the page (WCAG 2.1 A and AA rules): a screen or dialog passes with no serious or
// critical violation. The report lists each violation with its first elements, to act on.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { motionSettled } from './motion';

export async function expectAccessible(page: Page, what: string) {
  // A popup caught while it fades in has the colours of its half-transparent frames (too little contrast).
  await motionSettled(page);
  // Legacy mode: axe.run() in the page itself. The default (runPartial) opens a blank page for every
  // check to merge the frames' results, which cost a second or two of a loaded CI core each time; the
  // panel has no iframes, and legacy mode checks the same-origin ones it would have.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(blocking, `serious or critical accessibility violations on ${what}`).toEqual([]);
}
