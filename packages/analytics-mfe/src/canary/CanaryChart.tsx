// Exposed as `analytics/CanaryChart`, the contribution to Settings → Remotes' `settings.remotes.canary`
// slot: a canary against the stable release over the canary judge's window, the metric chosen above
// the chart. Settings draws no chart itself: charts are this team's (docs/architecture.md).
import { useMemo, useState } from 'react';
import { Flex, Segmented } from 'antd';
import type { SlotContributionProps } from '@growth-admin/shared-client';
import { ChartCard } from '../charts/ChartCard';
import { CANARY_METRICS, canaryChartOption, canaryChartTable, type CanaryMetric } from './canaryChart';

export default function CanaryChart({ remote, judgement }: SlotContributionProps<'settings.remotes.canary'>) {
  const [metric, setMetric] = useState<CanaryMetric>('errorRate');
  const label = CANARY_METRICS.find((m) => m.value === metric)!.label;
  const option = useMemo(() => canaryChartOption(judgement.series, metric), [judgement.series, metric]);
  return (
    <Flex vertical gap={8}>
      <Segmented<CanaryMetric> aria-label={`Metric of the ${remote} canary chart`} options={[...CANARY_METRICS]} value={metric} onChange={setMetric} />
      <ChartCard
        title={`${label} over time: ${remote} canary against stable`}
        option={option}
        emptyText="Nothing measured since the canary was registered"
        testId={`canary-chart-${remote}`}
        data={() => canaryChartTable(judgement.series, metric)}
      />
    </Flex>
  );
}
