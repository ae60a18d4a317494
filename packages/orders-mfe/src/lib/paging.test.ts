import { pagingFigures, showingText } from './paging';

describe('pagingFigures', () => {
  it('numbers the first full page of many', () => {
    const f = pagingFigures(1, 20, 45);
    expect(f).toEqual({ from: 1, to: 20, total: 45, pageCount: 3, hasPrevious: false, hasNext: true });
    expect(showingText(f, 'orders')).toBe('Showing 1 to 20 of 45 orders');
  });

  it('numbers a short last page up to the total', () => {
    const f = pagingFigures(3, 20, 45);
    expect(showingText(f, 'payments')).toBe('Showing 41 to 45 of 45 payments');
    expect(f.hasNext).toBe(false);
    expect(f.hasPrevious).toBe(true);
  });

  it('reads 0 to 0 and one page when nothing matches', () => {
    const f = pagingFigures(1, 20, 0);
    expect(showingText(f, 'orders')).toBe('Showing 0 to 0 of 0 orders');
    expect(f.pageCount).toBe(1);
    expect(f.hasNext).toBe(false);
  });

  it('reads 0 to 0 past the last page (the total shrank under us)', () => {
    expect(showingText(pagingFigures(4, 20, 45), 'orders')).toBe('Showing 0 to 0 of 45 orders');
  });

  it('counts an exact multiple of the page size without an empty extra page', () => {
    expect(pagingFigures(2, 20, 40).pageCount).toBe(2);
    expect(pagingFigures(2, 20, 40).hasNext).toBe(false);
  });
});
