// What the user sees once it has settled: antd opens a dialog or popup with a motion (a zoom from
// where the pointer was, a fade). A click sent while it plays lands where the dialog will be, not
// where it is (the mask, which closes it); a contrast measured meanwhile sees half-transparent frames.
import type { Page } from '@playwright/test';

/** Waits until no finite animation runs in the page (a spinner's endless one does not count). */
export async function motionSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
