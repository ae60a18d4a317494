import { pageOfText, pagingFigures, showingText } from './paging';

const texts = (page: number, total: number, noun = 'users') => {
  const f = pagingFigures(page, 20, total);
  return [showingText(f, noun), pageOfText(f), f.hasPrevious, f.hasNext];
};

describe('paging figures', () => {
  it('first of several pages', () => {
    expect(texts(1, 45)).toEqual(['Showing 1 to 20 of 45 users', 'Page 1 of 3', false, true]);
    expect(pagingFigures(1, 20, 45)).toEqual({ from: 1, to: 20, total: 45, page: 1, pageCount: 3, hasPrevious: false, hasNext: true });
  });

  it('a middle page', () => {
    expect(texts(2, 45, 'orders')).toEqual(['Showing 21 to 40 of 45 orders', 'Page 2 of 3', true, true]);
  });

  it('last, partial page', () => {
    expect(texts(3, 45, 'payments')).toEqual(['Showing 41 to 45 of 45 payments', 'Page 3 of 3', true, false]);
  });

  it('a last page that is exactly full: no empty extra page', () => {
    expect(texts(2, 40)).toEqual(['Showing 21 to 40 of 40 users', 'Page 2 of 2', true, false]);
  });

  it('a single partial page', () => {
    expect(texts(1, 7)).toEqual(['Showing 1 to 7 of 7 users', 'Page 1 of 1', false, false]);
  });

  it('no results still read page 1 of 1', () => {
    expect(texts(1, 0, 'orders')).toEqual(['Showing 0 to 0 of 0 orders', 'Page 1 of 1', false, false]);
  });

  it('a page past the end (the total shrank) shows nothing but lets you go back', () => {
    expect(texts(4, 45)).toEqual(['Showing 0 to 0 of 45 users', 'Page 4 of 3', true, false]);
  });

  it('a missing, negative or fractional total or page counts as the nearest valid one', () => {
    expect(pagingFigures(1, 20, Number.NaN).total).toBe(0);
    expect(pagingFigures(1, 20, -5).total).toBe(0);
    expect(pagingFigures(1, 20, 20.7).total).toBe(20);
    expect(pagingFigures(0, 20, 45).page).toBe(1);
    expect(pagingFigures(Number.NaN, 20, 45).page).toBe(1);
  });
});
