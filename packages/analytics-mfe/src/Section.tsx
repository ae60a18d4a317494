// Exposed as `analytics/Section`: the Analytics Dashboard (spec 2, 3 and 9).
import { useState } from 'react';
import { Alert, Button, Col, Row, Space, Spin } from 'antd';
import { DASHBOARD_DEFAULT_PERIOD, PageHeader, type SectionProps, type TrendPeriod, type TrendRange } from '@growth-admin/shared-client';
import { DashboardCharts } from './dashboard/DashboardCharts';
import { DateRangeFilter } from './dashboard/DateRangeFilter';
import { PeriodToggle } from './dashboard/PeriodToggle';
import { useDashboardData } from './dashboard/useDashboardData';
import { StatCard } from './stats/StatCard';
import { buildStatCards } from './stats/statCards';

export default function AnalyticsSection(_props: SectionProps) {
  const [period, setPeriod] = useState<TrendPeriod>(DASHBOARD_DEFAULT_PERIOD);
  const [range, setRange] = useState<TrendRange | null>(null);
  const data = useDashboardData(period, range);

  return (
    <div>
      {/* The heading and the toggle stay put while loading, so keyboard focus on the toggle survives a period switch. */}
      <PageHeader
        title="Analytics Dashboard"
        subtitle="Monitor key metrics and trends"
        actions={
          <Space wrap>
            <DateRangeFilter value={range} onChange={setRange} />
            <PeriodToggle value={period} onChange={setPeriod} />
          </Space>
        }
      />
      <DashboardBody period={period} data={data} />
    </div>
  );
}

function DashboardBody({ period, data }: { period: TrendPeriod; data: ReturnType<typeof useDashboardData> }) {
  if (data.error) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load analytics"
        description={data.error.message}
        action={
          <Button onClick={data.retry} loading={data.isRetrying}>
            Retry
          </Button>
        }
      />
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
      </Row>
      <DashboardCharts period={period} trends={data.trends} users={data.users} revenue={data.revenue} />
    </>
  );
}
