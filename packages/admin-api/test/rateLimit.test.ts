// The report routes' rate limit (src/http/rateLimit.ts) as a function of its clock: a burst gets the
// limit and no more, a sender keeping to the rate is never refused however its reports arrive, and
// no burst across a minute's edge gets twice the limit. The routes' 429 over HTTP: vitals.test.ts,
// security.test.ts.
import { ReportRateLimiter } from '../src/http/rateLimit';

const MINUTE = 60_000;

function limiter(perKey: number, all: number) {
  let t = 0;
  const limit = new ReportRateLimiter(perKey, all, MINUTE, () => t);
  return { take: (key: string, at: number) => ((t = at), limit.take(key)), size: () => limit.size };
}

test('a burst: the limit per key, then 429; another key has its own; everyone together the global limit', () => {
  const l = limiter(3, 5);
  expect([0, 1, 2, 3].map((i) => l.take('a', i))).toEqual([true, true, true, false]);
  expect([10, 11, 12].map((i) => l.take('b', i))).toEqual([true, true, false]); // the sixth report of everyone's
  expect(l.take('c', 20)).toBe(false);
});

test('a sender at exactly the rate on its own clock is never refused, some of its reports arriving 200 ms late', () => {
  const l = limiter(6, 3000);
  const refused: number[] = [];
  // Every 10 s for an hour, one in seven arriving 200 ms late: a fixed window counted by arrival began
  // at a late one and held the six after it too (the seventh refused).
  for (let i = 0; i < 360; i++) if (!l.take('admin', i * 10_000 + (i % 7 === 0 ? 200 : 0))) refused.push(i);
  expect(refused).toEqual([]);
});

test('a sender faster than the rate gets the limit a minute, not more', () => {
  const l = limiter(6, 3000);
  let accepted = 0;
  for (let at = 0; at <= 10 * MINUTE; at += 1000) if (l.take('flood', at)) accepted++;
  // A report a second for ten minutes: the full bucket, then one every 10 s (6 + 10 × 6).
  expect(accepted).toBe(66);
});

test("a burst across a minute's edge gets the limit once, not twice", () => {
  const l = limiter(6, 3000);
  expect(l.take('a', 0)).toBe(true);
  const before = [0, 1, 2, 3, 4].map((i) => l.take('a', 59_900 + i));
  const after = [0, 1, 2, 3, 4, 5].map((i) => l.take('a', 60_100 + i));
  expect(before).toEqual([true, true, true, true, true]);
  expect(after.filter(Boolean)).toHaveLength(1); // what refilled since the first report
});

test('everyone together: the global bucket refills at its own rate, not a key\'s', () => {
  const l = limiter(10, 2);
  expect([l.take('a', 0), l.take('b', 1), l.take('c', 2)]).toEqual([true, true, false]);
  expect(l.take('c', 15_000)).toBe(false); // half a report refilled (a key's rate would have given 2.5)
  expect([l.take('c', 30_000), l.take('d', 30_001)]).toEqual([true, false]);
});

test('a clock set back takes nothing from a bucket and refills nothing until it is past where it was', () => {
  const l = limiter(2, 100);
  expect(l.take('a', 50_000)).toBe(true);
  expect([l.take('a', 10_000), l.take('a', 10_001)]).toEqual([true, false]); // the report left, then none
  expect([l.take('a', 55_000), l.take('a', 80_000)]).toEqual([false, true]); // 30 s past 50 s: one report
});

test('it remembers only the keys that took a report and have not refilled since: refusals and idle keys cost no memory', () => {
  const l = limiter(6, 100);
  for (let i = 0; i < 1000; i++) l.take(`address-${i}`, i);
  expect(l.size()).toBe(101); // the global bucket's 100 and one refilled in the second: the other 899 refused
  l.take('late', 61_000); // a minute on: every bucket above refilled, and forgotten
  expect(l.size()).toBe(1);
});
