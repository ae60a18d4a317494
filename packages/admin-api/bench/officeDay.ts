// An office day, simulated: N administrators with their own accounts work from ONE address (the
// office's) for a while: sign in (now and then with a typo first), the dashboard, lists with
// filters, a CSV export, add coins above the step-up amount and refunds (each asking for the
// password again once the step-up window is over), sign out and back in. Meanwhile an attacker at
// the same address guesses one colleague's password. It checks what an office and its security
// officer expect: no colleague refused (no false 429), no 5xx, every acknowledged money change
// applied exactly once, the attacker throttled as documented (docs/security-sign-in.md), and
// p50/p99 per route.
//
// `officeDay()` runs against a server that is already up (test/officeDay.test.ts runs a short day);
// run directly it starts the built server itself, on PGlite and on PostgreSQL, for a whole day's
// slice (10 minutes each by default) and writes docs/performance.md's `office-day` section:
//
//   pnpm --filter @growth-admin/admin-api build
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres pnpm --filter @growth-admin/admin-api bench:office [-- --minutes 10 --colleagues 50 --db both|pglite|postgresql]
import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { delayAfter } from '../src/modules/auth/throttle';
import { signRequest } from '../src/security';
import { ENGINE_LABEL, scratchDatabase, startApi, type Engine } from './server';

export interface OfficeDayOptions {
  baseUrl: string;
  signingKey: string;
  /** An owner's credentials: the day's accounts are created with them. */
  owner: { username: string; password: string };
  durationMs: number;
  colleagues: number;
  /** The office's public address (every colleague and the attacker), and another one (a phone's hotspot). */
  officeAddress: string;
  elsewhereAddress: string;
  /** Each colleague's pause between two actions, drawn between these (ms). */
  thinkMs: [number, number];
  /** The server's step-up amount: the day adds coins above it. */
  stepUpAmount: number;
  /** How often a colleague types a wrong password first (sign-in and step-up). */
  typoRate: number;
  /** The attacker's pause between two guesses (ms). */
  attackerPauseMs: number;
  /** The attacker guesses at least this often, past the day's end if it must (a slow machine's short day). */
  attackerMinGuesses?: number;
  /** The chance that a colleague's next action is signing out and back in (else one of the others, alike). */
  signOutRate: number;
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of many routes, read field by field
  body: any;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

/** One browser: keep-alive connections from one local address, signed requests, a session token. */
class Browser {
  token: string | null = null;
  private readonly agent: Agent;
  constructor(
    private readonly day: OfficeDayOptions,
    private readonly stats: Stats,
    address: string,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 2, localAddress: address });
  }

  call(route: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const ts = String(Date.now());
    const nonce = randomBytes(16).toString('base64url').slice(0, 21);
    const all: Record<string, string> = { 'X-Timestamp': ts, 'X-Nonce': nonce, 'X-Signature': signRequest(ts, nonce, this.day.signingKey), ...headers };
    if (body !== undefined) all['Content-Type'] = 'application/json';
    if (this.token) all.Authorization = `Bearer ${this.token}`;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${this.day.baseUrl}${path}`, { method, headers: all, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          if ((res.headers['content-type'] ?? '').includes('json')) parsed = text ? JSON.parse(text) : undefined;
          const answer = { status: res.statusCode ?? 0, body: parsed, headers: res.headers, ms };
          this.stats.record(route, answer);
          resolve(answer);
        });
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Latencies and statuses per route; refusals sorted into what they mean. */
class Stats {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<string, number>();
  serverErrors: string[] = [];
  record(route: string, a: Answer): void {
    if (!this.latencies.has(route)) this.latencies.set(route, []);
    this.latencies.get(route)!.push(a.ms);
    const k = `${route} ${a.status}`;
    this.statuses.set(k, (this.statuses.get(k) ?? 0) + 1);
    if (a.status >= 500) this.serverErrors.push(`${route} ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
  }
}

