// The core entry is shared apart from the whole kit (tools/federation/shared.mjs): the shell's layout
// and the dashboard load it alone, the list screens the whole kit over it. So the whole kit exports
// each of its names as the same thing, and the core holds none of the list components.
import * as uiKit from './index';
import * as core from './core';
import * as lists from './lists';

test('the whole kit exports every name of the core entry, as the same value', () => {
  for (const [name, value] of Object.entries(core)) expect(uiKit[name as keyof typeof uiKit]).toBe(value);
});

test('the core entry holds what the shell and the dashboard draw with, and none of the list components', () => {
  expect(Object.keys(core)).toEqual(expect.arrayContaining(['PageHeader', 'useListUrl', 'formatMoney', 'adminTheme', 'useAppearance', 'StepUpHost', 'installDialogFocusWrap', 'LoadError']));
  for (const name of ['SearchBar', 'Pager', 'ExportCsvButton', 'FilterChips', 'StatusTag', 'SectionLink', 'useFailureToast']) {
    expect(Object.keys(lists)).toContain(name);
    expect(Object.keys(core)).not.toContain(name);
  }
});
