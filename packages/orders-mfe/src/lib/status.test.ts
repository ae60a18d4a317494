import {
  canRefund,
  isCompleted,
  isErrored,
  isPending,
  isRefunded,
  STATUS_FILTER_OPTIONS,
  STATUS_PREDICATES,
} from './status';

type Flags = { isComplete: boolean; isError: boolean; isRefund: boolean };

// Every combination of the three flags, with what spec 4 says about it.
const table: Array<[Flags, { completed: boolean; pending: boolean; error: boolean; refunded: boolean; refund: boolean }]> = [
  [{ isComplete: false, isError: false, isRefund: false }, { completed: false, pending: true, error: false, refunded: false, refund: false }],
  [{ isComplete: false, isError: false, isRefund: true }, { completed: false, pending: true, error: false, refunded: true, refund: false }],
  [{ isComplete: false, isError: true, isRefund: false }, { completed: false, pending: false, error: true, refunded: false, refund: false }],
  [{ isComplete: false, isError: true, isRefund: true }, { completed: false, pending: false, error: true, refunded: true, refund: false }],
  [{ isComplete: true, isError: false, isRefund: false }, { completed: true, pending: false, error: false, refunded: false, refund: true }],
  [{ isComplete: true, isError: false, isRefund: true }, { completed: true, pending: false, error: false, refunded: true, refund: false }],
  [{ isComplete: true, isError: true, isRefund: false }, { completed: true, pending: false, error: true, refunded: false, refund: true }],
  [{ isComplete: true, isError: true, isRefund: true }, { completed: true, pending: false, error: true, refunded: true, refund: false }],
];

describe('status predicates and canRefund (all 8 flag combinations)', () => {
  it('covers every combination once', () => {
    expect(new Set(table.map(([f]) => JSON.stringify(f))).size).toBe(8);
  });

  it.each(table)('%j', (flags, expected) => {
    expect(isCompleted(flags)).toBe(expected.completed);
    expect(isPending(flags)).toBe(expected.pending);
    expect(isErrored(flags)).toBe(expected.error);
    expect(isRefunded(flags)).toBe(expected.refunded);
    expect(canRefund(flags)).toBe(expected.refund);

    expect(STATUS_PREDICATES.completed(flags)).toBe(expected.completed);
    expect(STATUS_PREDICATES.pending(flags)).toBe(expected.pending);
    expect(STATUS_PREDICATES.error(flags)).toBe(expected.error);
    expect(STATUS_PREDICATES.refunded(flags)).toBe(expected.refunded);
  });

  it('offers a refund exactly for complete, not-refunded orders', () => {
    const refundable = table.filter(([flags]) => canRefund(flags)).map(([flags]) => flags);
    expect(refundable).toEqual([
      { isComplete: true, isError: false, isRefund: false },
      { isComplete: true, isError: true, isRefund: false },
    ]);
  });

  it('ignores the other fields of a full order', () => {
    const order = { _id: 'o1', stateStr: 'Done', isComplete: true, isError: false, isRefund: false };
    expect(canRefund(order)).toBe(true);
    expect(isCompleted(order)).toBe(true);
  });
});

describe('STATUS_FILTER_OPTIONS', () => {
  it('lists All Status then the four filters, each with a predicate', () => {
    expect(STATUS_FILTER_OPTIONS).toEqual([
      { value: '', label: 'All Status' },
      { value: 'completed', label: 'Completed' },
      { value: 'pending', label: 'Pending' },
      { value: 'error', label: 'Error' },
      { value: 'refunded', label: 'Refunded' },
    ]);
    for (const { value } of STATUS_FILTER_OPTIONS) {
      if (value) expect(STATUS_PREDICATES[value]).toEqual(expect.any(Function));
    }
    expect(Object.keys(STATUS_PREDICATES).sort()).toEqual(['completed', 'error', 'pending', 'refunded']);
  });
});
