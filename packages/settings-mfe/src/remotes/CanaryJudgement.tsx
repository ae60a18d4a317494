// The canary judge's verdict on a remote's canary (docs/releases.md, The canary judge): the verdict
// and why beside Promote and Roll back, and each metric canary against stable under the row, with
// the `settings.remotes.canary` slot below it (Analytics draws the window over time there); the
// same figures for each release of a remote's history, once its row is expanded.
import { Alert, Flex, Table, Typography } from 'antd';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { type CanaryJudgement, type MetricCheck, type Release, type SlotHost, toApiError } from '@growth-admin/shared-client';
import { getReleaseJudgement, queries, keys } from '../api';
import { formatDate, StatusTag } from '@growth-admin/ui-kit';

const VERDICT: Record<NonNullable<CanaryJudgement['verdict']>, { label: string; colour: string }> = {
  pass: { label: 'Pass', colour: '#10B981' },
  fail: { label: 'Fail', colour: '#DC2626' },
  inconclusive: { label: 'Inconclusive', colour: '#6B7280' },
};

// The judge's unit is the administrator: the error rate is their mean share of views with an error,
// a vital the p75 of each administrator's typical value.
const METRIC_LABELS: Record<MetricCheck['metric'], string> = {
  errorRate: 'Error rate (per administrator)',
  inp: 'INP p75 of administrators',
  lcp: 'LCP p75 of administrators',
  cls: 'CLS p75 of administrators',
};

const OUTCOME: Record<MetricCheck['outcome'], string> = {
  worse: 'Worse',
  'no-worse': 'Not worse',
  'too-few': 'Too few to judge',
};

/** A figure as the metric reads: a share, milliseconds, or CLS's unitless score. */
export function figure(metric: MetricCheck['metric'], value: number | null): string {
  if (value === null) return '—';
  if (metric === 'errorRate') return `${(value * 100).toFixed(1)} %`;
  if (metric === 'cls') return value.toFixed(3);
  return `${Math.round(value)} ms`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const change = (c: MetricCheck) => (c.relativeChange === null ? '—' : `${c.relativeChange >= 0 ? '+' : ''}${(c.relativeChange * 100).toFixed(1)} %`);

/** A verdict (or 'Not judged') and why. */
function Verdict({ verdict, reason }: Pick<CanaryJudgement, 'verdict' | 'reason'>) {
  return (
    <span>
      <StatusTag colour={verdict ? VERDICT[verdict].colour : '#6B7280'}>{verdict ? VERDICT[verdict].label : 'Not judged'}</StatusTag> {reason}
    </span>
  );
}

/** The verdict and why (for the Releases table's row of a remote with a canary). */
export function CanaryVerdict({ remote }: { remote: string }) {
  const judgement = useQuery(queries.canaryJudgement(remote));
  if (judgement.isError) return <span>{`Verdict unavailable: ${toApiError(judgement.error).message}`}</span>;
  if (!judgement.data) return <span>Loading the verdict...</span>;
  return <Verdict verdict={judgement.data.verdict} reason={judgement.data.reason} />;
}

type JudgementQuery = UseQueryResult<CanaryJudgement>;

/** The window the figures cover: since the canary was registered, or from … to … for a past one. */
function windowText(j: CanaryJudgement): string {
  if (!j.since) return '';
  return j.until ? `from ${formatDate(j.since)} to ${formatDate(j.until)}` : `since ${formatDate(j.since)}`;
}

/**
 * Views, the error rate and the three vitals, canary against stable, with each test's outcome; then
 * other remotes' contributions to `settings.remotes.canary` (absent with an older shell). `release`:
 * a release of the history (its window, or its own views), else the live canary.
 */
function JudgementFigures({ remote, judgement, release, slots }: { remote: string; judgement: JudgementQuery; release?: Release; slots?: SlotHost }) {
  const of = release ? `${remote} ${release.version}` : `${remote}'s canary`;
  if (judgement.isError) return <Alert type="error" showIcon title={`Error loading the figures of ${of}: ${toApiError(judgement.error).message}`} />;
  const data = judgement.data;
  const checks = data?.checks ?? [];
  const views = checks.find((c) => c.metric === 'errorRate');
  const title = () => {
    if (views && data?.since) {
      const cohort = (f: MetricCheck['canary']) => `${plural(f.admins, 'administrator')} (${plural(f.n, 'view')})`;
      return `Canary ${cohort(views.canary)}, stable ${cohort(views.stable)} ${windowText(data)}`;
    }
    if (release && data?.since) return `${release.version}: ${windowText(data)}`;
    return 'Canary against stable';
  };
  return (
    <Flex vertical gap={12}>
      <Table<MetricCheck>
      rowKey="metric"
      size="small"
      pagination={false}
      aria-label={release ? `Figures of ${remote} ${release.version}` : `Canary against stable: ${remote}`}
      loading={judgement.isPending}
      dataSource={checks}
      // In the text's own colour: antd's placeholder grey is too faint to read (contrast under 4.5:1).
      locale={{ emptyText: <Typography.Text>{data?.reason ?? 'Loading the verdict...'}</Typography.Text> }}
      title={title}
      columns={[
        { title: 'Metric', key: 'metric', render: (_, c) => METRIC_LABELS[c.metric] },
        { title: 'Canary', key: 'canary', render: (_, c) => `${figure(c.metric, c.canary.value)} (${c.canary.admins} admins, n ${c.canary.n})` },
        { title: 'Stable', key: 'stable', render: (_, c) => `${figure(c.metric, c.stable.value)} (${c.stable.admins} admins, n ${c.stable.n})` },
        { title: 'Compared', key: 'basis', render: (_, c) => (c.outcome === 'too-few' ? '—' : c.againstBaseline ? 'Each against own baseline' : 'As measured') },
        { title: 'Change', key: 'change', render: (_, c) => change(c) },
        { title: 'Confidence worse', key: 'confidence', render: (_, c) => (c.confidence === null ? '—' : `${(c.confidence * 100).toFixed(1)} %`) },
        { title: 'Outcome', key: 'outcome', render: (_, c) => OUTCOME[c.outcome] },
      ]}
      />
      {slots && data && (
        <slots.Slot id="settings.remotes.canary" props={{ remote, judgement: data, ...(release ? { release: { id: release.id, version: release.version } } : {}) }} />
      )}
    </Flex>
  );
}

/** The live canary's figures (under its row of the Releases table). */
export function CanaryFigures({ remote, slots }: { remote: string; slots?: SlotHost }) {
  return <JudgementFigures remote={remote} judgement={useQuery(queries.canaryJudgement(remote))} slots={slots} />;
}

/** One release of the history: a past canary's window with the verdict it ended with, or its own views. */
export function ReleaseFigures({ remote, release, slots }: { remote: string; release: Release; slots?: SlotHost }) {
  const judgement = useQuery({
    queryKey: [...keys.canaryJudgement(remote), release.id],
    queryFn: () => getReleaseJudgement(remote, release.id),
  });
  return (
    <Flex vertical gap={8}>
      {judgement.data?.verdict && <Verdict verdict={judgement.data.verdict} reason={judgement.data.reason} />}
      <JudgementFigures remote={remote} judgement={judgement} release={release} slots={slots} />
    </Flex>
  );
}
