// The contribution as Settings → Remotes renders it in its slot: the error rate first, another
// metric chosen above the chart, the keyboard's table, and the empty state before any view.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CanaryJudgement } from '@growth-admin/shared-client';
import CanaryChart from './CanaryChart';

jest.mock('../charts/EChart');

const none = { views: 0, admins: 0, errorRate: null, inp: null, lcp: null, cls: null };
const judgement = (series: CanaryJudgement['series']) => ({ series }) as CanaryJudgement;
const SERIES: CanaryJudgement['series'] = [
  { at: '2026-11-26T10:00:00.000Z', canary: { views: 40, admins: 4, errorRate: 0.025, inp: 180, lcp: 1450, cls: 0.012 }, stable: { views: 160, admins: 16, errorRate: 0.0125, inp: 150, lcp: 1400, cls: 0.011 } },
  { at: '2026-11-26T10:05:00.000Z', canary: { views: 10, admins: 1, errorRate: 0, inp: 120, lcp: 1200, cls: 0.01 }, stable: none },
];
const contribution = (series: CanaryJudgement['series']) => (
  <CanaryChart remote="orders" judgement={judgement(series)} user={{ username: 'admin', role: 'owner' }} toast={{ success: jest.fn(), error: jest.fn(), info: jest.fn() }} />
);

test('the error rate over time first; another metric chosen redraws the chart with its figures', async () => {
  const user = userEvent.setup({ delay: null });
  render(contribution(SERIES));
  const chart = screen.getByRole('img', { name: 'Error rate over time: orders canary against stable' });
  expect(within(chart).getAllByTestId('echart-series').map((s) => s.textContent)).toEqual(['line:Canary=[2.5,0]', 'line:Stable=[1.3,null]']);
  await user.click(screen.getByText('LCP p75'));
  const lcp = screen.getByRole('img', { name: 'LCP p75 over time: orders canary against stable' });
  expect(within(lcp).getAllByTestId('echart-series').map((s) => s.textContent)).toEqual(['line:Canary=[1450,1200]', 'line:Stable=[1400,null]']);
  // The keyboard's way to the figures.
  await user.click(screen.getByRole('button', { name: 'View data: LCP p75 over time: orders canary against stable' }));
  const table = screen.getByRole('table', { name: 'LCP p75 over time: orders canary against stable data' });
  expect(within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.querySelectorAll('td')).slice(1).map((td) => td.textContent))).toEqual([
    ['1450 ms', '1400 ms'],
    ['1200 ms', '—'],
  ]);
});

test('before any view, the card says nothing has been measured', () => {
  render(contribution([{ at: '2026-11-26T10:00:00.000Z', canary: none, stable: none }]));
  expect(screen.getByText('Nothing measured since the canary was registered')).toBeInTheDocument();
  expect(screen.queryByTestId('echart-stub')).toBeNull();
});

test("given a release of the history (slot contract 1.1.0), the chart names it: a past canary against stable, or a release's own views", () => {
  const props = { user: { username: 'admin', role: 'owner' as const }, toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } };
  const pastCanary = { series: SERIES, canary: { id: '7', version: '2.0.0' } } as unknown as CanaryJudgement;
  const { unmount } = render(<CanaryChart remote="orders" judgement={pastCanary} release={{ id: '7', version: '2.0.0' }} {...props} />);
  expect(screen.getByRole('img', { name: 'Error rate over time: orders 2.0.0 canary against stable' })).toBeInTheDocument();
  expect(screen.getByTestId('release-chart-orders-7')).toBeInTheDocument();
  unmount();
  const own = { series: [{ at: '2026-11-26T10:00:00.000Z', canary: none, stable: none }], canary: null } as unknown as CanaryJudgement;
  render(<CanaryChart remote="orders" judgement={own} release={{ id: '5', version: '1.0.0' }} {...props} />);
  expect(screen.getByText('Nothing measured in this window')).toBeInTheDocument();
  expect(screen.getByRole('radiogroup', { name: 'Metric of the orders 1.0.0 release chart' })).toBeInTheDocument();
});
