import { pageOfText, pagingFigures, showingText } from './paging';

const texts = (page: number, total: number) => {
  const f = pagingFigures(page, 20, total);
  return [showingText(f), pageOfText(f), f.hasPrevious, f.hasNext];
};

describe('paging figures', () => {
  it('first of several pages', () => {
    expect(texts(1, 45)).toEqual(['Showing 1 to 20 of 45 users', 'Page 1 of 3', false, true]);
  });

  it('a middle page', () => {
    expect(texts(2, 45)).toEqual(['Showing 21 to 40 of 45 users', 'Page 2 of 3', true, true]);
  });

  it('last, partial page', () => {
    expect(texts(3, 45)).toEqual(['Showing 41 to 45 of 45 users', 'Page 3 of 3', true, false]);
  });

  it('a last page that is exactly full', () => {
    expect(texts(2, 40)).toEqual(['Showing 21 to 40 of 40 users', 'Page 2 of 2', true, false]);
  });

  it('a single partial page', () => {
    expect(texts(1, 7)).toEqual(['Showing 1 to 7 of 7 users', 'Page 1 of 1', false, false]);
  });

  it('no results', () => {
    expect(texts(1, 0)).toEqual(['Showing 0 to 0 of 0 users', 'Page 1 of 1', false, false]);
  });

  it('a page past the end (the total shrank) shows nothing but lets you go back', () => {
    expect(texts(4, 45)).toEqual(['Showing 0 to 0 of 45 users', 'Page 4 of 3', true, false]);
  });
});
