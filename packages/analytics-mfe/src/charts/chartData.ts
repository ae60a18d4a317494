// What each chart draws, as rows of a table whose figures link to the same drill-down targets a
// click on the chart opens (drillDown.ts): the keyboard's and screen reader's way to them.
import type { TrendPeriod, TrendPoint } from '@growth-admin/shared-client';
import { orderDistributionTarget, productTypeTarget, regionTarget, userActivityTarget, type DrillTarget } from './drillDown';
import { ORDER_SERIES, type PieItem } from './options';
import { formatTimeLabels } from './timeLabels';
import { formatMoney } from '@growth-admin/ui-kit/core';

export interface DataCell {
  text: string;
  /** The link's name: the figure with its row and column ('Likes, Nov 3: 12'). */
  name: string;
  target: DrillTarget | null;
}

export interface DataTable {
  columns: string[];
  rows: Array<{ key: string; label: string; cells: DataCell[] }>;
}

const cell = (column: string, label: string, text: string, target: DrillTarget | null): DataCell => ({ text, name: `${column}, ${label}: ${text}`, target });
const number = (n: number) => n.toLocaleString('en-US');

export function userActivityTable(points: readonly TrendPoint[], period: TrendPeriod, timeZone?: string): DataTable {
  const labels = formatTimeLabels(points.map((p) => p.time), period);
  return {
    columns: ['Time', 'New Users'],
    rows: points.map((p, i) => ({
      key: p.time,
      label: labels[i],
      cells: [cell('New Users', labels[i], number(p.newUsers), userActivityTarget(p, period, timeZone))],
    })),
  };
}

export function orderDistributionTable(points: readonly TrendPoint[], period: TrendPeriod, timeZone?: string): DataTable {
  const labels = formatTimeLabels(points.map((p) => p.time), period);
  return {
    columns: ['Time', ...ORDER_SERIES.map((s) => s.name)],
    rows: points.map((p, i) => ({
      key: p.time,
      label: labels[i],
      cells: ORDER_SERIES.map((s) => cell(s.name, labels[i], number(p.orders[s.key]), orderDistributionTarget(p, s.name, period, timeZone))),
    })),
  };
}

export function productTypeTable(items: readonly PieItem[]): DataTable {
  return {
    columns: ['Product type', 'Revenue'],
    rows: items.map((it) => ({ key: it.key ?? it.name, label: it.name, cells: [cell('Revenue', it.name, `$${formatMoney(it.value)}`, productTypeTarget(it.key))] })),
  };
}

export function regionTable(items: readonly PieItem[]): DataTable {
  return {
    columns: ['Region', 'Users'],
    rows: items.map((it) => ({ key: it.key ?? it.name, label: it.name, cells: [cell('Users', it.name, number(it.value), regionTarget(it.key))] })),
  };
}
