// The paging figures under every list ('Showing X to Y of N <noun>', 'Page p of n').

export interface PagingFigures {
  /** 1-based index of the first row on this page, 0 when the page is empty. */
  from: number;
  /** 1-based index of the last row on this page, 0 when the page is empty. */
  to: number;
  total: number;
  /** The UI page, 1-based. */
  page: number;
  /** At least 1, so an empty result still reads 'Page 1 of 1'. */
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** `page` is the UI page (1-based); a page past the end reads 0 to 0; a bad total counts as 0. */
export function pagingFigures(page: number, pageSize: number, total: number): PagingFigures {
  const safeTotal = Math.max(0, Math.floor(total) || 0);
  const safePage = Math.max(1, Math.floor(page) || 1);
  const pageCount = Math.max(1, Math.ceil(safeTotal / pageSize));
  const first = (safePage - 1) * pageSize + 1;
  const onAPage = first <= safeTotal;
  return {
    from: onAPage ? first : 0,
    to: onAPage ? Math.min(safePage * pageSize, safeTotal) : 0,
    total: safeTotal,
    page: safePage,
    pageCount,
    hasPrevious: safePage > 1,
    hasNext: safePage < pageCount,
  };
}

export const showingText = (f: PagingFigures, noun: string): string => `Showing ${f.from} to ${f.to} of ${f.total} ${noun}`;

export const pageOfText = (f: PagingFigures): string => `Page ${f.page} of ${f.pageCount}`;
