import { FIRST_VIEW, USERS_URL } from './search';

const parse = (query: string) => USERS_URL.parse(new URLSearchParams(query));

describe('USERS_URL', () => {
  it('reads a search, a page, a sort and a region', () => {
    expect(parse('by=userId&q=7000123&page=2&sort=updatedAt.asc&region=EU')).toEqual({
      search: { type: 'userId', text: '7000123' },
      page: 2,
      sort: { field: 'updatedAt', order: 'asc' },
      region: 'EU',
    });
  });

  it.each(['', 'sort=coins.desc', 'sort=money', 'sort=money.down', 'region=E%20U', 'region=', `region=${'A'.repeat(17)}`, 'page=0', 'by=email'])(
    '%j: what is missing or invalid reads as the default',
    (query) => expect(parse(query)).toEqual(FIRST_VIEW),
  );

  it('writes only what differs from the defaults, and reads back what it writes', () => {
    expect(USERS_URL.format(FIRST_VIEW).toString()).toBe('');
    const view = { search: { type: 'username' as const, text: 'mia' }, page: 3, sort: { field: 'money' as const, order: 'desc' as const }, region: 'AP' };
    expect(USERS_URL.format(view).toString()).toBe('by=username&q=mia&region=AP&sort=money.desc&page=3');
    expect(USERS_URL.parse(USERS_URL.format(view))).toEqual(view);
  });
});
