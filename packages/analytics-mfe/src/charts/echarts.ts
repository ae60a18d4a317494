// The one place echarts is assembled: `echarts/core` plus only the charts, components and
// renderer the dashboard draws with, so the remote never ships the full echarts build.
// Never `import * as echarts from 'echarts'` anywhere in this package.
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridSimpleComponent, LegendPlainComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// The grid without its axis pointer, which comes with the tooltips (echartsTooltips.ts): nothing
// points at an axis before the pointer is over a chart. The plain legend, which wraps onto a second
// line: the scrolling one drew a cut item before its pager (a pie's five regions at 1400 px).
echarts.use([LineChart, BarChart, PieChart, GridSimpleComponent, LegendPlainComponent, CanvasRenderer]);

let requested = false;
let markLoaded: () => void = () => undefined;
let loaded = false;

/** Settles once the tooltip code is registered; EChart then adds each chart's tooltip. */
export const tooltipsLoaded = new Promise<void>((resolve) => (markLoaded = resolve)).then(() => {
  loaded = true;
});

/** The instances created once the tooltip code was registered (see initChart). */
const createdWithTooltips = new WeakSet<echarts.ECharts>();

/**
 * echarts.init, remembering whether the tooltip code was in: an instance runs only the processors
 * registered when it was created (its Scheduler copies them), so one created before has tooltips
 * but an axis pointer that never moves, and EChart creates it again once they are in.
 */
export function initChart(element: HTMLElement): echarts.ECharts {
  const instance = echarts.init(element);
  if (loaded) createdWithTooltips.add(instance);
  return instance;
}

export const hasTooltipCode = (instance: echarts.ECharts): boolean => createdWithTooltips.has(instance);

/**
 * Tooltips and the axis pointer (15 kB gzip) draw nothing until the pointer is over a chart, so they
 * are not on the way to the first drawing: EChart asks for them once the browser is idle after it,
 * or as soon as the pointer enters a chart. After a failed load the next ask tries again.
 */
export function loadTooltips(): void {
  if (requested) return;
  requested = true;
  import(/* webpackChunkName: "echarts-tooltips" */ './echartsTooltips').then(markLoaded, () => {
    requested = false;
  });
}

let preloaded = false;

/** loadTooltips, the first time only: the idle-time ask of every chart; a failed one waits for a pointer. */
export function preloadTooltips(): void {
  if (preloaded) return;
  preloaded = true;
  loadTooltips();
}

/**
 * What echarts-for-react calls on echarts (its `echarts` prop): these three functions, not the
 * namespace, which would keep every export of echarts/core in the build (maps and GeoJSON among them).
 */
export const chartLibrary = { init: echarts.init, dispose: echarts.dispose, getInstanceByDom: echarts.getInstanceByDom };
