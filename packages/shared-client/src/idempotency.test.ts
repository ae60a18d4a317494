import { createActionKeys, newIdempotencyKey } from './idempotency';

test('keys are fresh and fit the API (8 to 128 of [A-Za-z0-9_-])', () => {
  const key = newIdempotencyKey();
  expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  expect(newIdempotencyKey()).not.toBe(key);
});

test('the same request retried keeps its key; another request, or the next action after a success, gets a new one', () => {
  const keys = createActionKeys();
  const first = keys.keyFor({ personId: '1', amount: 25 });
  expect(keys.keyFor({ personId: '1', amount: 25 })).toBe(first); // a retry after a timeout
  const changed = keys.keyFor({ personId: '1', amount: 30 });
  expect(changed).not.toBe(first);
  keys.done();
  expect(keys.keyFor({ personId: '1', amount: 30 })).not.toBe(changed);
});
