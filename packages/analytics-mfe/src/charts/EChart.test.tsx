// EChart: what it hands the echarts instance of its div. (echarts itself needs a real canvas: the
// dashboard journeys draw it in Chromium.)
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from './EChart';

// An echarts instance as EChart uses it; the one of the chart's div is `mockInstance`.
const mockChartInstance = () => ({ setOption: jest.fn(), dispatchAction: jest.fn(), isDisposed: () => false, dispose: jest.fn(), on: jest.fn(), getDom: () => mockElement });
const mockElement = {} as HTMLElement;
let mockInstance = mockChartInstance();
// The tooltip code: asked for through loadTooltips, arriving when the test says.
jest.mock('./echarts', () => {
  let arrive: () => void = () => undefined;
  const tooltipsLoaded = new Promise<void>((resolve) => (arrive = resolve));
  return {
    chartLibrary: { getInstanceByDom: jest.fn(() => mockInstance), dispose: jest.fn() },
    loadTooltips: jest.fn(),
    preloadTooltips: jest.fn(),
    tooltipsLoaded,
    tooltipsArrive: () => arrive(),
    hasTooltipCode: jest.fn(),
    initChart: jest.fn(() => mockInstance),
  };
});
const { chartLibrary, loadTooltips, preloadTooltips, tooltipsArrive, hasTooltipCode, initChart } = jest.requireMock<{
  chartLibrary: { getInstanceByDom: jest.Mock; dispose: jest.Mock };
  loadTooltips: jest.Mock;
  preloadTooltips: jest.Mock;
  tooltipsArrive: () => void;
  hasTooltipCode: jest.Mock;
  initChart: jest.Mock;
}>('./echarts');

/** The options the chart's instance was given, in order (each replacing the last). */
const handed = () =>
  mockInstance.setOption.mock.calls.map(([option, settings]: [EChartsCoreOption, unknown]) => {
    expect(settings).toEqual({ notMerge: true });
    return option;
  });

beforeEach(() => {
  jest.clearAllMocks();
  mockInstance = mockChartInstance();
  initChart.mockImplementation(() => mockInstance);
});

test('the first drawing is not animated; a later option (another period, the dark theme) is', () => {
  const week: EChartsCoreOption = { series: [{ type: 'line', data: [1, 2, 3] }] };
  const month: EChartsCoreOption = { series: [{ type: 'line', data: [4, 5, 6] }] };
  const { rerender } = render(<EChart option={week} label="User Activity" />);
  expect(initChart).toHaveBeenCalledTimes(1);
  expect(handed()).toEqual([{ ...week, animation: false }]);

  rerender(<EChart option={week} label="User Activity" />);
  expect(handed()).toEqual([{ ...week, animation: false }]);

  rerender(<EChart option={month} label="User Activity" />);
  expect(handed()).toHaveLength(2);
  expect(handed()[1]).toBe(month);
  expect(initChart).toHaveBeenCalledTimes(1);
});

test('an option with the same content in a new object (each render of the dashboard builds one) is not drawn again', () => {
  const month = (): EChartsCoreOption => ({ series: [{ type: 'bar', name: 'Likes', data: [4, 5, 6] }] });
  const first = month();
  const { rerender } = render(<EChart option={first} label="Order Distribution" />);
  const later = month();
  rerender(<EChart option={later} label="Order Distribution" />);
  expect(handed()).toEqual([{ ...first, animation: false }, later]);
  rerender(<EChart option={month()} label="Order Distribution" />);
  expect(handed()).toHaveLength(2);
});

test("a click on the chart's instance reaches the latest onItemClick; unmounting disposes the div's instance", () => {
  const first = jest.fn();
  const latest = jest.fn();
  const { rerender, unmount } = render(<EChart option={{ series: [] }} label="Regional Distribution" onItemClick={first} />);
  rerender(<EChart option={{ series: [] }} label="Regional Distribution" onItemClick={latest} />);
  const [event, handler] = mockInstance.on.mock.calls[0] as [string, (item: unknown) => void];
  expect(event).toBe('click');
  handler({ seriesName: 'Regions', dataIndex: 2, data: { key: 'US' } });
  expect(latest).toHaveBeenCalledWith({ seriesName: 'Regions', dataIndex: 2, data: { key: 'US' } });
  expect(first).not.toHaveBeenCalled();

  const div = initChart.mock.calls[0][0] as HTMLElement;
  expect(div.style.height).toBe('300px');
  unmount();
  expect(chartLibrary.dispose).toHaveBeenCalledWith(div);
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
  expect(mockInstance.setOption).toHaveBeenCalledTimes(1); // (the drawing)

  await act(async () => tooltipsArrive());
  // Merged (no second argument): the drawn series stay, with no second animation.
  expect(mockInstance.setOption).toHaveBeenCalledTimes(2);
  expect(mockInstance.setOption).toHaveBeenLastCalledWith({ tooltip });
  expect(mockInstance.setOption.mock.calls[1]).toHaveLength(1);
  expect(mockInstance.dispatchAction).toHaveBeenCalledWith({ type: 'showTip', x: 40, y: 45 });
});

test('a chart created before the tooltip code is drawn again by a new instance, unanimated, its clicks and the tooltip at the pointer working', async () => {
  hasTooltipCode.mockReturnValue(false);
  const old = mockInstance;
  const fresh = mockChartInstance();
  // The first one is the div's; the second is created again on the element the first one drew on.
  initChart.mockImplementation((element: HTMLElement) => {
    if (element !== mockElement) return old;
    mockInstance = fresh; // (found by its element for the next option and the unmount)
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
