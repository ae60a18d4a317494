// Loaded by loadTooltips (echarts.ts) in a chunk of its own: echarts' tooltip component (model,
// view and the showTip/hideTip actions) and the axis pointer it installs (the grid's, moved by an
// axis tooltip).
import * as echarts from 'echarts/core';
import { TooltipComponent } from 'echarts/components';

echarts.use([TooltipComponent]);
