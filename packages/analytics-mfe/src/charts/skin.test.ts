import type { TrendPoint } from '@growth-admin/shared-client';
import { buildOrderDistributionOption, buildPieOption, PALETTE } from './options';
import { isDarkColor, LIGHT_SKIN, withSkin, type ChartSkin } from './skin';

const DARK: ChartSkin = { text: 'rgba(255, 255, 255, 0.85)', mutedText: 'rgba(255, 255, 255, 0.7)', line: '#424242', split: '#303030', surface: '#1f1f1f' };
const points: TrendPoint[] = [{ time: '2026-11-01T00:00:00.000Z', newUsers: 1, orders: { coins: 1, likes: 2, followers: 3 } }];

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

test('an axis chart takes the skin for its text, axes, grid lines and tooltip, and keeps the palette', () => {
  const option = withSkin(buildOrderDistributionOption(points, 'day'), DARK) as Obj;
  expect(option.backgroundColor).toBe('transparent');
  expect(option.textStyle).toEqual({ color: DARK.text });
  expect(option.legend.textStyle).toEqual({ color: DARK.text });
  expect(option.legend.data).toEqual(['Coins', 'Likes', 'Followers']);
  expect(option.xAxis.axisLabel.color).toBe(DARK.mutedText);
  expect(option.xAxis.data).toHaveLength(1); // the axis keeps its own settings
  expect(option.yAxis.splitLine.lineStyle.color).toBe(DARK.split);
  expect(option.tooltip).toMatchObject({ backgroundColor: DARK.surface, textStyle: { color: DARK.text }, trigger: 'axis', confine: true });
  expect(typeof option.tooltip.formatter).toBe('function');
  expect(option.color).toEqual([...PALETTE]);
  expect(option.series.map((s: Obj) => s.itemStyle.color)).toEqual(PALETTE.slice(0, 3));
});

test('a pie takes the skin for slice borders and labels, slice colours unchanged', () => {
  const items = [
    { name: 'EU', value: 3 },
    { name: 'NA', value: 2 },
  ];
  const plain = buildPieOption('Users', items) as Obj;
  const option = withSkin(plain, DARK) as Obj;
  expect(option.series[0].itemStyle).toEqual({ ...plain.series[0].itemStyle, borderColor: DARK.surface });
  expect(option.series[0].label).toEqual({ ...plain.series[0].label, color: DARK.text });
  expect(option.series[0].data).toEqual(plain.series[0].data);
  expect(option.series[0].radius).toBe(100);
});

test('the light skin draws what the charts drew before dark mode', () => {
  const option = withSkin(buildPieOption('Users', [{ name: 'EU', value: 1 }]), LIGHT_SKIN) as Obj;
  expect(option.series[0].itemStyle.borderColor).toBe('#ffffff');
  expect(option.series[0].label.color).toBe('#262626');
});

test('dark surfaces are told from light ones', () => {
  expect(isDarkColor('#141414')).toBe(true);
  expect(isDarkColor('#1f1f1f')).toBe(true);
  expect(isDarkColor('#ffffff')).toBe(false);
  expect(isDarkColor('#f5f5f5')).toBe(false);
  expect(isDarkColor('white')).toBe(false);
});
