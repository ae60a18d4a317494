import type { TrendPoint } from '@growth-admin/shared-client';
import {
  buildOrderDistributionOption,
  buildPieOption,
  sliceColors,
  PIE_MIN_LABEL_ANGLE,
  buildUserActivityOption,
  hasPieData,
  hasTrendData,
  paletteColor,
  PALETTE,
  PIE_OUTER_RADIUS,
  regionItems,
  revenueByProductTypeItems,
} from './options';

interface Series {
  name: string;
  type: string;
  stack?: string;
  radius?: unknown;
  data: Array<number | { name: string; value: number; itemStyle: { color: string; decal?: unknown } }>;
  itemStyle?: { color?: string; borderColor?: string; borderWidth?: number };
  minShowLabelAngle?: number;
  labelLayout?: unknown;
  label?: unknown;
}

const points: TrendPoint[] = [
  // As the API sends them: UTC bucket starts.
  { time: '2026-11-20T00:00:00.000Z', newUsers: 5, orders: { coins: 1, likes: 2, followers: 3 } },
  { time: '2026-11-21T00:00:00.000Z', newUsers: 7, orders: { coins: 4, likes: 5, followers: 6 } },
];

const seriesOf = (option: Record<string, unknown>) => option.series as Series[];

test('the palette is the spec colours, cycled after four', () => {
  expect(PALETTE).toEqual(['#4F46E5', '#10B981', '#F59E0B', '#EF4444']);
  expect([0, 1, 2, 3, 4, 5].map(paletteColor)).toEqual([...PALETTE, '#4F46E5', '#10B981']);
});

describe('User Activity', () => {
  test('one line of new users per bucket, labelled for the period, with tooltip and legend', () => {
    const option = buildUserActivityOption(points, 'day');
    const [line] = seriesOf(option);
    expect(line).toMatchObject({ name: 'New Users', type: 'line', data: [5, 7] });
    expect(line.itemStyle?.color).toBe('#4F46E5');
    expect((option.xAxis as { data: string[] }).data).toEqual(['Nov 20', 'Nov 21']);
    expect(option.tooltip).toMatchObject({ trigger: 'axis' });
    expect(option.legend).toMatchObject({ data: ['New Users'] });
  });

  test('hourly buckets over several days carry the day in their labels', () => {
    const option = buildUserActivityOption(points, 'hour');
    // Local clock times, so the exact day depends on the time zone; the shape does not.
    const labels = (option.xAxis as { data: string[] }).data;
    expect(labels).toHaveLength(2);
    labels.forEach((label) => expect(label).toMatch(/^Nov \d\d? \d\d:00$/));
  });

  test('a dense series (hourly over 30 days) is drawn plain, a short one smooth with symbols', () => {
    const dense = Array.from({ length: 720 }, (_, i) => ({ ...points[0], time: new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString() }));
    expect(seriesOf(buildUserActivityOption(dense, 'hour'))[0]).toMatchObject({ smooth: false, showSymbol: false, sampling: 'lttb' });
    expect(seriesOf(buildUserActivityOption(points, 'day'))[0]).toMatchObject({ smooth: true, showSymbol: true });
  });

  test('missing counts draw as 0, not as gaps or NaN', () => {
    const broken = [{ time: '2026-11-20T00:00:00' } as TrendPoint];
    expect(seriesOf(buildUserActivityOption(broken, 'day'))[0].data).toEqual([0]);
  });
});

describe('Order Distribution', () => {
  test('Coins, Likes and Followers stacked as bars in palette order', () => {
    const option = buildOrderDistributionOption(points, 'week');
    const series = seriesOf(option);
    expect(series.map((s) => [s.name, s.type, s.stack, s.itemStyle?.color])).toEqual([
      ['Coins', 'bar', 'orders', '#4F46E5'],
      ['Likes', 'bar', 'orders', '#10B981'],
      ['Followers', 'bar', 'orders', '#F59E0B'],
    ]);
    expect(series.map((s) => s.data)).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
    ]);
    expect(option.legend).toMatchObject({ data: ['Coins', 'Likes', 'Followers'] });
    expect(option.tooltip).toMatchObject({ trigger: 'axis' });
  });
});

