// echarts-for-react's core component over our tree-shaken echarts; EChart redraws it at its
// container's size (echarts-for-react's own autoResize loses a resize, see below).
import { useEffect, useMemo, useRef, useState } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsCoreOption } from 'echarts/core';
import { chartLibrary, hasTooltipCode, initChart, loadTooltips, preloadTooltips, tooltipsLoaded } from './echarts';

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
    return Promise.resolve(initChart(this.ele));
  }
}

/** What a click on a chart element says: the series, the bucket or slice index, the slice's data. */
export interface ChartClick {
  seriesName?: string;
  dataIndex: number;
  data?: unknown;
}

/** Whether the administrator asks the system for reduced motion now (read at each drawing). */
const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Runs `task` when the browser is next idle (after the frame being drawn); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

export function EChart({ option, label, onItemClick }: { option: EChartsCoreOption; label: string; onItemClick?: (item: ChartClick) => void }) {
  // Bound once: echarts keeps its handlers, so the latest callback is read through a ref.
  const latest = useRef(onItemClick);
  const latestOption = useRef(option);
  useEffect(() => {
    latest.current = onItemClick;
    latestOption.current = option;
  });
  const chart = useRef<EChartsOnce>(null);
  // Where the pointer is over the chart (its own coordinates), to show the tooltip there as soon as
  // the tooltip code arrives: the pointer may well be resting.
  const pointer = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    let mounted = true;
    void tooltipsLoaded.then(() => {
      let instance = chart.current?.getEchartsInstance();
      if (!mounted || !instance || instance.isDisposed()) return;
      if (hasTooltipCode(instance)) {
        // Merged into what is drawn: the series stay as they are, with no second animation.
        instance.setOption({ tooltip: latestOption.current.tooltip });
      } else {
        // Drawn before the tooltip code came, so without the axis pointer's processors: drawn again
        // by a new instance, at once and unanimated, in this same task (no frame shows it empty).
        // echarts-for-react finds it by its element for the next option and the unmount.
        const element = instance.getDom();
        instance.dispose();
        instance = initChart(element);
        instance.setOption({ ...latestOption.current, animation: false });
        instance.on('click', (item) => latest.current?.(item as ChartClick));
      }
      if (pointer.current) instance.dispatchAction({ type: 'showTip', ...pointer.current });
    });
    const cancelIdle = whenIdle(preloadTooltips);
    return () => {
      mounted = false;
      cancelIdle();
    };
  }, []);
  // A chart follows its container's width (the window, the sidebar). Not echarts-for-react's
  // autoResize: it skips its first resize call, which a 60 ms debounce merges with any real change
  // in that time, so a window resized as the charts appeared left them at the old width. Here a
  // chart is redrawn whenever its drawn width differs from its container's (the first call: never).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const instance = chart.current?.getEchartsInstance();
      if (instance && !instance.isDisposed() && instance.getWidth() !== element.clientWidth) instance.resize();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    pointer.current = { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onEvents = useMemo(() => ({ click: (item: ChartClick) => latest.current?.(item) }), []);
  // The first drawing is not animated: the chart is there at once (the dashboard's four charts
  // ≈ 35 ms sooner after sign-in, and no second of redrawn frames beside the rest of the first
  // screen). A later option (figures refreshed in place) animates, unless the administrator asks
  // the system for reduced motion when it comes: then it is drawn at once too.
  const [firstOption] = useState(option);
  const drawn = useMemo(
    () => (option === firstOption || prefersReducedMotion() ? { ...option, animation: false } : option),
    [option, firstOption],
  );
  // The text colour drawn, for a journey to see the theme reach the canvas.
  const textColor = (option.textStyle as { color?: string } | undefined)?.color;
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-text-color={textColor}
      onPointerEnter={(event) => {
        onPointerMove(event);
        loadTooltips();
      }}
      onPointerMove={onPointerMove}
      onPointerLeave={() => (pointer.current = null)}
    >
      <EChartsOnce
        ref={chart}
        echarts={chartLibrary}
        option={drawn}
        // Replace, not merge: a new period must not leave stale buckets or series behind.
        notMerge
        autoResize={false}
        onEvents={onEvents}
        style={{ height: CHART_HEIGHT, width: '100%' }}
      />
    </div>
  );
}
