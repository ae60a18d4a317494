// Motion follows the system's setting (WCAG 2.3.3): antd's dialogs zoom in and out over a fading
// mask, and a clicked button ripples, for an administrator who said nothing; for one who asked the
// system for reduced motion, the same dialog appears and leaves at once. (Every other journey runs
// as the latter: playwright.config.ts.)
import type { Page } from '@playwright/test';
import { expect, motionSettled, test } from '../support';

/**
 * Records the animations the page plays from now on: each CSS animation's keyframes (antd's
 * `…-antZoomIn`), and `wave` for a button's click ripple; not a loading spinner's endless turn (it
 * says the page is working). Returns the reader.
 */
async function recordAnimations(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { e2eAnimations: Set<string> }).e2eAnimations = seen;
    // After each change to the page, before the next frame: an animation plays for frames.
    new MutationObserver(() => {
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getTiming().iterations === Infinity) continue; // a loading spinner keeps turning
        const target = (animation.effect as KeyframeEffect | null)?.target;
        // (antd's click wave is an element of its own with no role: its class is the only handle)
        if (target instanceof Element && target.closest('.ant-wave')) seen.add('wave');
        else if (animation instanceof CSSAnimation) seen.add(animation.animationName.replace(/^.*-(?=ant)/, ''));
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  return () => page.evaluate(() => [...(window as unknown as { e2eAnimations: Set<string> }).e2eAnimations].sort());
}

/** Opens the sign-out confirmation and cancels it. */
async function openAndCancelSignOut(page: Page) {
  await page.locator('.ga-sider-footer').getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to sign out?' });
  await expect(dialog).toBeVisible();
  await motionSettled(page); // (a click while it zooms in lands where it will be, not where it is)
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-modal-mask')).toBeHidden(); // (the mask has no role: its class is the only handle)
  await motionSettled(page);
}

test.describe('an administrator who said nothing', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('sees a dialog zoom in and out over a fading mask, and a clicked button ripple', async ({ signedInPage: page }) => {
    const animations = await recordAnimations(page);
    await openAndCancelSignOut(page);
    expect(await animations()).toEqual(expect.arrayContaining(['antFadeIn', 'antFadeOut', 'antZoomIn', 'antZoomOut', 'wave']));
  });
});

test.describe('an administrator who asked for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('sees the same dialog appear and leave at once, and no ripple', async ({ signedInPage: page }) => {
    const animations = await recordAnimations(page);
    await openAndCancelSignOut(page);
    // The same recorder saw every one of them above.
    expect(await animations()).toEqual([]);
  });
});
