// The shared antd's RangePicker (tools/federation/antd-range-picker.mjs) once DatePicker's chunk is
// in: a new picker is the real one from its first render (before: rangePicker.test.tsx). The
// facade's `antd/es/...` requests are antd's CommonJS build here (jest does not transpile antd's ESM).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DatePicker } = require('../antd-range-picker.mjs') as typeof import('antd');

const picker = () => (
  <ConfigProvider>
    <DatePicker.RangePicker aria-label="Date range" placeholder={['Start date', 'End date']} />
  </ConfigProvider>
);

test('once loaded, a new picker is the real one from its first render', async () => {
  // A first picker asks for the chunk (focused, as a user would) and is replaced by the real one.
  const first = render(picker());
  await act(async () => fireEvent.focus(screen.getByPlaceholderText('Start date')));
  await waitFor(() => expect(screen.getByPlaceholderText('Start date')).not.toHaveAttribute('readonly'), { timeout: 10_000 });
  first.unmount();

  render(picker());
  expect(screen.getByPlaceholderText('Start date')).not.toHaveAttribute('readonly');
});
