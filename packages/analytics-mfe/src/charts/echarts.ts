// The one place echarts is assembled: `echarts/core` plus only the charts, components and
// renderer the dashboard draws with, so the remote never ships the full echarts build.
// Never `import * as echarts from 'echarts'` anywhere in this package.
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// The grid brings the axis pointer, which the tooltips move: it must be here, not with them, as
// a chart runs the processors (the axis pointer's among them) registered when it was created.
echarts.use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, CanvasRenderer]);

let requested = false;
let markLoaded: () => void = () => undefined;

/** Settles once the tooltip code is registered; EChart then adds each chart's tooltip. */
export const tooltipsLoaded = new Promise<void>((resolve) => (markLoaded = resolve));

/**
 * Tooltips (8 kB gzip) draw nothing until the pointer is over a chart, so they are not on the way
 * to the first drawing: EChart asks for them once the browser is idle after it, or as soon as the
 * pointer enters a chart. After a failed load the next ask tries again.
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

export { echarts };
