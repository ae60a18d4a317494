// jsdom cannot draw on a canvas, so component tests swap the echarts adapter for this stub,
// which exposes what would be drawn (series names and data) for assertions. The options
// themselves are tested as pure data (options.test.ts) and the real canvases in e2e.
import type { EChartsCoreOption } from 'echarts/core';

export const CHART_HEIGHT = 300;

interface StubSeries {
  name?: string;
  type?: string;
  data?: unknown[];
}

interface ChartClick {
  seriesName?: string;
  dataIndex: number;
  data?: unknown;
}

/** Each drawn element is also a button named '<series> <index>' that clicks it as echarts would. */
export function EChart({ option, label, onItemClick }: { option: EChartsCoreOption; label: string; onItemClick?: (item: ChartClick) => void }) {
  const series = (option.series ?? []) as StubSeries[];
  const xAxis = option.xAxis as { data?: string[] } | undefined;
  const textColor = (option.textStyle as { color?: string } | undefined)?.color;
  return (
    <div role="img" aria-label={label} data-testid="echart-stub" data-text-color={textColor}>
      {xAxis?.data && <div data-testid="echart-x-labels">{xAxis.data.join('|')}</div>}
      {series.map((s, i) => (
        <div key={i} data-testid="echart-series">
          {s.type}:{s.name}={JSON.stringify(s.data)}
        </div>
      ))}
      {onItemClick &&
        series.flatMap((s, i) =>
          (s.data ?? []).map((d, index) => (
            <button key={`${i}-${index}`} type="button" data-testid="echart-item" onClick={() => onItemClick({ seriesName: s.name, dataIndex: index, data: d })}>
              {`${s.name} ${index}`}
            </button>
          )),
        )}
    </div>
  );
}
