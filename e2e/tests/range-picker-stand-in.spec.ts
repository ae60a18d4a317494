// The dashboard's empty date-range picker is drawn by a stand-in until antd's DatePicker chunk is in
// (tools/federation/antd-range-picker.mjs, docs/build-tricks.md): in the browser it must look and sit
// exactly like the real picker, so the swap is invisible, and hand the keyboard over to it. (Its
// markup against antd's is compared in tools/federation/test/rangePickerMarkup.test.tsx.)
//
// What is compared, and why not every pixel. The stand-in and the real picker used to be compared
// pixel by pixel with 10 differing pixels tolerated; a 2-core machine counted 11 and failed. The
// pixels that differ are rasterisation noise, not something drawn differently: here 5 pixels of the
// rounded bottom corners, each one level (of 255) apart, and glyph antialiasing may move too. A count
// of exactly-equal pixels measures the machine, so this journey compares what a person sees:
//   - geometry: every element of the picker (both inputs, the separator and its arrow, the suffix
//     and its calendar, the active bar), its box relative to the picker's, exactly (a layout engine
//     gives the same numbers for the same CSS: a 1 px padding fails);
//   - computed styles of each of them (font, colours, borders, radii, padding, shadows…) and of the
//     inputs' ::placeholder, and the placeholder texts;
//   - pixels with antialiasing noise excluded: outside the inputs, a pixel differs when a channel is
//     more than PIXEL_TOLERANCE levels apart, and none may (a border, an icon, a shadow, a shift of
//     an edge: tens or hundreds of pixels, each far beyond it); inside the inputs (the placeholder
//     glyphs, whose antialiasing depends on sub-pixel placement and the machine's fonts) the amount of
//     ink, which a different font, size, weight or colour changes by far more than INK_TOLERANCE;
//   - keyboard: tabbing into the stand-in lands in the real picker, which takes the focus; what is
//     typed there opens its popup and is kept.
// The popup is not compared: only the real picker draws one (the stand-in is the closed picker); the
// keyboard journey checks that it opens with its two month panels.
// The DatePicker chunk is held back until the stand-in has been measured: the page warms it on its
// own a few seconds after load (chunk-loader.mjs warmLater), and on a slow machine the stand-in would
// otherwise be measured after the real picker replaced it, comparing the real picker with itself.
// antd's classes are this journey's handles on purpose: what it compares is antd's own markup (each
// part of the picker, its popup and panels), which no role or name identifies.
import type { Page, Route } from '@playwright/test';
import { expect, signInViaApi, test } from '../support';

/** Levels (of 255) a channel of a pixel outside the inputs may differ by: antialiasing noise (measured: 1). */
const PIXEL_TOLERANCE = 32;
/** Relative difference allowed in the placeholder glyphs' ink (a 13 px font instead of 14 px: ≈ 14% less by
 * area; a 0.4 px text stroke measured 39%; stand-in and real picker measured 0 on a 2-core machine). */
const INK_TOLERANCE = 0.04;

/** Holds every request for the DatePicker chunk until `release()` (so the stand-in stays on screen). */
async function holdDatePickerChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(/\/antd-date-picker\.[0-9a-f]+\.js(\?|$)/, async (route: Route) => {
    asked.push(route.request().url());
    await released;
    await route.continue().catch(() => undefined); // (the page may be gone by then)
  });
  return { release, asked };
}

