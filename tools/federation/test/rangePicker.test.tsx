// The shared antd's RangePicker (tools/federation/antd-range-picker.mjs): the closed, empty picker
// is drawn without DatePicker's code, with antd's own markup and styles, and the real picker takes
// its place (and the focus) once asked for. The facade's `antd/es/...` requests are antd's CommonJS
// build here (jest does not transpile antd's ESM). The chunk, once in, stays in the file's module
// registry: what a picker drawn after it is in does is rangePickerLoaded.test.tsx.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DatePicker } = require('../antd-range-picker.mjs') as typeof import('antd');

const picker = () => (
  <ConfigProvider>
    <DatePicker.RangePicker aria-label="Date range" placeholder={['Start date', 'End date']} />
  </ConfigProvider>
);

test('the empty picker is drawn light, then the real one takes its place and the focus', async () => {
  render(picker());
  const start = screen.getByPlaceholderText('Start date');
  expect(start).toHaveAttribute('readonly'); // the light one
  expect(start.closest('.ant-picker')).toHaveClass('ant-picker-range', 'ant-picker-outlined');
  expect(screen.getByPlaceholderText('End date')).toHaveAccessibleName('Date range');

  await act(async () => fireEvent.focus(start));
  await waitFor(() => expect(screen.getByPlaceholderText('Start date')).not.toHaveAttribute('readonly'), { timeout: 10_000 });
  expect(screen.getByPlaceholderText('Start date')).toHaveFocus();
  expect(screen.getAllByPlaceholderText('Start date')).toHaveLength(1);
});
