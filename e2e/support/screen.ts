// What the journeys find on a screen as a user sees it, where antd's markup needs a word of help.
import type { Locator, Page } from '@playwright/test';

const pageOf = (scope: Page | Locator): Page => ('page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page));

/**
 * A table's rows with data: those with two cells or more (the header row has column headers, the
 * empty or loading row one cell spanning the table).
 */
export function dataRows(scope: Page | Locator): Locator {
  return scope.getByRole('row').filter({ has: pageOf(scope).getByRole('cell').nth(1) });
}

/**
 * The options of the open Select as drawn. antd's virtual list gives them no role (only three
 * hidden copies around the active one have one), so its class is the only handle.
 */
export function drawnOptions(page: Page): Locator {
  return page.locator('.ant-select-item-option');
}

/** Opens the Select whose combobox is `combobox` and picks the option labelled `option`. */
export async function chooseOption(combobox: Locator, option: string) {
  await combobox.click();
  await drawnOptions(combobox.page()).and(combobox.page().getByTitle(option, { exact: true })).click();
}

/** What the Select whose combobox is `combobox` shows: antd draws it beside the combobox, which holds no value. */
export function shownIn(combobox: Locator): Locator {
  return combobox.page().locator('[title]', { has: combobox });
}