type Part = { element: string; box: number[]; style: Record<string, string> };
/** Every element of the picker, in document order: its tag, its box relative to the picker's, its computed look. */
function describePicker(page: Page) {
  return page.locator('.ant-picker-range').evaluate((root) => {
    const properties = [
      'display', 'position', 'box-sizing', 'visibility', 'opacity', 'transform', 'filter', 'z-index',
      'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing', 'text-align', 'text-transform', 'vertical-align',
      'text-shadow', 'text-decoration-line', 'font-variant', 'font-stretch', 'word-spacing', 'text-indent',
      'color', 'fill', 'stroke', 'background-color', 'background-image',
      ...['top', 'right', 'bottom', 'left'].flatMap((side) => [`border-${side}-width`, `border-${side}-style`, `border-${side}-color`, `padding-${side}`, `margin-${side}`]),
      'border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius', 'border-bottom-left-radius',
      'box-shadow', 'outline-style', 'outline-width', 'outline-color', 'overflow',
    ];
    const look = (style: CSSStyleDeclaration) => Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)]));
    const origin = root.getBoundingClientRect();
    const parts: Part[] = [root, ...root.querySelectorAll('*')].map((element) => {
      const r = element.getBoundingClientRect();
      return { element: element.tagName.toLowerCase(), box: [r.x - origin.x, r.y - origin.y, r.width, r.height], style: look(getComputedStyle(element)) };
    });
    const inputs = [...root.querySelectorAll('input')].map((input) => ({
      placeholder: input.placeholder,
      value: input.value,
      placeholderStyle: look(getComputedStyle(input, '::placeholder')),
    }));
    return { size: [origin.width, origin.height], parts, inputs };
  });
}

/** The inputs' boxes in screenshot pixels (device pixel ratio 1), relative to the picker. */
async function inputBoxes(page: Page) {
  return page.locator('.ant-picker-range').evaluate((root) => {
    const origin = root.getBoundingClientRect();
    return [...root.querySelectorAll('input')].map((input) => {
      const r = input.getBoundingClientRect();
      return [Math.floor(r.left - origin.left), Math.floor(r.top - origin.top), Math.ceil(r.right - origin.left), Math.ceil(r.bottom - origin.top)];
    });
  });
}

/**
 * Two PNG screenshots of the same size, compared in the browser: `beyondTolerance`, the pixels outside
 * `masks` with a channel more than `tolerance` levels apart, and the largest such difference there;
 * `ink`, per mask, the darkness summed over its pixels (255 − the mean of R, G, B) in each screenshot.
 */
function comparePixels(page: Page, a: Buffer, b: Buffer, masks: number[][], tolerance: number) {
  return page.evaluate(
    async ({ first, second, masks, tolerance }) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)); // (no fetch: the page's CSP allows no data: URL)
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      if (x.width !== y.width || x.height !== y.height) return { sameSize: false, beyondTolerance: [], ink: [], largestOutside: 0 };
      const inMask = (px: number, py: number) => masks.findIndex(([l, t, r, b]) => px >= l && px < r && py >= t && py < b);
      const beyondTolerance: Array<{ x: number; y: number; a: number[]; b: number[] }> = [];
      const ink = masks.map(() => [0, 0]);
      let largestOutside = 0;
      for (let py = 0; py < x.height; py++)
        for (let px = 0; px < x.width; px++) {
          const i = (py * x.width + px) * 4;
          const p = Array.from(x.data.subarray(i, i + 4));
          const q = Array.from(y.data.subarray(i, i + 4));
          const mask = inMask(px, py);
          if (mask >= 0) {
            ink[mask][0] += 255 - (p[0] + p[1] + p[2]) / 3;
            ink[mask][1] += 255 - (q[0] + q[1] + q[2]) / 3;
          } else {
            const apart = Math.max(...p.map((v, c) => Math.abs(v - q[c])));
            largestOutside = Math.max(largestOutside, apart);
            if (apart > tolerance) beyondTolerance.push({ x: px, y: py, a: p, b: q });
          }
        }
      return { sameSize: true, beyondTolerance, ink, largestOutside };
    },
    { first: a.toString('base64'), second: b.toString('base64'), masks, tolerance },
  );
}

