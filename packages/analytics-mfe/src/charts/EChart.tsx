// echarts-for-react's core component over our tree-shaken echarts. Its autoResize (on by
// default) watches the container's size, so charts follow window resizes without our own listener.
import ReactEChartsCore from 'echarts-for-react/lib/core';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts } from './echarts';

export const CHART_HEIGHT = 300;

export function EChart({ option, label }: { option: EChartsCoreOption; label: string }) {
  // The text colour drawn, for a journey to see the theme reach the canvas.
  const textColor = (option.textStyle as { color?: string } | undefined)?.color;
  return (
    <div role="img" aria-label={label} data-text-color={textColor}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        // Replace, not merge: a new period must not leave stale buckets or series behind.
        notMerge
        style={{ height: CHART_HEIGHT, width: '100%' }}
      />
    </div>
  );
}
