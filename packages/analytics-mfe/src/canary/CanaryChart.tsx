// Exposed as `analytics/CanaryChart`, the contribution to Settings → Remotes' `settings.remotes.canary`
// slot: a canary against the stable release over the canary judge's window (or a past release's,
// given one), the metric chosen above the chart. Settings draws no chart itself: charts are this team's (docs/architecture.md).
import { useMemo, useState } from 'react';
import { Flex, Segmented } from 'antd';
import type { SlotContributionProps } from '@growth-admin/shared-client';
import { ChartCard } from '../charts/ChartCard';
import { CANARY_METRICS, canaryChartOption, canaryChartTable, type CanaryMetric } from './canaryChart';

export default function CanaryChart({ remote, judgement, release }: SlotContributionProps<'settings.remotes.canary'>) {
  const [metric, setMetric] = useState<CanaryMetric>('errorRate');
  const label = CANARY_METRICS.find((m) => m.value === metric)!.label;
  const option = useMemo(() => canaryChartOption(judgement.series, metric), [judgement.series, metric]);
  // A release of the history (slot contract 1.1.0): its own window, which may have had no canary.
  const subject = release ? `${remote} ${release.version}` : remote;
  const what = release && !judgement.canary ? `${subject}, its own views` : `${subject} canary against stable`;
  return (
    <Flex vertical gap={8}>
      <Segmented<CanaryMetric> aria-label={`Metric of the ${subject} ${release ? 'release' : 'canary'} chart`} options={[...CANARY_METRICS]} value={metric} onChange={setMetric} />
      <ChartCard
        title={`${label} over time: ${what}`}
        option={option}
        emptyText={release ? 'Nothing measured in this window' : 'Nothing measured since the canary was registered'}
        testId={release ? `release-chart-${remote}-${release.id}` : `canary-chart-${remote}`}
        data={() => canaryChartTable(judgement.series, metric)}
      />
    </Flex>
  );
}
