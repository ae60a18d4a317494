import { columnSortOrder, formatSort, parseSort, sortFromTable } from './listSort';

const FIELDS = ['createdAt', 'paymentMoney'] as const;

describe('parseSort', () => {
  test.each([
    ['paymentMoney.desc', { field: 'paymentMoney', order: 'desc' }],
    ['createdAt.asc', { field: 'createdAt', order: 'asc' }],
  ])('%s reads as a sort', (value, expected) => expect(parseSort(value, FIELDS)).toEqual(expected));

  test.each([null, '', 'paymentMoney', 'paymentMoney.up', 'count.desc', 'paymentMoney.desc.x', '.desc', 'PAYMENTMONEY.desc', 'paymentMoney.DESC'])(
    '%p falls back to the default order (null)',
    (value) => expect(parseSort(value, FIELDS)).toBeNull(),
  );
});

test('formatSort writes field.order, and parseSort reads it back', () => {
  expect(formatSort({ field: 'paymentMoney', order: 'asc' })).toBe('paymentMoney.asc');
  expect(parseSort(formatSort({ field: 'createdAt', order: 'desc' }), FIELDS)).toEqual({ field: 'createdAt', order: 'desc' });
});

test('columnSortOrder shows the sort only on its own column', () => {
  expect(columnSortOrder({ field: 'paymentMoney', order: 'asc' }, 'paymentMoney')).toBe('ascend');
  expect(columnSortOrder({ field: 'paymentMoney', order: 'desc' }, 'paymentMoney')).toBe('descend');
  expect(columnSortOrder({ field: 'paymentMoney', order: 'desc' }, 'createdAt')).toBeNull();
  expect(columnSortOrder(null, 'createdAt')).toBeNull();
});

test("sortFromTable reads antd's sorter: a column and its order, or none", () => {
  expect(sortFromTable({ columnKey: 'paymentMoney', order: 'ascend' }, FIELDS)).toEqual({ field: 'paymentMoney', order: 'asc' });
  expect(sortFromTable([{ columnKey: 'createdAt', order: 'descend' }], FIELDS)).toEqual({ field: 'createdAt', order: 'desc' });
  expect(sortFromTable({ columnKey: 'paymentMoney', order: null }, FIELDS)).toBeNull();
  expect(sortFromTable({ columnKey: 'status', order: 'ascend' }, FIELDS)).toBeNull();
  expect(sortFromTable([], FIELDS)).toBeNull();
});