test('the stand-in RangePicker has the real one’s geometry, styles and pixels, and the real one takes its place on hover', async ({ page }) => {
  const chunk = await holdDatePickerChunk(page);
  await signInViaApi(page);
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible({ timeout: 30_000 });
  const start = page.getByPlaceholder('Start date');
  const picker = page.locator('.ant-picker-range');
  await page.mouse.move(0, 0);
  // (measured once the dashboard has settled: its cards and the picker in their places)
  await expect(page.getByRole('group', { name: 'Active Users' })).toBeVisible({ timeout: 30_000 });
  await expect(picker).toBeVisible();
  await expect.poll(() => picker.boundingBox()).not.toBeNull();
  // The stand-in: its inputs are read-only until the real picker takes over.
  await expect(start).toHaveAttribute('readonly', '');
  const standInBox = await picker.boundingBox();
  const standIn = await describePicker(page);
  const standInPixels = await picker.screenshot({ animations: 'disabled' });
  const masks = await inputBoxes(page);
  await expect(start).toHaveAttribute('readonly', ''); // (still the stand-in that was measured)
  expect(standIn.inputs.map((input) => [input.placeholder, input.value])).toEqual([['Start date', ''], ['End date', '']]);
  expect(masks).toHaveLength(2);

  chunk.release();
  await picker.hover(); // asks for the real picker
  await expect(start).not.toHaveAttribute('readonly');
  expect(chunk.asked.length).toBeGreaterThan(0);
  await expect(page.locator('.ant-picker-range')).toHaveCount(1);
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-picker-range')).not.toHaveClass(/ant-picker-focused/);
  expect(await picker.boundingBox()).toEqual(standInBox);
  // (the hover's border colour fades out: wait for the same look rather than take one measure)
  await expect.poll(() => describePicker(page), { timeout: 5_000 }).toEqual(standIn);

  let last: Awaited<ReturnType<typeof comparePixels>> | undefined;
  await expect
    .poll(
      async () => {
        last = await comparePixels(page, standInPixels, await picker.screenshot({ animations: 'disabled' }), masks, PIXEL_TOLERANCE);
        return last.sameSize ? last.beyondTolerance.slice(0, 20) : 'screenshots of different sizes';
      },
      { timeout: 5_000, message: `pixels outside the inputs more than ${PIXEL_TOLERANCE} levels apart (the first 20: x, y, stand-in's RGBA, real one's)` },
    )
    .toEqual([]);
  const inkApart = last!.ink.map(([standInInk, realInk]) => Math.abs(realInk - standInInk) / standInInk);
  // (what this machine measured, in the report: how far from the tolerances the noise is)
  test.info().annotations.push({ type: 'measured', description: `largest channel difference outside the inputs ${last!.largestOutside}; placeholder ink apart ${inkApart.map((r) => r.toFixed(4)).join(', ')}` });
  for (const [index, [standInInk]] of last!.ink.entries()) {
    expect(standInInk, 'the placeholder is drawn').toBeGreaterThan(0);
    expect(inkApart[index], 'the placeholder glyphs’ ink, relative difference').toBeLessThanOrEqual(INK_TOLERANCE);
  }
});

test('tabbing into the stand-in lands in the real picker: its start field focused, what is typed kept, its panels open', async ({ page }) => {
  const chunk = await holdDatePickerChunk(page);
  await signInViaApi(page);
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible({ timeout: 30_000 });
  const start = page.getByPlaceholder('Start date');
  await expect(start).toHaveAttribute('readonly', '');
  // Tab through the page until the stand-in's start field has the focus.
  const focusedOnStart = () => start.evaluate((input) => input === document.activeElement);
  for (let presses = 0; presses < 60 && !(await focusedOnStart()); presses++) await page.keyboard.press('Tab');
  expect(await focusedOnStart()).toBe(true);
  await expect(start).toHaveAttribute('readonly', ''); // (the stand-in had it)

  chunk.release();
  await expect(start).not.toHaveAttribute('readonly');
  await expect(start).toBeFocused();
  // A day a week ago (in the picker's own time zone, the browser's), typed: the popup opens with its
  // two month panels, and Enter moves on to the end field.
  const day = await page.evaluate(() => {
    const d = new Date(Date.now() - 7 * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await page.keyboard.type(day);
  const popup = page.locator('.ant-picker-dropdown');
  await expect(popup).toBeVisible();
  await expect(popup.locator('.ant-picker-panel')).toHaveCount(2);
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder('End date')).toBeFocused();
  await expect(start).toHaveValue(day);
});
