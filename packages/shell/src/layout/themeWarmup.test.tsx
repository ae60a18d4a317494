// The theme's tokens, derived before the layout's first render (themeWarmup.tsx): the layout then
// finds them in antd's cache instead of deriving them itself, and the warm-up root can go.
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { ConfigProvider, theme } from 'antd';
import { getAppearance } from '@growth-admin/shared-client';
import { releaseWarmTheme, warmTheme } from './themeWarmup';
import { adminTheme } from '@growth-admin/ui-kit';

function Probe() {
  theme.useToken();
  return null;
}

test('warmTheme derives the stored appearance\'s tokens once; the layout\'s ConfigProvider then reuses them', async () => {
  const derive = jest.spyOn(theme, 'defaultAlgorithm');
  await act(async () => warmTheme());
  expect(derive).toHaveBeenCalled();
  await act(async () => warmTheme()); // once
  derive.mockClear();

  const errors = jest.spyOn(console, 'error');
  function Layout() {
    useEffect(releaseWarmTheme, []); // as SignedInApp does
    return <Probe />;
  }
  jest.useFakeTimers(); // the warm-up root's end is a timer: run it when asked, not after a guessed wait
  const layout = render(
    <ConfigProvider theme={adminTheme(getAppearance())}>
      <Layout />
    </ConfigProvider>,
  );
  expect(derive).not.toHaveBeenCalled();
  // the warm-up root goes after the layout's commit, without React's complaint; the layout keeps the tokens
  expect(jest.getTimerCount()).toBeGreaterThan(0);
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
  expect(errors).not.toHaveBeenCalled();
  layout.rerender(
    <ConfigProvider theme={adminTheme(getAppearance())}>
      <Layout />
    </ConfigProvider>,
  );
  expect(derive).not.toHaveBeenCalled();
  errors.mockRestore();
  derive.mockRestore();
});