describe('pies', () => {
  const items = ['A', 'B', 'C', 'D', 'E'].map((name, i) => ({ name, value: i + 1 }));

  test('outer radius 100, slices coloured by the cycled palette, and the last never in the colour of the first', () => {
    const [pie] = seriesOf(buildPieOption('Users', items));
    expect(pie.type).toBe('pie');
    expect(pie.radius).toBe(PIE_OUTER_RADIUS);
    expect(PIE_OUTER_RADIUS).toBe(100);
    // Five slices: the fifth would be the first's indigo and touch it; it takes green instead.
    expect(pie.data.map((d) => (typeof d === 'number' ? d : d.itemStyle.color))).toEqual([...PALETTE, '#10B981']);
  });

  test.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13])('%i slices: no two neighbours (the last and the first included) share a colour', (n) => {
    const colors = sliceColors(n);
    expect(colors).toHaveLength(n);
    expect(colors.every((c) => (PALETTE as readonly string[]).includes(c))).toBe(true);
    if (n > 1) colors.forEach((c, i) => expect([i, c]).not.toEqual([i, colors[(i + 1) % n]]));
  });

  test('slices are separated, a repeated colour is striped, and thin slices leave their label to the legend', () => {
    const [pie] = seriesOf(buildPieOption('Users', items));
    expect(pie.itemStyle).toMatchObject({ borderColor: '#ffffff', borderWidth: 2 });
    expect(pie.data.map((d) => typeof d !== 'number' && Boolean(d.itemStyle.decal))).toEqual([false, false, false, false, true]);
    expect(pie.minShowLabelAngle).toBe(PIE_MIN_LABEL_ANGLE);
    expect(pie.labelLayout).toEqual({ hideOverlap: true });
    expect(pie.label).toEqual({ color: '#262626', fontSize: 12 });
  });

  test('the tooltip names the slice with its formatted value and share', () => {
    const option = buildPieOption('Revenue', items, (v) => `$${v.toFixed(2)}`);
    const { formatter } = option.tooltip as { formatter: (p: { name: string; value: number; percent: number; color: string }) => HTMLElement };
    const tooltip = formatter({ name: 'Like', value: 12.5, percent: 25, color: '#4F46E5' });
    expect(tooltip.textContent).toBe('Like:$12.50 (25%)');
    expect(tooltip.querySelector('span')?.style.background).toBe('rgb(79, 70, 229)');
    // The plain legend wraps onto a second line where five names do not fit; the scrolling one drew
    // the fifth item cut before its pager (echarts.ts registers only the plain one).
    expect(option.legend).toMatchObject({ data: ['A', 'B', 'C', 'D', 'E'], type: 'plain' });
  });

  test('product types use the app-wide labels, capitalised; region codes are named; missing values are 0', () => {
    expect(
      revenueByProductTypeItems({
        productTypes: [
          { type: 'heart', revenue: 3 },
          { type: 'watch', revenue: 2 },
          { type: 'others', revenue: undefined as unknown as number },
          { type: '', revenue: 0 },
        ],
      }),
    ).toEqual([
      { name: 'Like', value: 3, key: 'heart' },
      { name: 'Follow', value: 2, key: 'watch' },
      { name: 'Others', value: 0, key: 'others' },
      { name: 'Unknown', value: 0, key: '' },
    ]);
    expect(
      regionItems({
        regionDistribution: [
          { region: 'EU', count: 4 },
          { region: 'AME', count: 2 },
          { region: 'Mars', count: 1 },
        ],
      }),
    ).toEqual([
      { name: 'Europe', value: 4, key: 'EU' },
      { name: 'Middle East', value: 2, key: 'AME' },
      { name: 'Mars', value: 1, key: 'Mars' },
    ]);
    expect(regionItems(undefined)).toEqual([]);
    expect(revenueByProductTypeItems(null)).toEqual([]);
  });
});

test('empty data is detected so the screen shows an empty state instead of a chart', () => {
  expect(hasTrendData([])).toBe(false);
  expect(hasTrendData(undefined)).toBe(false);
  expect(hasTrendData(points)).toBe(true);
  expect(hasPieData([])).toBe(false);
  expect(hasPieData([{ name: 'EU', value: 0 }])).toBe(false);
  expect(hasPieData([{ name: 'EU', value: 1 }])).toBe(true);
});
