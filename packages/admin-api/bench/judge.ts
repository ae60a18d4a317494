// Benchmark (not a test): how often the canary judge raises a false alarm, and how often it finds a
// canary that really is worse, over simulated runs of generated administrators (bench/judgeData.ts:
// clustered, seeded, so the figures are the same on every machine), beside the per-view test the
// judge used before on the same data; then over canaries' lives, judged at every look as their
// cohorts grow, with each look's p-values (the judge before) and the always-valid ones (the judge).
// Writes its two sections of docs/performance.md (scripts/performance-doc.mjs).
//
//   pnpm --filter @growth-admin/admin-api bench:judge [-- --runs 1000 --lives 500 --looks 24 --seed 52 --no-write]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_JUDGE_OPTIONS, judgeCanary } from '../src/controlPlane/releases/judge';
import { generateAdmins, growingCohort, pooled, POPULATION, SCENARIOS, seededRandom, summarise } from './judgeData';
import { judgePerView } from './perViewJudge';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const RUNS = arg('--runs', 1000);
const SEED = arg('--seed', 52);
const ADMINS = [5, 10, 20, 50];
const LIVES = arg('--lives', 500);
const LOOKS = arg('--looks', 24);
const LIFE_ADMINS = [20, 50];

type Tally = Record<'fail' | 'pass' | 'inconclusive', number>;

function simulate(canary: Partial<typeof POPULATION>, admins: number, seed: number): { judge: Tally; perView: Tally; views: number; ms: number } {
  const rng = seededRandom(seed);
  const judge: Tally = { fail: 0, pass: 0, inconclusive: 0 };
  const perView: Tally = { fail: 0, pass: 0, inconclusive: 0 };
  let views = 0;
  let ms = 0;
  for (let i = 0; i < RUNS; i++) {
    const c = generateAdmins(rng, { ...canary, admins });
    const s = generateAdmins(rng, { admins });
    const started = performance.now();
    judge[judgeCanary(summarise(c), summarise(s)).verdict]++;
    ms += performance.now() - started;
    const pc = pooled(c);
    const ps = pooled(s);
    views += pc.views + ps.views;
    perView[judgePerView(pc, ps)]++;
  }
  return { judge, perView, views: views / (2 * RUNS), ms: ms / RUNS };
}

/** The look of each life's first Fail (null: none), with each look's p-values and with the always-valid ones, on the same data. */
function lives(canary: Partial<typeof POPULATION>, admins: number, seed: number): { oneLook: Array<number | null>; alwaysValid: Array<number | null>; lastLookOnly: number } {
  const rng = seededRandom(seed);
  const oneLook: Array<number | null> = [];
  const alwaysValid: Array<number | null> = [];
  let lastLookOnly = 0;
  for (let i = 0; i < LIVES; i++) {
    const c = growingCohort(rng, LOOKS, { ...canary, admins });
    const s = growingCohort(rng, LOOKS, { admins });
    let first: number | null = null;
    let firstValid: number | null = null;
    for (let look = 1; look <= LOOKS; look++) {
      const cs = summarise(c.at(look));
      const ss = summarise(s.at(look));
      if (first === null && judgeCanary(cs, ss, { sequential: false }).verdict === 'fail') first = look;
      if (firstValid === null && judgeCanary(cs, ss).verdict === 'fail') firstValid = look;
      if (look === LOOKS && judgeCanary(cs, ss).verdict === 'fail') lastLookOnly++;
    }
    oneLook.push(first);
    alwaysValid.push(firstValid);
  }
  return { oneLook, alwaysValid, lastLookOnly };
}

/** "12.4 % (look 7)": the share of lives with a Fail, and the median look of the first. */
function failed(firsts: Array<number | null>): string {
  const looks = firsts.filter((x): x is number => x !== null).sort((a, b) => a - b);
  const share = `${((looks.length / firsts.length) * 100).toFixed(1)} %`;
  return looks.length ? `${share} (look ${looks[Math.floor((looks.length - 1) / 2)]})` : share;
}

