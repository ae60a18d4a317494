import { INITIAL_CRITERIA, toOrdersParams } from './listCriteria';

describe('toOrdersParams', () => {
  it('sends the first page as page 0, 20 a page, with no search or status', () => {
    expect(toOrdersParams(INITIAL_CRITERIA)).toEqual({ page: 0, limit: 20 });
  });

  it('puts the trimmed search text under the chosen field and passes the status to the server', () => {
    expect(
      toOrdersParams({ searchField: 'orderSn', searchText: '  SN42 ', status: 'refunded', page: 3 }),
    ).toEqual({ page: 2, limit: 20, orderSn: 'SN42', status: 'refunded' });
  });

  it('leaves out blank search text and "All Status"', () => {
    const params = toOrdersParams({ searchField: 'personId', searchText: '   ', status: '', page: 1 });
    expect(params).not.toHaveProperty('personId');
    expect(params).not.toHaveProperty('status');
  });
});
