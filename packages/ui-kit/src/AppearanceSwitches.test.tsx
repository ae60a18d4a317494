import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ConfigProvider, theme } from 'antd';
import { APPEARANCE_STORAGE_KEY, getAppearance, setAppearance } from '@growth-admin/shared-client';
import { useAppearance } from './appearance';
import { AppearanceSwitches } from './AppearanceSwitches';
import { adminTheme, DocumentTheme, useAdminTheme } from './theme';

beforeEach(() => {
  localStorage.clear();
  setAppearance({ dark: false, compact: false });
});

/** What a screen inside the shell's ConfigProvider sees of the theme. */
function ThemeProbe() {
  const { token } = theme.useToken();
  return <output data-testid="probe">{`${token.colorBgContainer} ${token.controlHeight}`}</output>;
}

function Harness() {
  return (
    <ConfigProvider theme={useAdminTheme()}>
      <AppearanceSwitches />
      <ThemeProbe />
      <Button>Inside</Button>
    </ConfigProvider>
  );
}

test('the switches change the one theme every screen inside reads, and the choice is stored', async () => {
  render(<Harness />);
  const dark = screen.getByRole('switch', { name: 'Dark mode' });
  const compact = screen.getByRole('switch', { name: 'Compact' });
  expect(dark).not.toBeChecked();
  expect(compact).not.toBeChecked();
  expect(screen.getByTestId('probe')).toHaveTextContent('#ffffff 32');

  await userEvent.click(dark);
  expect(dark).toBeChecked();
  // antd's dark surface under the same ConfigProvider, so a remote's screen inside follows it.
  expect(screen.getByTestId('probe')).toHaveTextContent('#141414 32');
  expect(JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY)!)).toEqual({ dark: true, compact: false });

  await userEvent.click(compact);
  expect(screen.getByTestId('probe')).toHaveTextContent('#141414 28');
  expect(getAppearance()).toEqual({ dark: true, compact: true });

  await userEvent.click(dark);
  expect(screen.getByTestId('probe')).toHaveTextContent('#ffffff 28');
});

test('a change made in another tab (the storage event) is followed', () => {
  render(<Harness />);
  act(() => {
    localStorage.setItem(APPEARANCE_STORAGE_KEY, JSON.stringify({ dark: true, compact: false }));
    window.dispatchEvent(new StorageEvent('storage', { key: APPEARANCE_STORAGE_KEY }));
  });
  expect(screen.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  expect(screen.getByTestId('probe')).toHaveTextContent('#141414');
});

test('a malformed or missing stored value reads as light and comfortable', () => {
  for (const raw of ['not json', 'null', '[]', '{"dark":"yes"}']) {
    localStorage.setItem(APPEARANCE_STORAGE_KEY, raw);
    expect(getAppearance()).toEqual({ dark: false, compact: false });
  }
  localStorage.removeItem(APPEARANCE_STORAGE_KEY);
  expect(getAppearance()).toEqual({ dark: false, compact: false });
});

test('a refused storage keeps the choice in this tab', () => {
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('QuotaExceededError');
  });
  try {
    setAppearance({ dark: true });
    expect(getAppearance()).toEqual({ dark: true, compact: false });
  } finally {
    setItem.mockRestore();
  }
});

test('the dark theme keeps the spec indigo for primary buttons and lightens links for contrast', () => {
  const dark = adminTheme({ dark: true, compact: false });
  expect(dark.token?.colorPrimary).toBe('#4F46E5');
  expect(dark.token?.colorLink).not.toBe('#4F46E5');
  expect(adminTheme({ dark: false, compact: false }).token?.colorLink).toBe('#4F46E5');
});

test('DocumentTheme puts the theme on the page: data-theme, the secondary text colour, the background', async () => {
  function Page() {
    const { dark } = useAppearance();
    return (
      <ConfigProvider theme={useAdminTheme()}>
        <DocumentTheme dark={dark} />
        <AppearanceSwitches />
      </ConfigProvider>
    );
  }
  const view = render(<Page />);
  const root = document.documentElement;
  expect(root.dataset.theme).toBe('light');
  expect(root.style.getPropertyValue('--ga-text-secondary')).toBe('rgba(0, 0, 0, 0.65)');
  await userEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
  expect(root.dataset.theme).toBe('dark');
  expect(root.style.getPropertyValue('--ga-text-secondary')).toBe('rgba(255, 255, 255, 0.7)');
  expect(document.body.style.backgroundColor).not.toBe('');
  view.unmount();
  expect(root.dataset.theme).toBeUndefined();
  expect(document.body.style.backgroundColor).toBe('');
});