export interface OfficeDayResult {
  colleagues: number;
  seconds: number;
  requests: number;
  /** 429s a colleague got that the policy does not explain (the attacked account at the office aside). */
  falseRefusals: string[];
  serverErrors: string[];
  /** Answers no step of the day expects (a 400, a 404...): each a defect of the day or the server. */
  unexpected: string[];
  signIns: number;
  typos: number;
  /** Passwords the screen held for a second or more after the colleague's own third wrong one (the policy's delay). */
  typoWaits: number;
  stepUps: number;
  moneyChanges: { acknowledged: number; replayed: number; balanceMismatches: string[]; refundsNotApplied: string[] };
  attacker: { guesses: number; checked: number; refused: number; codes: string[] };
  /** The attacked colleague's own sign-ins at the office refused while its account was held there. */
  attackedAccountRefusals: number;
  attackedAccountSignedInElsewhere: number;
  routes: Array<{ route: string; count: number; p50: number; p99: number; max: number }>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = ([lo, hi]: [number, number]) => lo + Math.random() * (hi - lo);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

const DAY_PASSWORD = 'office-day-pass-1';
/** The server's wrong passwords per account and address, and per session (LOGIN_LIMIT_PER_USER_AND_ADDRESS's default). */
const THROTTLE_LIMIT = 5;

export async function officeDay(day: OfficeDayOptions): Promise<OfficeDayResult> {
  const stats = new Stats();
  const falseRefusals: string[] = [];
  const unexpected: string[] = [];
  let signIns = 0;
  let typos = 0;
  let typoWaits = 0;
  let stepUps = 0;
  let attackedAccountRefusals = 0;
  let attackedAccountSignedInElsewhere = 0;

  // The owner sets the day up from elsewhere (not the office): accounts, and work to share out.
  const owner = new Browser(day, new Stats(), day.elsewhereAddress);
  const ownerIn = await owner.call('setup', 'POST', '/api/admin/login', day.owner);
  if (ownerIn.status !== 200) throw new Error(`the owner cannot sign in: ${ownerIn.status} ${JSON.stringify(ownerIn.body)}`);
  owner.token = ownerIn.body.data.token;
  const run = randomUUID().slice(0, 6);
  const names = Array.from({ length: day.colleagues }, (_, i) => `office${run}_${i + 1}`);
  for (const username of names) {
    const r = await owner.call('setup', 'POST', '/api/admin/administrators', { username, role: 'operator', password: DAY_PASSWORD });
    if (r.status !== 200) throw new Error(`cannot create ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  // Refundable orders, shared out so no two colleagues refund the same one; the people whose coins
  // the day adds to are others (a refund gives coins back), each colleague its own.
  const refundable: Array<{ id: string; personId: string }> = [];
  for (let page = 0; page < 20 && refundable.length < day.colleagues * 15; page++) {
    const r = await owner.call('setup', 'GET', `/api/admin/orders/orderList?status=completed&limit=100&page=${page}`);
    for (const o of r.body.data.orders) if (o.isComplete && !o.isRefund) refundable.push({ id: o._id, personId: o.personId });
  }
  const refundPeople = new Set(refundable.map((o) => o.personId));
  const people: string[] = [];
  for (let page = 1; page <= 20 && people.length < day.colleagues * 2; page++) {
    const r = await owner.call('setup', 'GET', `/api/admin/persons/list?page=${page}&pageSize=100`);
    for (const p of r.body.data.list) if (!refundPeople.has(p._id)) people.push(p._id);
  }
  // (Colleagues may share a person: the check below adds up every acknowledged addition.)
  if (people.length === 0) throw new Error('every person has an order to refund: seed more people');
  const balanceOf = async (id: string) => Number((await owner.call('setup', 'GET', `/api/admin/persons/query?id=${id}`)).body.data.money);
  const myPeople = names.map((_, i) => people[i % people.length]);
  const before = new Map<string, number>();
  for (const id of new Set(myPeople)) before.set(id, await balanceOf(id));
  const added = new Map<string, number>();
  const refunded: string[] = [];
  let acknowledged = 0;
  let replayed = 0;

  const deadline = Date.now() + day.durationMs;
  const victim = names[0];
  const note = (who: string, what: string, a: Answer) => {
    if (a.status === 429) falseRefusals.push(`${who} ${what}: ${a.body?.code} ${a.body?.message}`);
    else unexpected.push(`${who} ${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 160)}`);
  };

  async function colleague(index: number): Promise<void> {
    const me = names[index];
    let browser = new Browser(day, stats, day.officeAddress);
    const orders = refundable.filter((_, i) => i % day.colleagues === index);
    const person = myPeople[index];

    // This colleague's own wrong passwords: at sign-in (the day is shorter than the throttle's
    // window) and in the current session (step-up).
    let wrongAtSignIn = 0;
    let wrongInSession = 0;
    /**
     * Sends a password as the screen lets a person: from the third wrong one on its key the policy
     * holds the next attempt for a second or more, which the screen counts down before it sends
     * again. Such a wait is the colleague's own typos at work, not a false refusal.
     */
    const typePassword = async (route: string, path: string, body: unknown, ownWrong: number, ownCode: string): Promise<Answer> => {
      const r = await browser.call(route, 'POST', path, body);
      const held = ownWrong < THROTTLE_LIMIT && delayAfter(ownWrong, THROTTLE_LIMIT) > 0;
      if (r.status !== 429 || r.body?.code !== ownCode || !held) return r;
      typoWaits++;
      await pause(Number(r.headers['retry-after']) * 1000);
      return browser.call(route, 'POST', path, body);
    };

    const signIn = async (): Promise<boolean> => {
      const login = (password: string) =>
        me === victim
          ? browser.call('login', 'POST', '/api/admin/login', { username: me, password })
          : typePassword('login', '/api/admin/login', { username: me, password }, wrongAtSignIn, 'THROTTLED_ACCOUNT_ADDRESS');
      if (Math.random() < day.typoRate) {
        typos++;
        const typo = await login(`${DAY_PASSWORD}x`);
        if (typo.status === 401) wrongAtSignIn++;
        else if (!(me === victim && typo.status === 429)) note(me, 'sign-in typo', typo);
      }
      const r = await login(DAY_PASSWORD);
      if (r.status === 200) {
        browser.token = r.body.data.token;
        wrongInSession = 0;
        signIns++;
        return true;
      }
      if (me === victim && r.status === 429 && r.body?.code === 'THROTTLED_ACCOUNT_ADDRESS') {
        // Documented: the account is held at the office while it is attacked from there; its
        // owner signs in from elsewhere (a phone's hotspot) and goes on working.
        attackedAccountRefusals++;
        browser.close();
        browser = new Browser(day, stats, day.elsewhereAddress);
        const away = await browser.call('login', 'POST', '/api/admin/login', { username: me, password: DAY_PASSWORD });
        if (away.status === 200) {
          browser.token = away.body.data.token;
          wrongInSession = 0;
          signIns++;
          attackedAccountSignedInElsewhere++;
          return true;
        }
        note(me, 'sign-in elsewhere', away);
        return false;
      }
      note(me, 'sign-in', r);
      return false;
    };

    /** A money call with its Idempotency-Key: on STEP_UP_REQUIRED the password (a typo now and then), then the same call. */
    const money = async (route: string, path: string, body: unknown): Promise<Answer | null> => {
      const key = randomUUID();
      let r = await browser.call(route, 'POST', path, body, { 'Idempotency-Key': key });
      if (r.status === 403 && r.body?.code === 'STEP_UP_REQUIRED') {
        const reauthenticate = (password: string) => typePassword('reauthenticate', '/api/admin/account/reauthenticate', { password }, wrongInSession, 'THROTTLED_SESSION');
        if (Math.random() < day.typoRate) {
          typos++;
          const typo = await reauthenticate(`${DAY_PASSWORD}x`);
          if (typo.status === 403) wrongInSession++;
          else note(me, 'step-up typo', typo);
        }
        const re = await reauthenticate(DAY_PASSWORD);
        if (re.status !== 200) {
          note(me, 'step-up', re);
          return null;
        }
        stepUps++;
        r = await browser.call(route, 'POST', path, body, { 'Idempotency-Key': key });
      }
      if (r.status !== 200) {
        note(me, route, r);
        return null;
      }
      acknowledged++;
      // Now and then the answer is "lost" and the browser sends the same call again.
      if (Math.random() < 0.2) {
        const again = await browser.call(route, 'POST', path, body, { 'Idempotency-Key': key });
        if (again.status === 200 && again.headers['idempotent-replayed'] === 'true') replayed++;
        else note(me, `${route} retry`, again);
      }
      return r;
    };

    const work: Array<() => Promise<void>> = [
      async () => {
        for (const [route, path] of [
          ['dashboard users', '/api/admin/analytics/users'],
          ['dashboard revenue', '/api/admin/analytics/revenue'],
          ['dashboard trends', '/api/admin/analytics/trends?days=30'],
          ['dashboard orders', '/api/admin/analytics/orders'],
        ] as const) {
          const r = await browser.call(route, 'GET', path);
          if (r.status !== 200) note(me, route, r);
        }
      },
      async () => {
        const r = await browser.call('persons list (filtered)', 'GET', `/api/admin/persons/list?page=1&pageSize=20&customName=${'aeiou'[index % 5]}&sort=money.desc`);
        if (r.status !== 200) note(me, 'persons list', r);
      },
      async () => {
        const r = await browser.call('orders list (filtered)', 'GET', '/api/admin/orders/orderList?status=completed&limit=20&page=0&productType=heart');
        if (r.status !== 200) note(me, 'orders list', r);
      },
      async () => {
        const r = await browser.call('orders export (CSV)', 'GET', `/api/admin/orders/exportOrders?shoppingUser=${'abcdefghij'[index % 10]}${'aeiou'[index % 5]}`);
        if (r.status !== 200) note(me, 'orders export', r);
      },
      async () => {
        const amount = day.stepUpAmount + 1 + Math.floor(Math.random() * 1000);
        if (await money('add coins (step-up)', '/api/admin/persons/add-money', { personId: person, amount })) added.set(person, (added.get(person) ?? 0) + amount);
      },
      async () => {
        const order = orders.shift();
        if (!order) return;
        if (await money('refund (step-up)', '/api/admin/orders/refundOrder', { orderId: order.id })) refunded.push(order.id);
      },
    ];
    const signOutAndBack = async () => {
      const out = await browser.call('logout', 'POST', '/api/admin/logout');
      if (out.status !== 200) note(me, 'sign-out', out);
      browser.token = null;
      if (me === victim) {
        browser.close();
        browser = new Browser(day, stats, day.officeAddress); // back at the office
      }
      await pause(between(day.thinkMs));
      await signIn();
    };

    await pause(Math.random() * Math.min(2000, day.durationMs / 10)); // not all at 9:00:00
    if (!(await signIn())) return;
    while (Date.now() < deadline) {
      await pause(between(day.thinkMs));
      if (Date.now() >= deadline) break;
      if (!browser.token && !(await signIn())) continue;
      if (Math.random() < day.signOutRate) await signOutAndBack();
      else await work[Math.floor(Math.random() * work.length)]();
    }
    browser.close();
  }

  // The attacker: at the office's address, guessing the first colleague's password.
  const attacker = { guesses: 0, checked: 0, refused: 0, codes: new Set<string>() };
  async function attack(): Promise<void> {
    const browser = new Browser(day, new Stats(), day.officeAddress);
    while (Date.now() < deadline || attacker.guesses < (day.attackerMinGuesses ?? 0)) {
      const r = await browser.call('attacker', 'POST', '/api/admin/login', { username: victim, password: `guess-${attacker.guesses}` });
      attacker.guesses++;
      if (r.status === 401) attacker.checked++;
      else if (r.status === 429) {
        attacker.refused++;
        attacker.codes.add(r.body?.code);
      } else unexpected.push(`attacker: ${r.status}`);
      await pause(day.attackerPauseMs);
    }
    browser.close();
  }

  const started = Date.now();
  await Promise.all([...names.map((_, i) => colleague(i)), attack()]);
  const seconds = (Date.now() - started) / 1000;

  // Exactly once: each person's balance moved by the acknowledged additions, no more, no less;
  // each acknowledged refund is a refunded order.
  const balanceMismatches: string[] = [];
  for (const [id, was] of before) {
    const now = await balanceOf(id);
    if (now !== was + (added.get(id) ?? 0)) balanceMismatches.push(`person ${id}: ${was} + ${added.get(id) ?? 0} expected, ${now} found`);
  }
  const refundedNow = new Set<string>();
  for (let page = 0; page < 1000; page++) {
    const r = await owner.call('setup', 'GET', `/api/admin/orders/orderList?status=refunded&limit=100&page=${page}`);
    for (const o of r.body.data.orders) refundedNow.add(o._id);
    if (r.body.data.orders.length < 100) break;
  }
  const refundsNotApplied = refunded.filter((id) => !refundedNow.has(id));
  owner.close();

  const routes = [...stats.latencies].map(([route, ms]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return { route, count: ms.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] };
  });
  routes.sort((a, b) => a.route.localeCompare(b.route));
  return {
    colleagues: day.colleagues,
    seconds,
    requests: routes.reduce((n, r) => n + r.count, 0),
    falseRefusals,
    serverErrors: stats.serverErrors,
    unexpected,
    signIns,
    typos,
    typoWaits,
    stepUps,
    moneyChanges: { acknowledged, replayed, balanceMismatches, refundsNotApplied },
    attacker: { guesses: attacker.guesses, checked: attacker.checked, refused: attacker.refused, codes: [...attacker.codes].sort() },
    attackedAccountRefusals,
    attackedAccountSignedInElsewhere,
    routes,
  };
}

/** The day's outcome in lines (printed by the bench and by the test on failure). */
export function describeDay(r: OfficeDayResult): string {
  return [
    `${r.colleagues} colleagues at one address for ${r.seconds.toFixed(0)} s: ${r.requests} requests, ${r.signIns} sign-ins, ${r.stepUps} step-ups, ${r.typos} typos (${r.typoWaits} held by the delay after a third)`,
    `false 429s: ${r.falseRefusals.length}; 5xx: ${r.serverErrors.length}; unexpected answers: ${r.unexpected.length}`,
    `money changes acknowledged: ${r.moneyChanges.acknowledged} (${r.moneyChanges.replayed} retried and replayed); not applied exactly once: ${r.moneyChanges.balanceMismatches.length + r.moneyChanges.refundsNotApplied.length}`,
    `attacker: ${r.attacker.guesses} guesses, ${r.attacker.checked} checked, ${r.attacker.refused} refused (${r.attacker.codes.join(', ') || 'none'})`,
    `attacked account: ${r.attackedAccountRefusals} sign-ins refused at the office, ${r.attackedAccountSignedInElsewhere} signed in from elsewhere instead`,
    ...r.routes.map((x) => `  ${x.route.padEnd(26)} n=${String(x.count).padStart(6)}  p50 ${x.p50.toFixed(1).padStart(7)} ms  p99 ${x.p99.toFixed(1).padStart(7)} ms  max ${x.max.toFixed(1).padStart(7)} ms`),
    ...[...r.falseRefusals, ...r.serverErrors, ...r.unexpected, ...r.moneyChanges.balanceMismatches].slice(0, 20).map((l) => `  ! ${l}`),
  ].join('\n');
}

// ---- run directly: the bench ------------------------------------------------------------------

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

async function main(): Promise<void> {
  const minutes = Number(opt('minutes', '10'));
  const colleagues = Number(opt('colleagues', '50'));
  const which = opt('db', 'both');
  const dbs: Engine[] = which === 'both' ? ['pglite', 'postgresql'] : [which as Engine];
  const KEY = 'office-day-signing-key';
  const OWNER = { username: 'admin', password: 'office-day-owner-1' };
  const rows: string[][] = [];
  let failed = false;
  for (const db of dbs) {
    const database = await scratchDatabase(db, 'office-day');
    const api = await startApi({
      ...database.env,
      ADMIN_SIGNING_KEY: KEY,
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
    });
    const url = api.url;
    try {
      console.log(`\n${db}: ${colleagues} colleagues for ${minutes} min against ${url}`);
      const result = await officeDay({
        baseUrl: url,
        signingKey: KEY,
        owner: OWNER,
        durationMs: minutes * 60_000,
        colleagues,
        officeAddress: '127.0.0.20',
        elsewhereAddress: '127.0.0.21',
        thinkMs: [2_000, 10_000],
        stepUpAmount: 10_000,
        typoRate: 0.05,
        attackerPauseMs: 500,
        signOutRate: 0.025,
      });
      console.log(describeDay(result));
      const wrong = result.falseRefusals.length + result.serverErrors.length + result.unexpected.length + result.moneyChanges.balanceMismatches.length + result.moneyChanges.refundsNotApplied.length;
      if (wrong) failed = true;
      const label = ENGINE_LABEL[db];
      rows.push([
        label,
        'the day',
        `${result.requests} requests, ${result.signIns} sign-ins, ${result.stepUps} step-ups, ${result.typos} typos`,
        `false 429s ${result.falseRefusals.length}, 5xx ${result.serverErrors.length}, unexpected ${result.unexpected.length}`,
        `money acknowledged ${result.moneyChanges.acknowledged} (replayed ${result.moneyChanges.replayed}), not exactly once ${result.moneyChanges.balanceMismatches.length + result.moneyChanges.refundsNotApplied.length}`,
      ]);
      rows.push([
        label,
        'attacker at the office',
        `${result.attacker.guesses} guesses, ${result.attacker.checked} checked, ${result.attacker.refused} refused (${result.attacker.codes.join(', ')})`,
        `attacked account: ${result.attackedAccountRefusals} refused at the office, ${result.attackedAccountSignedInElsewhere} signed in elsewhere`,
        '',
      ]);
      for (const r of result.routes) rows.push([label, r.route, `n ${r.count}`, `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`, `max ${r.max.toFixed(1)} ms`]);
    } finally {
      await api.stop();
      await database.drop();
    }
  }
  // The repository's one writer of docs/performance.md (plain JavaScript, loaded as it is).
  const { writePerformanceSection } = (await import(join(__dirname, '..', '..', '..', 'scripts', 'performance-doc.mjs'))) as {
    writePerformanceSection: (section: Record<string, unknown>) => string;
  };
  const file = writePerformanceSection({
    id: 'office-day',
    title: 'An office day: 50 administrators behind one address, an attacker among them',
    command: `pnpm --filter @growth-admin/admin-api bench:office -- --minutes ${minutes} --colleagues ${colleagues} --db ${which}`,
    note:
      'Each colleague (own account, one shared address) thinks 2-10 s between actions: the dashboard, filtered lists, a CSV export, add coins above the step-up amount, a refund (step-up when the 5-minute window is over), sign-out and back (2.5 % of actions); 5 % of password entries are a typo first; 20 % of money calls are sent twice with the same Idempotency-Key. An attacker at the same address guesses one colleague’s password every 0.5 s. Demo seed (3,000 users, 30,000 orders). Policy: docs/security-sign-in.md.',
    columns: ['Database', 'What', 'Count', 'Outcome / p50, p99', ''],
    rows,
  });
  console.log(`\nwritten: ${file}`);
  if (failed) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
