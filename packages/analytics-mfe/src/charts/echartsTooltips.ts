// Loaded by loadTooltips (echarts.ts) in a chunk of its own: echarts' tooltip component (model,
// view and the showTip/hideTip actions; the axis pointer it also installs is in already).
import * as echarts from 'echarts/core';
import { TooltipComponent } from 'echarts/components';

echarts.use([TooltipComponent]);
