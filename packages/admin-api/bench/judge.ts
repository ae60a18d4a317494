// Benchmark (not a test): how often the canary judge raises a false alarm, and how often it finds a
// canary that really is worse, over simulated runs of generated cohorts (bench/judgeData.ts, seeded:
// the same figures on every machine). Writes its section of docs/performance.md
// (scripts/performance-doc.mjs).
//
//   pnpm --filter @growth-admin/admin-api bench:judge [-- --runs 1000 --seed 39 --no-write]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_JUDGE_OPTIONS, judgeCanary } from '../src/modules/releases/judge';
import { generateCohort, SCENARIOS, seededRandom, STABLE_PROFILE } from './judgeData';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const RUNS = arg('--runs', 1000);
const SEED = arg('--seed', 39);
const VIEWS = [100, 300, 1000, 3000];

interface Tally {
  fail: number;
  pass: number;
  inconclusive: number;
  ms: number;
}

function simulate(canary: Partial<typeof STABLE_PROFILE>, views: number, seed: number): Tally {
  const rng = seededRandom(seed);
  const t: Tally = { fail: 0, pass: 0, inconclusive: 0, ms: 0 };
  for (let i = 0; i < RUNS; i++) {
    const c = generateCohort(rng, { ...canary, views });
    const s = generateCohort(rng, { views });
    const started = performance.now();
    t[judgeCanary(c, s).verdict]++;
    t.ms += performance.now() - started;
  }
  return t;
}

async function main(): Promise<void> {
  const pct = (n: number) => `${((n / RUNS) * 100).toFixed(1)} %`;
  const rows: string[][] = [];
  let seed = SEED;
  for (const [name, { canary }] of Object.entries(SCENARIOS)) {
    for (const views of VIEWS) {
      const t = simulate(canary, views, seed++);
      const rate = name === 'identical' ? `false alarm ${pct(t.fail)}` : `detected ${pct(t.fail)}`;
      const row = [name, String(views), String(RUNS), rate, pct(t.pass), pct(t.inconclusive), `${(t.ms / RUNS).toFixed(2)} ms`];
      console.log(row.join(' | '));
      rows.push(row);
    }
  }
  if (args.includes('--no-write')) return;
  const { writePerformanceSection } = (await import(pathToFileURL(join(__dirname, '../../../scripts/performance-doc.mjs')).href)) as {
    writePerformanceSection: (o: { id: string; title: string; command: string; note?: string; columns: string[]; rows: string[][] }) => string;
  };
  const o = DEFAULT_JUDGE_OPTIONS;
  const file = writePerformanceSection({
    id: 'canary-judge',
    title: 'The canary judge: false alarms and detection',
    command: 'pnpm --filter @growth-admin/admin-api bench:judge',
    note:
      `Each row judges ${RUNS} pairs of generated cohorts (seeded, so the figures are the same on every machine): the stable cohort has ` +
      `${STABLE_PROFILE.errorRate * 100} % of views with an error, INP median ${STABLE_PROFILE.inpMedian} ms on ${STABLE_PROFILE.inpShare * 100} % of views, ` +
      `LCP median ${STABLE_PROFILE.lcpMedian} ms on ${STABLE_PROFILE.lcpShare * 100} % of views, CLS 0 on half the views and median ${STABLE_PROFILE.clsMedian} on the others ` +
      `(log-normal, σ ${STABLE_PROFILE.sigma}); the canary is that with the row's change. Judge: ${o.confidence * 100} % confidence over the four metrics, ` +
      `at least ${o.minViews} views and ${o.minSamples} samples of each vital per cohort (docs/releases.md, The canary judge). ` +
      'A false alarm is a Fail on identical cohorts; detected is a Fail on a worse canary. The time is the judge alone, per run.',
    columns: ['canary', 'views per cohort', 'runs', 'failed', 'passed', 'inconclusive', 'judge time'],
    rows,
  });
  console.log(`written to ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
