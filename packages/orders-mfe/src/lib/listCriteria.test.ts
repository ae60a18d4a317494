import { CRITERIA_URL, INITIAL_CRITERIA, toOrdersParams } from './listCriteria';

describe('toOrdersParams', () => {
  it('sends the first page as page 0, 20 a page, with no search or status', () => {
    expect(toOrdersParams(INITIAL_CRITERIA)).toEqual({ page: 0, limit: 20 });
  });

  it('puts the trimmed search text under the chosen field and passes the status to the server', () => {
    expect(
      toOrdersParams({ ...INITIAL_CRITERIA, searchField: 'orderSn', searchText: '  SN42 ', status: 'refunded', page: 3 }),
    ).toEqual({ page: 2, limit: 20, orderSn: 'SN42', status: 'refunded' });
  });

  it('leaves out blank search text and "All Status"', () => {
    const params = toOrdersParams({ ...INITIAL_CRITERIA, searchField: 'personId', searchText: '   ', status: '', page: 1 });
    expect(params).not.toHaveProperty('personId');
    expect(params).not.toHaveProperty('status');
    expect(Object.keys(params)).toEqual(['page', 'limit']);
  });

  it('sends the sort, the product type and the days as instants (start of from, start of the day after to)', () => {
    expect(
      toOrdersParams({ ...INITIAL_CRITERIA, sort: { field: 'paymentMoney', order: 'asc' }, productType: 'heart', range: { from: '2026-11-17', to: '2026-11-20' } }),
    ).toEqual({
      page: 0,
      limit: 20,
      productType: 'heart',
      createdFrom: new Date(2026, 10, 17).toISOString(),
      createdTo: new Date(2026, 10, 21).toISOString(),
      sort: 'paymentMoney.asc',
    });
  });
});

describe('CRITERIA_URL', () => {
  const parse = (query: string) => CRITERIA_URL.parse(new URLSearchParams(query));
  const format = (criteria: typeof INITIAL_CRITERIA) => CRITERIA_URL.format(criteria).toString();

  it('reads a search, a status and a page', () => {
    expect(parse('by=personId&q=%207000123%20&status=completed&page=3')).toEqual({ ...INITIAL_CRITERIA, searchField: 'personId', searchText: '7000123', status: 'completed', page: 3 });
  });

  it('reads a sort, a product type and a created range', () => {
    expect(parse('sort=paymentMoney.desc&type=heart&from=2026-11-17&to=2026-11-20')).toEqual({
      ...INITIAL_CRITERIA,
      sort: { field: 'paymentMoney', order: 'desc' },
      productType: 'heart',
      range: { from: '2026-11-17', to: '2026-11-20' },
    });
  });

  it.each([
    ['sort=count.desc', {}],
    ['sort=paymentMoney', {}],
    ['sort=createdAt.desc', {}], // the default order, written out
    ['type=Heart', {}],
    ['type=heart%27%20or%201', {}],
    ['from=2026-02-30&to=2026-03-01', { range: { from: null, to: '2026-03-01' } }],
    ['from=2026-11-20&to=2026-11-17', {}],
  ])('%s: an invalid sort, type or day reads as the default', (query, expected) => {
    expect(parse(query)).toEqual({ ...INITIAL_CRITERIA, ...expected });
  });

  it.each(['', 'by=name&q=', 'status=done', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=99999999', 'by=__proto__', 'status=toString'])(
    '%j: what is missing or invalid reads as the default',
    (query) => {
      const criteria = parse(query);
      expect(criteria.status).toBe(INITIAL_CRITERIA.status);
      expect(criteria.page).toBe(INITIAL_CRITERIA.page);
      expect(['shoppingUser', 'personId', 'orderSn']).toContain(criteria.searchField);
    },
  );

  it('caps the text at the API limit', () => {
    expect(parse(`q=${'x'.repeat(500)}`).searchText).toHaveLength(100);
  });

  it('writes nothing for the default list, and only what differs otherwise', () => {
    expect(format(INITIAL_CRITERIA)).toBe('');
    expect(format({ ...INITIAL_CRITERIA, searchField: 'orderSn' })).toBe(''); // a field without text searches nothing
    expect(format({ ...INITIAL_CRITERIA, searchField: 'orderSn', searchText: 'SN 42', status: 'refunded', page: 2 })).toBe('by=orderSn&q=SN+42&status=refunded&page=2');
    expect(format({ ...INITIAL_CRITERIA, productType: 'watch', range: { from: '2026-11-01', to: null }, sort: { field: 'createdAt', order: 'asc' } })).toBe(
      'type=watch&from=2026-11-01&sort=createdAt.asc',
    );
  });

  it('round-trips every criteria it writes', () => {
    const criteria = {
      searchField: 'personId' as const,
      searchText: '7000 & co',
      status: 'error' as const,
      page: 12,
      sort: { field: 'paymentMoney' as const, order: 'asc' as const },
      range: { from: '2026-01-31', to: '2026-02-28' },
      productType: 'heart',
    };
    expect(parse(format(criteria))).toEqual(criteria);
  });
});
