// What the user sees once it has settled: antd opens a dialog or popup with a motion (a zoom from
// where the pointer was, a fade). A click sent while it plays lands where the dialog will be, not
// where it is (the mask, which closes it); a contrast measured meanwhile sees half-transparent frames.
import type { Page } from '@playwright/test';

/**
 * Waits until no finite animation runs in the page (a spinner's endless one does not count), for a
 * few frames in a row: antd readies a popup that opens (transparent, its `-prepare` and `-start`
 * classes) a frame or two before its animation starts, and a single look could fall in between.
 */
export async function motionSettled(page: Page): Promise<void> {
  const key = `__e2eQuietFrames${Math.random().toString(36).slice(2)}`;
  await page.waitForFunction((k) => {
    const w = window as unknown as Record<string, number>;
    const running = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    w[k] = running ? 0 : (w[k] ?? 0) + 1;
    return w[k] >= 4;
  }, key);
}

/**
 * Stops the page's timers where they are (the page must have `page.clock.install()`ed before it
 * loaded): what a timer would close, such as a toast, stays on screen while the test looks. The
 * clock only pauses ahead of the page's own time, which moves on while the call travels: a few
 * tries, each a little ahead.
 */
export async function pauseTimers(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 50 * attempt);
      return;
    } catch (err) {
      if (attempt >= 10 || !String(err).includes('to the past')) throw err;
    }
  }
}
