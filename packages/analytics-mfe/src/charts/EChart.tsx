// echarts-for-react's core component over our tree-shaken echarts. Its autoResize (on by
// default) watches the container's size, so charts follow window resizes without our own listener.
import { useEffect, useMemo, useRef, useState } from 'react';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts } from './echarts';

export const CHART_HEIGHT = 300;

/**
 * echarts-for-react, initialising the chart once. Its own initEchartsInstance first draws a
 * throw-away instance, waits for its first frame to read the container's size, disposes it and
 * initialises again: two inits and a frame per chart before the first drawing (≈ 20-35 ms to the
 * dashboard's four charts, measured with e2e/perf/measure.mjs). echarts.init reads the size itself,
 * the container being laid out when the component mounts. (EChart passes no theme or init opts.)
 */
class EChartsOnce extends ReactEChartsCore {
  override initEchartsInstance() {
    return Promise.resolve(echarts.init(this.ele));
  }
}

/** What a click on a chart element says: the series, the bucket or slice index, the slice's data. */
export interface ChartClick {
  seriesName?: string;
  dataIndex: number;
  data?: unknown;
}

export function EChart({ option, label, onItemClick }: { option: EChartsCoreOption; label: string; onItemClick?: (item: ChartClick) => void }) {
  // Bound once: echarts keeps its handlers, so the latest callback is read through a ref.
  const latest = useRef(onItemClick);
  useEffect(() => {
    latest.current = onItemClick;
  });
  const onEvents = useMemo(() => ({ click: (item: ChartClick) => latest.current?.(item) }), []);
  // The first drawing is not animated: the chart is there at once (the dashboard's four charts
  // ≈ 35 ms sooner after sign-in, and no second of redrawn frames beside the rest of the first
  // screen). A later option (another period or range, the dark theme) animates as before.
  const [firstOption] = useState(option);
  const drawn = useMemo(() => (option === firstOption ? { ...option, animation: false } : option), [option, firstOption]);
  // The text colour drawn, for a journey to see the theme reach the canvas.
  const textColor = (option.textStyle as { color?: string } | undefined)?.color;
  return (
    <div role="img" aria-label={label} data-text-color={textColor}>
      <EChartsOnce
        echarts={echarts}
        option={drawn}
        // Replace, not merge: a new period must not leave stale buckets or series behind.
        notMerge
        onEvents={onEvents}
        style={{ height: CHART_HEIGHT, width: '100%' }}
      />
    </div>
  );
}
