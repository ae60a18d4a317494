// The report routes' rate limit (src/http/rateLimit.ts) as a function of its clock: a burst gets the
// limit and no more, a sender keeping to the rate is never refused however its reports arrive, and
// no burst across a minute's edge gets twice the limit. The routes' 429 over HTTP: vitals.test.ts,
// security.test.ts.
import { ReportRateLimiter } from '../src/http/rateLimit';

const MINUTE = 60_000;

function limiter(perKey: number, all: number) {
  let t = 0;
  const limit = new ReportRateLimiter(perKey, all, MINUTE, () => t);
  return { take: (key: string, at: number) => ((t = at), limit.take(key)) };
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

test('a clock set back refills nothing', () => {
  const l = limiter(2, 100);
  expect([l.take('a', 50_000), l.take('a', 50_001), l.take('a', 10_000)]).toEqual([true, true, false]);
});
