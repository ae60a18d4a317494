// Paging figures for the 'Showing X to Y of N orders' line and the previous/next buttons.

export interface PagingFigures {
  /** 1-based index of the first row shown, 0 when there is none. */
  from: number;
  /** 1-based index of the last row shown, 0 when there is none. */
  to: number;
  total: number;
  /** At least 1, so an empty list still reads 'Page 1 of 1'. */
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** `page` is the UI page (1-based); a page past the end reads 0 to 0. */
export function pagingFigures(page: number, pageSize: number, total: number): PagingFigures {
  const safeTotal = Math.max(0, Math.trunc(total) || 0);
  const pageCount = Math.max(1, Math.ceil(safeTotal / pageSize));
  const first = (page - 1) * pageSize + 1;
  const from = first <= safeTotal ? first : 0;
  const to = from ? Math.min(page * pageSize, safeTotal) : 0;
  return { from, to, total: safeTotal, pageCount, hasPrevious: page > 1, hasNext: page < pageCount };
}

export function showingText({ from, to, total }: PagingFigures, noun: string): string {
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}
