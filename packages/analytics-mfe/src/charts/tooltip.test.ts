// Data a mobile app sends (regions, product types) reaches the tooltips: whatever it holds, a
// tooltip shows it as text. Every formatter of every chart option is found and called here with
// hostile data, so a new chart or formatter that builds HTML from data fails this test.
import type { RevenueStats, TrendPoint, UserStats } from '@growth-admin/shared-client';
import { buildOrderDistributionOption, buildPieOption, buildUserActivityOption, regionItems, revenueByProductTypeItems } from './options';
import { axisTooltip, itemTooltip, tooltipElement } from './tooltip';

const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload=window.__pwned=1>',
  '<script>window.__pwned=1</script>',
  "javascript:window.__pwned=1//'",
  '{a|rich}{b}{c}%',
];

const hostileUsers: UserStats = {
  activeUsers: 1,
  total: 1,
  newUsers: { today: 0, week: 0, month: 0 },
  regionDistribution: PAYLOADS.map((region, i) => ({ region, count: i + 1 })),
} as UserStats;
const hostileRevenue = { productTypes: PAYLOADS.map((type, i) => ({ type, revenue: i + 1 })) } as unknown as RevenueStats;
const points: TrendPoint[] = [{ time: '2026-11-20T00:00:00.000Z', newUsers: 1, orders: { coins: 1, likes: 1, followers: 1 } }];

/** Every `formatter` function anywhere in an option tree, with its path. */
function formattersIn(value: unknown, path = 'option'): Array<[string, (arg: unknown) => unknown]> {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'formatter' && typeof v === 'function' ? [[`${path}.${key}`, v as (arg: unknown) => unknown]] : formattersIn(v, `${path}.${key}`),
  );
}

const OPTIONS = {
  userActivity: buildUserActivityOption(points, 'day'),
  orderDistribution: buildOrderDistributionOption(points, 'hour'),
  revenueByType: buildPieOption('Revenue', revenueByProductTypeItems(hostileRevenue)),
  regions: buildPieOption('Users', regionItems(hostileUsers)),
};

describe.each(Object.entries(OPTIONS))('%s', (_name, option) => {
  const formatters = formattersIn(option);

  test('has tooltips, each confined (no HTML-string arrow) and made by the tooltip helper', () => {
    expect(formatters.length).toBeGreaterThan(0);
    expect((option as { tooltip: { confine: boolean } }).tooltip.confine).toBe(true);
  });

  test.each(PAYLOADS)('shows %s as text, never as markup', (payload) => {
    for (const [path, formatter] of formatters) {
      const item = { name: payload, seriesName: payload, value: payload, percent: 10, color: '#4F46E5', axisValueLabel: payload };
      // Axis tooltips get every series of the bucket, item tooltips the one item.
      const axis = (option as { tooltip: { trigger: string } }).tooltip.trigger === 'axis';
      for (const arg of axis ? [item, [item, item]] : [item]) {
        const out = formatter(arg);
        expect({ path, isElement: out instanceof HTMLElement }).toEqual({ path, isElement: true });
        const element = out as HTMLElement;
        expect(element.textContent).toContain(payload);
        // Only the helper's own elements: nothing the payload could have created.
        expect(element.querySelectorAll('img, svg, script, a, iframe, [onerror], [onload]')).toHaveLength(0);
        expect([...element.querySelectorAll('*')].every((node) => ['DIV', 'SPAN', 'STRONG'].includes(node.tagName))).toBe(true);
      }
    }
  });
});

test('a hostile colour cannot smuggle CSS: it goes through CSSOM and is dropped when invalid', () => {
  const element = tooltipElement('t', [{ color: 'red;background:url(https://evil.example/x)', label: 'a', value: 'b' }]);
  expect(element.querySelector('span')?.getAttribute('style') ?? '').not.toContain('evil.example');
});

test('the item and axis helpers keep echarts fields they are given', () => {
  expect(itemTooltip(() => ({ label: 'a', value: 'b' }))).toMatchObject({ trigger: 'item', confine: true });
  expect(axisTooltip({ axisPointer: { type: 'shadow' } })).toMatchObject({ trigger: 'axis', confine: true, axisPointer: { type: 'shadow' } });
});
