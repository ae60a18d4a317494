// Pure builders of the canary chart (the `settings.remotes.canary` contribution): the canary's and
// the stable release's administrators over the judge's window, one metric at a time, as an echarts
// option and as the table the keyboard reads. Free of React and of echarts, tested as plain data.
import type { JudgementSeriesPoint } from '@growth-admin/shared-client';
import type { EChartsCoreOption } from 'echarts/core';
import type { DataTable } from '../charts/chartData';
import { paletteColor } from '../charts/options';
import { axisTooltip } from '../charts/tooltip';

export type CanaryMetric = 'errorRate' | 'inp' | 'lcp' | 'cls' | 'views';

export const CANARY_METRICS: ReadonlyArray<{ value: CanaryMetric; label: string }> = [
  { value: 'errorRate', label: 'Error rate' },
  { value: 'inp', label: 'INP p75' },
  { value: 'lcp', label: 'LCP p75' },
  { value: 'cls', label: 'CLS p75' },
  { value: 'views', label: 'Views' },
];

const COHORTS = [
  { key: 'canary', name: 'Canary' },
  { key: 'stable', name: 'Stable' },
] as const;

type Cohort = JudgementSeriesPoint['canary'];

/** A cohort's figure in a bucket, in the unit the axis shows: %, ms, CLS's score, views (null: nothing measured). */
export function valueOf(point: Cohort, metric: CanaryMetric): number | null {
  if (metric === 'views') return point.views;
  const v = point[metric];
  if (v === null) return null;
  if (metric === 'errorRate') return Math.round(v * 1000) / 10;
  if (metric === 'cls') return Math.round(v * 1000) / 1000;
  return Math.round(v);
}

/** A figure as text, with its unit; a dash where nothing was measured. */
export function formatValue(value: number | null, metric: CanaryMetric): string {
  if (value === null) return '—';
  if (metric === 'errorRate') return `${value.toFixed(1)} %`;
  if (metric === 'cls') return value.toFixed(3);
  if (metric === 'views') return value.toLocaleString('en-US');
  return `${value} ms`;
}

/** A bucket's start as the axis shows it: the time of day, with the date when the window spans days. */
export function bucketLabels(series: readonly JudgementSeriesPoint[], timeZone?: string): string[] {
  const first = series[0] && Date.parse(series[0].at);
  const last = series.length ? Date.parse(series[series.length - 1].at) : first;
  const spansDays = first !== undefined && last - first >= 24 * 3600_000;
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(spansDays ? { month: 'short', day: 'numeric' } : {}) });
  return series.map((p) => format.format(new Date(p.at)));
}

/** The chart: one line per cohort; undefined when nothing was measured yet (the card shows its empty state). */
export function canaryChartOption(series: readonly JudgementSeriesPoint[], metric: CanaryMetric, timeZone?: string): EChartsCoreOption | undefined {
  if (!series.some((p) => p.canary.views > 0 || p.stable.views > 0)) return undefined;
  // The unit as the axis' name (no label formatter: a formatter is the tooltip helper's alone).
  const unit = metric === 'errorRate' ? '%' : metric === 'inp' || metric === 'lcp' ? 'ms' : '';
  return {
    color: [paletteColor(3), paletteColor(0)],
    tooltip: axisTooltip(),
    legend: { bottom: 0, type: 'plain', data: COHORTS.map((c) => c.name) },
    grid: { left: 16, right: 24, top: 24, bottom: 48, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: bucketLabels(series, timeZone) },
    yAxis: { type: 'value', min: 0, name: unit, ...(metric === 'views' ? { minInterval: 1 } : {}) },
    series: COHORTS.map((c, i) => ({
      name: c.name,
      type: 'line',
      connectNulls: true,
      showSymbol: true,
      itemStyle: { color: paletteColor(i === 0 ? 3 : 0) },
      data: series.map((p) => valueOf(p[c.key], metric)),
    })),
  };
}

/** What the chart draws, bucket by bucket, for the keyboard and screen readers. */
export function canaryChartTable(series: readonly JudgementSeriesPoint[], metric: CanaryMetric, timeZone?: string): DataTable {
  const labels = bucketLabels(series, timeZone);
  return {
    columns: ['From', ...COHORTS.map((c) => c.name)],
    rows: series.map((p, i) => ({
      key: p.at,
      label: labels[i],
      cells: COHORTS.map((c) => {
        const text = formatValue(valueOf(p[c.key], metric), metric);
        return { text, name: `${c.name}, ${labels[i]}: ${text}`, target: null };
      }),
    })),
  };
}
