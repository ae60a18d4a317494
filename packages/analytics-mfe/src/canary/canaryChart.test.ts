// The canary chart as plain data: what each metric draws per cohort and bucket, the axis labels and
// the table the keyboard reads.
import type { JudgementSeriesPoint } from '@growth-admin/shared-client';
import { bucketLabels, canaryChartOption, canaryChartTable, formatValue, valueOf } from './canaryChart';

const none = { views: 0, admins: 0, errorRate: null, inp: null, lcp: null, cls: null };
const SERIES: JudgementSeriesPoint[] = [
  { at: '2026-11-26T10:00:00.000Z', canary: { views: 40, admins: 4, errorRate: 0.025, inp: 180.4, lcp: 1450.6, cls: 0.01234 }, stable: { views: 160, admins: 16, errorRate: 0.0125, inp: 150, lcp: 1400, cls: 0.011 } },
  { at: '2026-11-26T10:05:00.000Z', canary: none, stable: { views: 12, admins: 2, errorRate: 0, inp: null, lcp: 1300, cls: null } },
  { at: '2026-11-26T10:10:00.000Z', canary: { views: 3, admins: 1, errorRate: 1 / 3, inp: 90, lcp: 900, cls: 0 }, stable: none },
];

test('each metric in the unit its axis shows; a bucket where nothing was measured is a gap', () => {
  expect(SERIES.map((p) => valueOf(p.canary, 'errorRate'))).toEqual([2.5, null, 33.3]);
  expect(SERIES.map((p) => valueOf(p.canary, 'lcp'))).toEqual([1451, null, 900]);
  expect(SERIES.map((p) => valueOf(p.stable, 'inp'))).toEqual([150, null, null]);
  expect(SERIES.map((p) => valueOf(p.canary, 'cls'))).toEqual([0.012, null, 0]);
  expect(SERIES.map((p) => valueOf(p.canary, 'views'))).toEqual([40, 0, 3]);
  expect([formatValue(2.5, 'errorRate'), formatValue(1451, 'lcp'), formatValue(0.012, 'cls'), formatValue(1200, 'views'), formatValue(null, 'inp')]).toEqual([
    '2.5 %',
    '1451 ms',
    '0.012',
    '1,200',
    '—',
  ]);
});

test('the chart: a line per cohort over the buckets, canary first; nothing measured draws no chart', () => {
  const option = canaryChartOption(SERIES, 'lcp', 'UTC')!;
  expect((option.xAxis as { data: string[] }).data).toEqual(['10:00', '10:05', '10:10']);
  expect((option.series as Array<{ name: string; type: string; data: unknown[] }>).map((s) => [s.name, s.type, s.data])).toEqual([
    ['Canary', 'line', [1451, null, 900]],
    ['Stable', 'line', [1400, 1300, null]],
  ]);
  expect((option.yAxis as { name: string }).name).toBe('ms');
  expect(canaryChartOption(SERIES.map((p) => ({ ...p, canary: none, stable: none })), 'lcp')).toBeUndefined();
});

test('a window over more than a day labels its buckets with the date', () => {
  const long = [SERIES[0], { ...SERIES[1], at: '2026-11-27T16:00:00.000Z' }];
  expect(bucketLabels(long, 'UTC')).toEqual(['Nov 26, 10:00', 'Nov 27, 16:00']);
});

test('the table the keyboard reads: a row per bucket, each cohort’s figure with its unit', () => {
  const table = canaryChartTable(SERIES, 'errorRate', 'UTC');
  expect(table.columns).toEqual(['From', 'Canary', 'Stable']);
  expect(table.rows.map((r) => [r.label, ...r.cells.map((c) => c.text)])).toEqual([
    ['10:00', '2.5 %', '1.3 %'],
    ['10:05', '—', '0.0 %'],
    ['10:10', '33.3 %', '—'],
  ]);
  expect(table.rows[0].cells[0]).toEqual({ text: '2.5 %', name: 'Canary, 10:00: 2.5 %', target: null });
});
