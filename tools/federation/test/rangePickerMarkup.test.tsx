// The light RangePicker (tools/federation/antd-range-picker.mjs) against antd's own, with the
// dashboard's props: the same markup but for its read-only inputs, so an antd upgrade that changes the
// picker fails here. A file of its own: the real picker's chunk is never loaded in its module registry.
import { render } from '@testing-library/react';
import { ConfigProvider, DatePicker as AntdDatePicker } from 'antd';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DatePicker } = require('../antd-range-picker.mjs') as typeof import('antd');

// The dashboard's picker (analytics-mfe's DateRangeFilter), empty.
const dashboardProps = {
  'aria-label': 'Date range',
  placeholder: ['Start date', 'End date'] as [string, string],
  format: 'YYYY-MM-DD',
  value: null,
  allowClear: true,
  disabledDate: () => false,
  onChange: () => undefined,
};

test("the light picker's markup is antd's RangePicker's, but for its read-only inputs", () => {
  const light = render(
    <ConfigProvider>
      <DatePicker.RangePicker {...dashboardProps} />
    </ConfigProvider>,
  ).container;
  const real = render(
    <ConfigProvider>
      <AntdDatePicker.RangePicker {...dashboardProps} />
    </ConfigProvider>,
  ).container;
  const inputs = light.querySelectorAll('input');
  expect(inputs).toHaveLength(2);
  inputs.forEach((input) => {
    expect(input).toHaveAttribute('readonly');
    input.removeAttribute('readonly');
  });
  expect(light.innerHTML).toBe(real.innerHTML);
});

