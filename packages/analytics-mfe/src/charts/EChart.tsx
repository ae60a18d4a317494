// The dashboard's chart: our tree-shaken echarts drawn into a div, redrawn at its container's size.
import { PureComponent, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import isEqual from 'fast-deep-equal';
import type { EChartsCoreOption } from 'echarts/core';
import { chartLibrary, hasTooltipCode, initChart, loadTooltips, preloadTooltips, tooltipsLoaded } from './echarts';

export const CHART_HEIGHT = 300;
const CANVAS_STYLE: CSSProperties = { height: CHART_HEIGHT, width: '100%' };

interface CanvasProps {
  option: EChartsCoreOption;
  /** A click on a bar, point or slice (bound once: pass a stable function). */
  onClick: (item: ChartClick) => void;
  style: CSSProperties;
}

/**
 * The echarts instance of a div: created once as it mounts (echarts.init reads the laid-out
 * container's size itself: no throw-away first instance, as echarts-for-react drew, and no frame
 * waited for), given each option that differs in content from the last (replaced, not merged: a new
 * period must not leave stale buckets or series behind), disposed with the div. What
 * echarts-for-react's core component did for EChart, without what it brought to the first load and
 * EChart never used (its resize sensor, loading masks, themes): 2 kB gzip. The instance is always
 * the div's (getInstanceByDom), so one EChart creates again in its place is the one given the next
 * option and disposed.
 */
class ChartCanvas extends PureComponent<CanvasProps> {
  private element: HTMLDivElement | null = null;

  getEchartsInstance() {
    return this.element ? chartLibrary.getInstanceByDom(this.element) : undefined;
  }

  override componentDidMount() {
    const instance = initChart(this.element!);
    instance.setOption(this.props.option, { notMerge: true });
    instance.on('click', (item) => this.props.onClick(item as ChartClick));
  }

  override componentDidUpdate(previous: CanvasProps) {
    // (the same content in a new object, as each render of the dashboard builds, is not drawn again)
    if (!isEqual(previous.option, this.props.option)) this.getEchartsInstance()?.setOption(this.props.option, { notMerge: true });
  }

  override componentWillUnmount() {
    if (this.element) chartLibrary.dispose(this.element);
  }

  override render() {
    return <div ref={(element) => void (this.element = element)} style={this.props.style} />;
  }
}

/** What a click on a chart element says: the series, the bucket or slice index, the slice's data. */
export interface ChartClick {
  seriesName?: string;
  dataIndex: number;
  data?: unknown;
}

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
  const chart = useRef<ChartCanvas>(null);
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
        // ChartCanvas finds it by its element for the next option and the unmount.
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
  // A chart follows its container's width (the window, the sidebar). (echarts-for-react's autoResize,
  // used before, skipped its first resize call, which a 60 ms debounce merged with any real change
  // in that time, so a window resized as the charts appeared left them at the old width.) Here a
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
  const onClick = useCallback((item: ChartClick) => latest.current?.(item), []);
  // The first drawing is not animated: the chart is there at once (the dashboard's four charts
  // ≈ 35 ms sooner after sign-in, and no second of redrawn frames beside the rest of the first
  // screen). A later option (another period or range, the dark theme) animates as before.
  const [firstOption] = useState(option);
  const drawn = useMemo(() => (option === firstOption ? { ...option, animation: false } : option), [option, firstOption]);
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
      <ChartCanvas ref={chart} option={drawn} onClick={onClick} style={CANVAS_STYLE} />
    </div>
  );
}
