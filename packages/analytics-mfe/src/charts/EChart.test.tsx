// Our wrapper over echarts-for-react: what it hands the chart. (echarts itself needs a real canvas:
// the dashboard journeys draw it in Chromium.)
import { render } from '@testing-library/react';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from './EChart';

// The options the chart component is given, in order.
const mockHanded: EChartsCoreOption[] = [];
jest.mock('echarts-for-react/lib/core', () => {
  const { Component } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    default: class ChartStub extends Component<{ option: EChartsCoreOption }> {
      override render() {
        mockHanded.push(this.props.option);
        return null;
      }
    },
  };
});
jest.mock('./echarts', () => ({ echarts: {} }));

beforeEach(() => (mockHanded.length = 0));

test('the first drawing is not animated; a later option (another period, the dark theme) is', () => {
  const week: EChartsCoreOption = { series: [{ type: 'line', data: [1, 2, 3] }] };
  const month: EChartsCoreOption = { series: [{ type: 'line', data: [4, 5, 6] }] };
  const { rerender } = render(<EChart option={week} label="User Activity" />);
  expect(mockHanded.at(-1)).toEqual({ ...week, animation: false });

  rerender(<EChart option={week} label="User Activity" />);
  expect(mockHanded.at(-1)).toEqual({ ...week, animation: false });

  rerender(<EChart option={month} label="User Activity" />);
  expect(mockHanded.at(-1)).toBe(month);
});