async function main(): Promise<void> {
  const pct = (n: number) => `${((n / RUNS) * 100).toFixed(1)} %`;
  const rows: string[][] = [];
  let seed = SEED;
  for (const [name, canary] of Object.entries(SCENARIOS)) {
    for (const admins of ADMINS) {
      const t = simulate(canary, admins, seed++);
      const what = name === 'identical' ? 'false alarm' : 'detected';
      const row = [
        name,
        String(admins),
        String(Math.round(t.views)),
        String(RUNS),
        `${what} ${pct(t.judge.fail)}`,
        pct(t.judge.pass),
        pct(t.judge.inconclusive),
        `${what} ${pct(t.perView.fail)}`,
        pct(t.perView.inconclusive),
        `${t.ms.toFixed(2)} ms`,
      ];
      console.log(row.join(' | '));
      rows.push(row);
    }
  }
  const lifeRows: string[][] = [];
  for (const [name, canary] of Object.entries(SCENARIOS)) {
    for (const admins of LIFE_ADMINS) {
      const t = lives(canary, admins, seed++);
      const what = name === 'identical' ? 'false alarm' : 'detected';
      const row = [name, String(admins), String(LIVES), String(LOOKS), `${what} ${failed(t.oneLook)}`, `${what} ${failed(t.alwaysValid)}`, `${((t.lastLookOnly / LIVES) * 100).toFixed(1)} %`];
      console.log(row.join(' | '));
      lifeRows.push(row);
    }
  }
  if (args.includes('--no-write')) return;
  const { writePerformanceSection } = (await import(pathToFileURL(join(__dirname, '../../../scripts/performance-doc.mjs')).href)) as {
    writePerformanceSection: (o: { id: string; title: string; command: string; note?: string; columns: string[]; rows: string[][] }) => string;
  };
  const o = DEFAULT_JUDGE_OPTIONS;
  const p = POPULATION;
  const file = writePerformanceSection({
    id: 'canary-judge',
    title: 'The canary judge: false alarms and detection',
    command: 'pnpm --filter @growth-admin/admin-api bench:judge',
    note:
      `Each row judges ${RUNS} pairs of generated cohorts of administrators (seeded, so the figures are the same on every machine; bench/judgeData.ts). ` +
      `Each administrator has their own baseline of each vital (log-normal between people, σ ${p.betweenSigma}; between one person's views σ ${p.withinSigma}), ` +
      `their own error proneness around ${p.errorRate * 100} % of views, and their own number of views (log-normal, median ${p.viewsMedian}, σ ${p.viewsSigma}: a few heavy users, many light ones); ` +
      `${(1 - p.newShare) * 100} % of them also have as many views of the stable release before the canary. Population medians: INP ${p.inpMedian} ms on ${p.inpShare * 100} % of views, ` +
      `LCP ${p.lcpMedian} ms on ${p.lcpShare * 100} % of views, CLS 0 on half the views and ${p.clsMedian} on the others. The canary is that with the row's change in the window. ` +
      `Judge: administrators as the unit (each one's error share and typical vitals, vitals against their own baseline; Mann-Whitney U over administrators), ${o.confidence * 100} % confidence over the four metrics with each test's always-valid p-value (valid however often the judge looks; here one look), ` +
      `at least ${o.minAdmins} administrators (and enough to decide: about 10 a cohort), ${o.minViews} views and ${o.minSamples} samples of each vital per cohort (docs/releases.md, The canary judge). ` +
      'Per-view test: the judge before, every view one independent sample, on the same data. A false alarm is a Fail on identical cohorts; detected is a Fail on a worse canary. ' +
      'The time is the judge alone, per run.',
    columns: ['canary', 'administrators per cohort', 'views per cohort (mean)', 'runs', 'judge: failed', 'judge: passed', 'judge: inconclusive', 'per-view test: failed', 'per-view: inconclusive', 'judge time'],
    rows,
  });
  writePerformanceSection({
    id: 'canary-judge-looks',
    title: "The canary judge over a canary's life: repeated looks",
    command: 'pnpm --filter @growth-admin/admin-api bench:judge',
    note:
      `Each row follows ${LIVES} canaries' lives (seeded; bench/judgeData.ts growingCohort), each judged at ${LOOKS} looks (the judge looks every RELEASE_JUDGE_INTERVAL_SECONDS: ${LOOKS} looks are ${LOOKS / 2} minutes at 30 s). ` +
      "The administrators of both cohorts (the row's number of each by the last look, drawn as in the table above) arrive over the first half of the life, each at a random look, and send their views evenly from then on; " +
      'every look reads everything since the canary began, as the registry does. ' +
      "Each look's p-values: the judge before, each test at p < 0.005 of that look alone. Always-valid: the judge, each test's always-valid p-value below 0.005 (docs/releases.md, The canary judge). " +
      'Both are judged on the same data at every look. A false alarm is a Fail at any look of a canary identical to stable; detected is a Fail at any look of a worse one; the look is the median of the first Fail. ' +
      'The last column: the always-valid rule at the last look alone.',
    columns: ['canary', 'administrators per cohort (last look)', 'lives', 'looks', "each look's p-values: failed in the life (median look)", 'always-valid: failed in the life (median look)', 'always-valid at the last look alone'],
    rows: lifeRows,
  });
  console.log(`written to ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
