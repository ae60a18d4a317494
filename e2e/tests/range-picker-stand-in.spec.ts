// The dashboard's empty date-range picker is drawn by a stand-in until antd's DatePicker chunk is in
// (tools/federation/antd-range-picker.mjs, docs/build-tricks.md): in the browser it has the real
// picker's size, place and pixels, so the swap is invisible. (Its markup against antd's is compared
// in packages/shell/test/rangePicker.test.tsx.)
import { expect, signInViaApi, test } from '../support';

test('the stand-in RangePicker has the real one’s box and pixels, and the real one takes its place on hover', async ({ page }) => {
  await signInViaApi(page);
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible({ timeout: 30_000 });
  const start = page.getByPlaceholder('Start date');
  const picker = page.locator('.ant-picker-range');
  // The stand-in: its inputs are read-only until the real picker takes over.
  await expect(start).toHaveAttribute('readonly', '');
  await page.mouse.move(0, 0);
  const standInBox = await picker.boundingBox();
  const standInPixels = await picker.screenshot({ animations: 'disabled' });

  await picker.hover(); // asks for the real picker
  await expect(start).not.toHaveAttribute('readonly');
  await expect(page.locator('.ant-picker-range')).toHaveCount(1);
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-picker-range')).not.toHaveClass(/ant-picker-focused/);
  expect(await picker.boundingBox()).toEqual(standInBox);
  // (the hover's border colour fades out: wait for the same pixels rather than take one shot)
  await expect.poll(async () => (await picker.screenshot({ animations: 'disabled' })).equals(standInPixels), { timeout: 5_000 }).toBe(true);
});
