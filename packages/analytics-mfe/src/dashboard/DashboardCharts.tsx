import { Col, Row } from 'antd';
import type { RevenueStats, TrendPeriod, TrendPoint, UserStats } from '@growth-admin/shared-client';
import { ChartCard } from '../charts/ChartCard';
import { orderDistributionTable, productTypeTable, regionTable, userActivityTable } from '../charts/chartData';
import { orderDistributionTarget, productTypeTarget, regionTarget, userActivityTarget, type DrillTarget } from '../charts/drillDown';
import type { ChartClick } from '../charts/EChart';
import {
  buildOrderDistributionOption,
  buildPieOption,
  buildUserActivityOption,
  hasPieData,
  hasTrendData,
  regionItems,
  revenueByProductTypeItems,
} from '../charts/options';
import { formatMoney, navigateTo, sectionHref } from '@growth-admin/ui-kit/core';

interface DashboardChartsProps {
  period: TrendPeriod;
  trends: TrendPoint[];
  users: UserStats | undefined;
  revenue: RevenueStats | undefined;
  /** The zone the trends were cut in: a bucket's days are read in it. */
  timeZone: string;
}

const NO_TRENDS = 'No activity in this period';

/** Opens the list behind a chart element in place (the shell follows the URL). */
function drill(target: DrillTarget | null) {
  if (target) navigateTo(sectionHref('analytics', target.section, target.query));
}

/** A pie slice's data key (the productType or region code it stands for). */
const sliceKey = (item: ChartClick) => (item.data as { key?: string } | undefined)?.key;

export function DashboardCharts({ period, trends, users, revenue, timeZone }: DashboardChartsProps) {
  const withTrends = hasTrendData(trends);
  const productTypes = revenueByProductTypeItems(revenue);
  const regions = regionItems(users);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard
          title="User Activity"
          testId="chart-user-activity"
          emptyText={NO_TRENDS}
          option={withTrends ? buildUserActivityOption(trends, period) : undefined}
          onItemClick={(item) => drill(userActivityTarget(trends[item.dataIndex], period, timeZone))}
          data={() => userActivityTable(trends, period, timeZone)}
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title="Order Distribution"
          testId="chart-order-distribution"
          emptyText={NO_TRENDS}
          option={withTrends ? buildOrderDistributionOption(trends, period) : undefined}
          onItemClick={(item) => drill(orderDistributionTarget(trends[item.dataIndex], item.seriesName ?? '', period, timeZone))}
          data={() => orderDistributionTable(trends, period, timeZone)}
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title="Revenue by Product Type"
          testId="chart-revenue-by-type"
          emptyText="No revenue yet"
          option={
            hasPieData(productTypes)
              ? buildPieOption('Revenue', productTypes, (v) => `$${formatMoney(v)}`)
              : undefined
          }
          onItemClick={(item) => drill(productTypeTarget(sliceKey(item)))}
          data={() => productTypeTable(productTypes)}
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title="Regional Distribution"
          testId="chart-regional-distribution"
          emptyText="No users yet"
          option={hasPieData(regions) ? buildPieOption('Users', regions) : undefined}
          onItemClick={(item) => drill(regionTarget(sliceKey(item)))}
          data={() => regionTable(regions)}
        />
      </Col>
    </Row>
  );
}
