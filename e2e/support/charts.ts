// The dashboard's echarts canvases as a journey sees them.
import { expect, type Locator } from '@playwright/test';

export async function canvasSize(canvas: Locator) {
  return canvas.evaluate((c: HTMLCanvasElement) => ({ width: c.clientWidth, height: c.clientHeight }));
}

/** Waits until echarts has drawn, then returns the canvas pixels (to tell one drawing from another). */
export async function drawnPixels(canvas: Locator): Promise<string> {
  await expect(canvas).toBeVisible();
  await expect.poll(() => canvasSize(canvas).then((s) => s.width * s.height)).toBeGreaterThan(0);
  // echarts animates its first frames: read the picture once it has stopped changing.
  let previous = '';
  await expect
    .poll(async () => {
      const now = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
      const settled = now === previous;
      previous = now;
      return settled;
    }, { intervals: [300, 300, 500, 500, 1000] })
    .toBe(true);
  return previous;
}
