// Exposed as `analytics/Section`: the Analytics Dashboard (spec 2, 3 and 9).
import { Col, Row, Space, Spin } from 'antd';
import type { SectionProps, SlotHost, TrendPeriod, TrendRange } from '@growth-admin/shared-client';
import { DashboardCharts } from './dashboard/DashboardCharts';
import { DateRangeFilter } from './dashboard/DateRangeFilter';
import { DASHBOARD_URL } from './dashboard/dashboardUrl';
import { PeriodToggle } from './dashboard/PeriodToggle';
import { useDashboardData } from './dashboard/useDashboardData';
import { StatCard } from './stats/StatCard';
import { buildStatCards } from './stats/statCards';
import { LoadError, PageHeader, useListUrl } from '@growth-admin/ui-kit/core';

export default function AnalyticsSection({ slots }: SectionProps) {
  // Period and range live in the URL (reload, back/forward, a pasted link); each change is a history entry.
  const { state, setState } = useListUrl('analytics', DASHBOARD_URL);
  const { period, range } = state;
  const data = useDashboardData(period, range);

  return (
    <div>
      {/* The heading and the toggle stay put while loading, so keyboard focus on the toggle survives a period switch. */}
      <PageHeader
        title="Analytics Dashboard"
        subtitle="Monitor key metrics and trends"
        actions={
          <Space wrap>
            <DateRangeFilter value={range} onChange={(next) => setState((s) => ({ ...s, range: next }))} />
            <PeriodToggle value={period} onChange={(next) => setState((s) => ({ ...s, period: next }))} />
          </Space>
        }
      />
      <DashboardBody period={period} range={range} data={data} slots={slots} />
    </div>
  );
}

function DashboardBody({
  period,
  range,
  data,
  slots,
}: {
  period: TrendPeriod;
  range: TrendRange | null;
  data: ReturnType<typeof useDashboardData>;
  /** Other teams' cards beside the stat cards (`dashboard.cards`), drawn after the dashboard's own. */
  slots?: SlotHost;
}) {
  if (data.error) {
    return (
      <LoadError title="Failed to load analytics" description={data.error.message} onRetry={data.retry} retrying={data.isRetrying} />
    );
  }
  if (data.isPending) {
    return (
      <div role="status" aria-label="Loading analytics" style={{ display: 'flex', justifyContent: 'center', padding: '120px 0' }}>
        <Spin size="large" />
      </div>
    );
  }
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {buildStatCards(data.users, data.revenue).map((model) => (
          <Col xs={24} md={8} key={model.key}>
            <StatCard model={model} />
          </Col>
        ))}
        {slots && (
          <slots.Slot
            id="dashboard.cards"
            props={{ period, range }}
            wrap={(card, entry) => (
              <Col xs={24} md={8} key={entry.key}>
                {card}
              </Col>
            )}
          />
        )}
      </Row>
      <DashboardCharts period={period} trends={data.trends} users={data.users} revenue={data.revenue} timeZone={data.timeZone} />
    </>
  );
}
