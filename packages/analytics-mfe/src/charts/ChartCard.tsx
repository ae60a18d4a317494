import { Card, Empty } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { CHART_HEIGHT, EChart } from './EChart';

interface ChartCardProps {
  title: string;
  /** Built only when there is data; undefined shows the empty state instead of a broken chart. */
  option: EChartsCoreOption | undefined;
  emptyText?: string;
  testId: string;
}

export function ChartCard({ title, option, emptyText = 'No data to show yet', testId }: ChartCardProps) {
  return (
    <Card title={title} data-testid={testId}>
      {option ? (
        <EChart option={option} label={title} />
      ) : (
        <div style={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Empty description={emptyText} />
        </div>
      )}
    </Card>
  );
}
