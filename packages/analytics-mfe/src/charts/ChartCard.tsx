import { useMemo } from 'react';
import { Card, Empty } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { DataTable } from './chartData';
import { ChartDataTable, useChartDataToggle } from './ChartDataTable';
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
  /** What the chart draws, with links to the same drill-down targets (the keyboard's way there); built only when opened. */
  data?: () => DataTable;
}

export function ChartCard({ title, option, emptyText = 'No data to show yet', testId, onItemClick, data }: ChartCardProps) {
  const skin = useChartSkin();
  const skinned = useMemo(() => option && withSkin(option, skin), [option, skin]);
  const { open, tableId, toggle } = useChartDataToggle(title);
  const withData = !!skinned && !!data;
  return (
    <Card title={title} data-testid={testId} extra={withData ? toggle : undefined}>
      {skinned ? (
        <>
          <EChart option={skinned} label={title} onItemClick={onItemClick} />
          {withData && open && <ChartDataTable id={tableId} title={title} data={data()} />}
        </>
      ) : (
        <div style={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Empty description={emptyText} />
        </div>
      )}
    </Card>
  );
}
