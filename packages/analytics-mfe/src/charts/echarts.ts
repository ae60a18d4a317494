// The one place echarts is assembled: `echarts/core` plus only the charts, components and
// renderer the dashboard draws with, so the remote never ships the full echarts build.
// Never `import * as echarts from 'echarts'` anywhere in this package.
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { echarts };
