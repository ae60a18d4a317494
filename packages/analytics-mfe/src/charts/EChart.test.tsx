// Our wrapper over echarts-for-react: what it hands the chart. (echarts itself needs a real canvas:
// the dashboard journeys draw it in Chromium.)
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from './EChart';

// The options the chart component is given, in order, and the echarts instance it draws on.
const mockHanded: EChartsCoreOption[] = [];
const mockChartInstance = () => ({ setOption: jest.fn(), dispatchAction: jest.fn(), isDisposed: () => false, dispose: jest.fn(), on: jest.fn(), getDom: () => mockElement });
const mockElement = {} as HTMLElement;
let mockInstance = mockChartInstance();
jest.mock('echarts-for-react/esm/core', () => {
  const { Component } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    default: class ChartStub extends Component<{ option: EChartsCoreOption }> {
      override render() {
        mockHanded.push(this.props.option);
        return null;
      }
      getEchartsInstance() {
        return mockInstance;
      }
    },
  };
});
// The tooltip code: asked for through loadTooltips, arriving when the test says.
jest.mock('./echarts', () => {
  let arrive: () => void = () => undefined;
  const tooltipsLoaded = new Promise<void>((resolve) => (arrive = resolve));
  return {
    echarts: {},
    loadTooltips: jest.fn(),
    preloadTooltips: jest.fn(),
    tooltipsLoaded,
    tooltipsArrive: () => arrive(),
    hasTooltipCode: jest.fn(),
    initChart: jest.fn(),
  };
});
const { loadTooltips, preloadTooltips, tooltipsArrive, hasTooltipCode, initChart } = jest.requireMock<{
  loadTooltips: jest.Mock;
  preloadTooltips: jest.Mock;
  tooltipsArrive: () => void;
  hasTooltipCode: jest.Mock;
  initChart: jest.Mock;
}>('./echarts');

beforeEach(() => {
  mockHanded.length = 0;
  jest.clearAllMocks();
  mockInstance = mockChartInstance();
});

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

/** The system's reduced-motion setting as the browser answers it (matchMedia), changeable by the test. */
function reducedMotionSetting(reduce: boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ media: query, matches: query === '(prefers-reduced-motion: reduce)' && reduce }) as MediaQueryList;
  return {
    change: (next: boolean) => (reduce = next),
    restore: () => (window.matchMedia = original),
  };
}

test('while the administrator asks the system for reduced motion, no drawing is animated', () => {
  const setting = reducedMotionSetting(true);
  try {
    const option = (data: number[]): EChartsCoreOption => ({ series: [{ type: 'line', data }] });
    const [week, month, year, day] = [option([1, 2, 3]), option([4, 5, 6]), option([7, 8, 9]), option([0, 1, 0])];
    const { rerender } = render(<EChart option={week} label="User Activity" />);
    expect(mockHanded.at(-1)).toEqual({ ...week, animation: false });
    rerender(<EChart option={month} label="User Activity" />);
    expect(mockHanded.at(-1)).toEqual({ ...month, animation: false });

    // The setting as it is when a drawing comes.
    setting.change(false);
    rerender(<EChart option={year} label="User Activity" />);
    expect(mockHanded.at(-1)).toBe(year);
    setting.change(true);
    rerender(<EChart option={day} label="User Activity" />);
    expect(mockHanded.at(-1)).toEqual({ ...day, animation: false });
  } finally {
    setting.restore();
  }
});

test('the tooltip code is not asked for before the first drawing: when the browser is next idle, or as the pointer enters', () => {
  const idle: (() => void)[] = [];
  window.requestIdleCallback = jest.fn((task: IdleRequestCallback) => idle.push(() => task({} as IdleDeadline)));
  window.cancelIdleCallback = jest.fn();
  try {
    const { unmount } = render(<EChart option={{ series: [] }} label="User Activity" />);
    expect(preloadTooltips).not.toHaveBeenCalled();
    idle.forEach((task) => task());
    expect(preloadTooltips).toHaveBeenCalledTimes(1);
    expect(loadTooltips).not.toHaveBeenCalled();

    fireEvent.pointerEnter(screen.getByRole('img', { name: 'User Activity' }));
    expect(loadTooltips).toHaveBeenCalledTimes(1); // (loadTooltips itself asks only once)
    unmount();
  } finally {
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  }
});

test('once the tooltip code is in, a chart created with it gets its tooltip merged, shown at once where the pointer rests', async () => {
  hasTooltipCode.mockReturnValue(true);
  const tooltip = { trigger: 'axis' };
  render(<EChart option={{ tooltip, series: [{ type: 'line', data: [1, 2, 3] }] }} label="User Activity" />);
  const chart = screen.getByRole('img', { name: 'User Activity' });
  chart.getBoundingClientRect = () => ({ left: 100, top: 50 }) as DOMRect;
  // (jsdom has no PointerEvent: mouse events of the pointer types carry the coordinates)
  fireEvent(chart, new MouseEvent('pointerover', { bubbles: true, clientX: 130, clientY: 90 }));
  fireEvent(chart, new MouseEvent('pointermove', { bubbles: true, clientX: 140, clientY: 95 }));
  expect(mockInstance.setOption).not.toHaveBeenCalled();

  await act(async () => tooltipsArrive());
  // Merged (no second argument): the drawn series stay, with no second animation.
  expect(mockInstance.setOption).toHaveBeenCalledWith({ tooltip });
  expect(mockInstance.setOption.mock.calls[0]).toHaveLength(1);
  expect(mockInstance.dispatchAction).toHaveBeenCalledWith({ type: 'showTip', x: 40, y: 45 });
});

test('a chart created before the tooltip code is drawn again by a new instance, unanimated, its clicks and the tooltip at the pointer working', async () => {
  hasTooltipCode.mockReturnValue(false);
  const old = mockInstance;
  const fresh = mockChartInstance();
  initChart.mockImplementation((element: HTMLElement) => {
    expect(element).toBe(mockElement);
    mockInstance = fresh; // (echarts-for-react finds the new one by its element)
    return fresh;
  });
  const onItemClick = jest.fn();
  const option = { tooltip: { trigger: 'axis' }, series: [{ type: 'bar', data: [1, 2] }] };
  render(<EChart option={option} label="Order Distribution" onItemClick={onItemClick} />);
  const chart = screen.getByRole('img', { name: 'Order Distribution' });
  chart.getBoundingClientRect = () => ({ left: 0, top: 0 }) as DOMRect;
  fireEvent(chart, new MouseEvent('pointermove', { bubbles: true, clientX: 12, clientY: 34 }));

  await act(async () => tooltipsArrive());
  expect(old.dispose).toHaveBeenCalled();
  expect(fresh.setOption).toHaveBeenCalledWith({ ...option, animation: false });
  expect(fresh.dispatchAction).toHaveBeenCalledWith({ type: 'showTip', x: 12, y: 34 });
  const [event, handler] = fresh.on.mock.calls[0] as [string, (item: unknown) => void];
  expect(event).toBe('click');
  handler({ seriesName: 'Likes', dataIndex: 1 });
  expect(onItemClick).toHaveBeenCalledWith({ seriesName: 'Likes', dataIndex: 1 });
});
