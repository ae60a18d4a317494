// The one way a chart shows data in HTML: tooltips are DOM nodes whose every text is set with
// textContent, never an HTML string, so a region, product type or name sent by a mobile app stays
// text (`<img onerror=…>` is shown, not run). Lint refuses any chart `formatter` not made here
// (packages/lint-config), and the page's Trusted Types policy refuses markup in HTML sinks.
// Tooltips are `confine`d: echarts' arrow for unconfined item tooltips is an HTML string.

/** One line of a tooltip: a colour marker, a label and a value. */
export interface TooltipRow {
  color?: string;
  label: string;
  value: string;
}

/** What echarts passes a tooltip formatter for one item (pie slice, bar, point). */
export interface TooltipItem {
  name: string;
  seriesName?: string;
  value: unknown;
  percent?: number;
  color?: unknown;
  axisValueLabel?: string;
}

const MARKER_SIZE = '10px';

function text(tag: 'div' | 'span' | 'strong', content: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = content;
  return element;
}

/** echarts colours are strings for plain fills; anything else (gradients) gets no marker. */
const colorOf = (color: unknown): string | undefined => (typeof color === 'string' ? color : undefined);

/** A tooltip: an optional title, then one row per line (styles set through CSSOM, not markup). */
export function tooltipElement(title: string | null, rows: readonly TooltipRow[]): HTMLElement {
  const root = document.createElement('div');
  if (title !== null) root.append(text('div', title));
  for (const row of rows) {
    const line = document.createElement('div');
    line.style.display = 'flex';
    line.style.alignItems = 'center';
    line.style.gap = '6px';
    if (row.color) {
      const marker = document.createElement('span');
      Object.assign(marker.style, { display: 'inline-block', width: MARKER_SIZE, height: MARKER_SIZE, borderRadius: '50%', background: row.color });
      line.append(marker);
    }
    line.append(text('span', row.label), text('strong', row.value));
    root.append(line);
  }
  return root;
}

/** Tooltip options for an item chart (pie): `describe` turns the hovered item into one row. */
export function itemTooltip(describe: (item: TooltipItem) => Omit<TooltipRow, 'color'>) {
  return {
    trigger: 'item' as const,
    confine: true,
    formatter: (item: TooltipItem) => tooltipElement(null, [{ ...describe(item), color: colorOf(item.color) }]),
  };
}

/** Tooltip options for an axis chart (line, bars): the bucket as title, one row per series. */
export function axisTooltip(extra: Record<string, unknown> = {}) {
  return {
    trigger: 'axis' as const,
    confine: true,
    ...extra,
    formatter: (items: TooltipItem[] | TooltipItem) => {
      const list = Array.isArray(items) ? items : [items];
      return tooltipElement(
        list[0]?.axisValueLabel ?? list[0]?.name ?? null,
        list.map((item) => ({ color: colorOf(item.color), label: item.seriesName ?? item.name, value: String(item.value ?? 0) })),
      );
    },
  };
}
