import { DASHBOARD_URL, DEFAULT_DASHBOARD, parseDashboard } from './dashboardUrl';

const TODAY = new Date(2026, 10, 23, 15, 0); // Nov 23, 2026, the browser's afternoon
const parse = (search: string) => parseDashboard(new URLSearchParams(search), TODAY);

test('no query is the default dashboard: Daily over the last 30 days, and it writes no query', () => {
  expect(parse('')).toEqual({ period: 'day', range: null });
  expect(DEFAULT_DASHBOARD).toEqual({ period: 'day', range: null });
  expect(DASHBOARD_URL.format(DEFAULT_DASHBOARD).toString()).toBe('');
});

test('a period and a range read back as written', () => {
  const state = { period: 'week' as const, range: { from: '2026-11-01', to: '2026-11-07' } };
  const query = DASHBOARD_URL.format(state);
  expect(query.toString()).toBe('period=week&from=2026-11-01&to=2026-11-07');
  expect(parse(query.toString())).toEqual(state);
  expect(parse('period=hour')).toEqual({ period: 'hour', range: null });
  // Today itself, and a one-day range.
  expect(parse('from=2026-11-23&to=2026-11-23').range).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  // 366 days, both included, is the longest.
  expect(parse('from=2025-11-23&to=2026-11-23').range).toEqual({ from: '2025-11-23', to: '2026-11-23' });
});

test.each([
  ['an unknown period', 'period=7d', { period: 'day', range: null }],
  ['an empty period', 'period=', { period: 'day', range: null }],
  ['a period in capitals', 'period=WEEK', { period: 'day', range: null }],
  ['only from', 'period=week&from=2026-11-01', { period: 'week', range: null }],
  ['only to', 'to=2026-11-07', { period: 'day', range: null }],
  ['a day that does not exist', 'from=2026-02-30&to=2026-03-02', { period: 'day', range: null }],
  ['a day that is not a day', 'from=yesterday&to=2026-11-07', { period: 'day', range: null }],
  ['a badly written day', 'from=2026-11-1&to=2026-11-07', { period: 'day', range: null }],
  ['to before from', 'from=2026-11-07&to=2026-11-01', { period: 'day', range: null }],
  ['a day in the future', 'from=2026-11-20&to=2026-11-24', { period: 'day', range: null }],
  ['367 days', 'from=2025-11-22&to=2026-11-23', { period: 'day', range: null }],
  ['a malformed query', 'from=%E0%A4%A&period=%%', { period: 'day', range: null }],
])('%s falls back to the default', (_name, search, expected) => {
  expect(parse(search)).toEqual(expected);
});

test('the codec reads today from the clock', () => {
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const today = day(new Date());
  expect(DASHBOARD_URL.parse(new URLSearchParams(`from=${today}&to=${today}`)).range).toEqual({ from: today, to: today });
  expect(DASHBOARD_URL.parse(new URLSearchParams(`from=${today}&to=${day(tomorrow)}`)).range).toBeNull();
});
