// Pure builders of the four charts' echarts options (spec 2 and 9): palette cycled, tooltips and
// legends on, pie outer radius 100. Kept free of React and of echarts itself so they are tested
// as plain data.
import type { Partly, RevenueStats, TrendPeriod, TrendPoint, UserStats } from '@growth-admin/shared-client';
import type { EChartsCoreOption } from 'echarts/core';
import { formatTimeLabels } from './timeLabels';
import { axisTooltip, itemTooltip } from './tooltip';
import { orderTypeLabel, regionName } from '@growth-admin/ui-kit/core';

export const PALETTE = ['#4F46E5', '#10B981', '#F59E0B', '#EF4444'] as const;
export const PIE_OUTER_RADIUS = 100;

/** The palette colour of the i-th series or slice, cycling after four. */
export const paletteColor = (index: number): string => PALETTE[index % PALETTE.length];

export interface PieItem {
  name: string;
  value: number;
  /** What the slice stands for in the data (a productType, a region code): where a click leads. */
  key?: string;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Above this many buckets a line is drawn plain (no smoothing, no symbols). */
export const DENSE_POINTS = 60;

const GRID = { left: 16, right: 24, top: 24, bottom: 48, containLabel: true };
const LEGEND_BOTTOM = { bottom: 0, type: 'plain' as const };

function timeAxis(points: readonly TrendPoint[], period: TrendPeriod) {
  return {
    type: 'category' as const,
    data: formatTimeLabels(
      points.map((p) => p.time),
      period,
    ),
  };
}

/** Line 'User Activity': new users per time bucket. */
export function buildUserActivityOption(points: readonly TrendPoint[], period: TrendPeriod): EChartsCoreOption {
  return {
    color: [...PALETTE],
    tooltip: axisTooltip(),
    legend: { ...LEGEND_BOTTOM, data: ['New Users'] },
    grid: GRID,
    xAxis: { ...timeAxis(points, period), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: 'New Users',
        type: 'line',
        // Hourly over 30 days is ~720 points: smoothing and symbols would only blur them, and
        // LTTB sampling keeps the peaks when there are more points than pixels.
        smooth: points.length <= DENSE_POINTS,
        showSymbol: points.length <= DENSE_POINTS,
        sampling: 'lttb',
        itemStyle: { color: paletteColor(0) },
        areaStyle: { opacity: 0.08 },
        data: points.map((p) => count(p.newUsers)),
      },
    ],
  };
}

export const ORDER_SERIES = [
  { name: 'Coins', key: 'coins' },
  { name: 'Likes', key: 'likes' },
  { name: 'Followers', key: 'followers' },
] as const;

/** Stacked bar 'Order Distribution': Coins, Likes, Followers per time bucket. */
export function buildOrderDistributionOption(points: readonly TrendPoint[], period: TrendPeriod): EChartsCoreOption {
  return {
    color: [...PALETTE],
    tooltip: axisTooltip({ axisPointer: { type: 'shadow' } }),
    legend: { ...LEGEND_BOTTOM, data: ORDER_SERIES.map((s) => s.name) },
    grid: GRID,
    xAxis: timeAxis(points, period),
    yAxis: { type: 'value', minInterval: 1 },
    series: ORDER_SERIES.map((s, i) => ({
      name: s.name,
      type: 'bar',
      stack: 'orders',
      itemStyle: { color: paletteColor(i) },
      data: points.map((p) => count(p.orders?.[s.key])),
    })),
  };
}

/**
 * Slice colours: the palette cycled, except that a slice never takes a neighbour's colour. A pie
 * closes on itself, so with 5 or 9 slices the last would touch the first in the same colour.
 */
export function sliceColors(count: number): string[] {
  const colors = Array.from({ length: count }, (_, i) => paletteColor(i));
  const last = count - 1;
  if (count > 2 && colors[last] === colors[0]) {
    colors[last] = PALETTE.find((c) => c !== colors[0] && c !== colors[last - 1])!;
  }
  return colors;
}

/**
 * From the fifth slice on, a colour is used again: those slices carry a light stripe pattern, so
 * no two slices look alike even where the labels are hidden.
 */
const REPEAT_DECAL = { symbol: 'rect', symbolSize: 1, dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: Math.PI / 4, color: 'rgba(255, 255, 255, 0.55)' };

/** Slices thinner than this (degrees) get no outside label: their names would pile up. */
export const PIE_MIN_LABEL_ANGLE = 10;

/**
 * A pie of named values, slices coloured by the cycled palette (no two neighbours alike),
 * separated by white borders, outer radius 100. Labels sit outside in dark grey; thin slices'
 * labels are left to the legend and tooltip rather than overlap.
 */
export function buildPieOption(
  seriesName: string,
  items: readonly PieItem[],
  formatValue: (value: number) => string = String,
): EChartsCoreOption {
  return {
    color: [...PALETTE],
    tooltip: itemTooltip((p) => ({ label: `${p.name}:`, value: `${formatValue(Number(p.value))} (${p.percent ?? 0}%)` })),
    legend: { ...LEGEND_BOTTOM, data: items.map((it) => it.name) },
    series: [
      {
        name: seriesName,
        type: 'pie',
        radius: PIE_OUTER_RADIUS,
        center: ['50%', '45%'],
        itemStyle: { borderColor: '#ffffff', borderWidth: 2 },
        // The slice's name only (echarts' own label; the share is in the tooltip): no formatter,
        // so data never goes through a template (charts/tooltip.ts).
        label: { color: '#262626', fontSize: 12 },
        labelLine: { length: 8, length2: 8 },
        labelLayout: { hideOverlap: true },
        minShowLabelAngle: PIE_MIN_LABEL_ANGLE,
        data: items.map((it, i, all) => ({
          ...it,
          itemStyle: { color: sliceColors(all.length)[i], ...(i >= PALETTE.length ? { decal: REPEAT_DECAL } : {}) },
        })),
      },
    ],
  };
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Revenue by product type, labelled as the rest of the app names types (heart → Like,
 * watch → Follow), other types capitalised for the legend (coins → Coins).
 */
export function revenueByProductTypeItems(stats: Partly<RevenueStats> | null | undefined): PieItem[] {
  return (stats?.productTypes ?? []).map((t) => ({
    name: capitalise(orderTypeLabel(t.type)) || 'Unknown',
    value: count(t.revenue),
    key: t.type,
  }));
}

export function regionItems(stats: Partly<UserStats> | null | undefined): PieItem[] {
  return (stats?.regionDistribution ?? []).map((r) => ({
    name: regionName(r.region),
    value: count(r.count),
    key: r.region,
  }));
}

/** A pie with nothing above zero would draw an empty circle: show the empty state instead. */
export const hasPieData = (items: readonly PieItem[]): boolean => items.some((it) => it.value > 0);

export const hasTrendData = (points: readonly TrendPoint[] | null | undefined): boolean => (points?.length ?? 0) > 0;
