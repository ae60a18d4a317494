// axe-core in the page (WCAG 2.1 A and AA rules): a screen or dialog passes with no serious or
// critical violation. The report lists each violation with its first elements, to act on.
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { motionSettled } from './motion';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeWindow = { axe?: typeof axe };

/**
 * axe.run() over the whole document. axe's source (half a megabyte) is evaluated once per loaded
 * document, not on every check: its wrapper for Playwright sent and compiled it twice a check and
 * opened a blank page to merge frames' results (the panel has no iframes), a second or two of a
 * loaded CI core each time.
 */
async function axeViolations(page: Page): Promise<axe.Result[]> {
  const loaded = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const results = await (window as AxeWindow).axe!.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations;
  }, WCAG_TAGS);
}

export async function expectAccessible(page: Page, what: string) {
  // A popup caught while it fades in has the colours of its half-transparent frames (too little contrast).
  await motionSettled(page);
  const violations = await axeViolations(page);
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(blocking, `serious or critical accessibility violations on ${what}`).toEqual([]);
}
