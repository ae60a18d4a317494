import { useMemo } from 'react';
import { Card, Empty } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { CHART_HEIGHT, EChart, type ChartClick } from './EChart';
import { useChartSkin, withSkin } from './skin';

interface ChartCardProps {
  title: string;
  /** Built only when there is data; undefined shows the empty state instead of a broken chart. */
  option: EChartsCoreOption | undefined;
  emptyText?: string;
  testId: string;
  /** A click on a bar, point or slice (drill-down). */
  onItemClick?: (item: ChartClick) => void;
}

export function ChartCard({ title, option, emptyText = 'No data to show yet', testId, onItemClick }: ChartCardProps) {
  const skin = useChartSkin();
  const skinned = useMemo(() => option && withSkin(option, skin), [option, skin]);
  return (
    <Card title={title} data-testid={testId}>
      {skinned ? (
        <EChart option={skinned} label={title} onItemClick={onItemClick} />
      ) : (
        <div style={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Empty description={emptyText} />
        </div>
      )}
    </Card>
  );
}
