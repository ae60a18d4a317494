// Deterministic demo data, generated inside the database (INSERT ... SELECT over generate_series)
// so a million orders load in seconds. Randomness comes from hashint8extended(row, salt): the same
// seed and sizes give the same rows (timestamps are relative to the seeding time).
import { BULK_INDEXES, indexesSql, rebuildRollups } from './db/schema';
import type { Db } from './db/types';

export const DEMO_AVATAR_HOST = 'avatars.demo.growth-admin.local';

export interface SeedOptions {
  users: number;
  orders: number;
  /** PRNG seed: same seed, same data. */
  seed?: number;
  /** Base time (defaults to now): orders and users spread over the 60 days before it. */
  now?: Date;
}

const FIRST = ['emma', 'liam', 'olivia', 'noah', 'ava', 'lucas', 'mia', 'leo', 'sofia', 'mateo', 'yuki', 'hana', 'arjun', 'priya', 'omar', 'layla', 'chen', 'mei', 'diego', 'lucia', 'jonas', 'lena', 'ali', 'zara', 'ivan', 'nina', 'kai', 'aria', 'felix', 'clara', 'sam', 'ruby', 'theo', 'iris', 'max', 'luna', 'oscar', 'ella', 'hugo', 'nora'];
const LAST = ['smith', 'garcia', 'kim', 'tanaka', 'muller', 'rossi', 'silva', 'khan', 'nguyen', 'lopez', 'brown', 'dubois', 'novak', 'costa', 'sato', 'patel', 'hansen', 'moreau', 'ivanova', 'santos', 'wright', 'fischer', 'romano', 'kowalski', 'ali', 'yilmaz', 'cohen', 'park', 'reyes', 'berg'];
// Country and its region (spec 3 region codes: NA, EU, AME, LA, AP).
const COUNTRIES: Array<[string, string]> = [
  ['US', 'NA'], ['US', 'NA'], ['US', 'NA'], ['CA', 'NA'], ['MX', 'LA'], ['BR', 'LA'], ['BR', 'LA'], ['AR', 'LA'], ['CO', 'LA'],
  ['GB', 'EU'], ['DE', 'EU'], ['FR', 'EU'], ['ES', 'EU'], ['IT', 'EU'], ['NL', 'EU'], ['PL', 'EU'],
  ['AE', 'AME'], ['SA', 'AME'], ['TR', 'AME'], ['EG', 'AME'],
  ['JP', 'AP'], ['KR', 'AP'], ['IN', 'AP'], ['ID', 'AP'], ['PH', 'AP'], ['AU', 'AP'], ['VN', 'AP'],
];
const ERRORS = ['Target account is private', 'Target account not found', 'Payment declined by the provider', 'Delivery timed out, please retry', 'Video was removed by its owner'];
const PROMOS = ['WELCOME10', 'SUMMER25', 'VIP15', 'FLASH50'];

export const DEMO_PROJECTS = [
  { projectName: 'Likes Booster', projectId: 'com.growth.likesbooster', team: 'Alpha' },
  { projectName: 'Follower Pro', projectId: 'com.growth.followerpro', team: 'Alpha' },
  { projectName: 'Heart Rush', projectId: 'com.growth.heartrush', team: 'Alpha' },
  { projectName: 'Fame Up', projectId: 'com.growth.fameup', team: 'Beta' },
  { projectName: 'Viral Kit', projectId: 'com.growth.viralkit', team: 'Beta' },
  { projectName: 'Star Tracker', projectId: 'com.growth.startracker', team: 'Beta' },
  { projectName: 'Fan Club', projectId: 'com.growth.fanclub', team: 'Gamma' },
  { projectName: 'Trend Hunter', projectId: 'com.growth.trendhunter', team: 'Gamma' },
  { projectName: 'Insta Grow', projectId: 'com.growth.instagrow', team: 'Gamma' },
  { projectName: 'Coin Master Hub', projectId: 'com.growth.coinhub', team: 'Delta' },
  { projectName: 'Like Storm', projectId: 'com.growth.likestorm', team: 'Delta' },
  { projectName: 'Boost Lab', projectId: 'com.growth.boostlab', team: 'Delta' },
];

const sqlArray = (xs: string[]) => `(array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[])`;

async function seedProjects(db: Db, seed: number): Promise<void> {
  const regions = ['NA', 'EU', 'AME', 'LA', 'AP'];
  const iapCodes = ['US', 'GB', 'DE', 'BR', 'JP', 'IN', 'TR', 'FR'];
  for (const [i, p] of DEMO_PROJECTS.entries()) {
    const r = (k: number) => ((Math.imul(i + 1 + seed * 31, 2654435761) ^ Math.imul(k + 7, 40503)) >>> 0) / 2 ** 32;
    const productIdList: Record<string, string> = {};
    for (let s = 0; s < 6; s++) productIdList[String(10001 + s)] = `${p.projectId}.coins${[100, 500, 1200, 2500, 6500, 14000][s]}`;
    const iap: Record<string, number> = {};
    for (let k = 0; k < 1 + Math.floor(r(1) * 4); k++) iap[iapCodes[(i + k * 3) % iapCodes.length]] = k === 0 && i % 5 === 0 ? 0 : Math.round(r(k + 2) * 500 * 100) / 100;
    const blocked = regions.filter((_, k) => r(k + 20) < 0.2);
    await db.query(
      `insert into projects (project_name, project_id, team, app_id, build_number, check_number, testing, online,
         enable_push, enable_rate, blocked_regions, product_id_list, iap_country_limits)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) on conflict (project_id) do nothing`,
      [p.projectName, p.projectId, p.team, 1400000000 + i * 7919, 202610010000 + i * 10000 + 1, 202610150000 + i * 10000 + 2,
        i % 4 === 3, i % 6 !== 5, i % 3 !== 2, i % 2 === 0, JSON.stringify(blocked), JSON.stringify(productIdList), JSON.stringify(iap)],
    );
  }
}

function int(n: number, name: string): number {
  if (!Number.isInteger(n) || n < 0 || n > 50_000_000) throw new Error(`${name} must be an integer between 0 and 50000000`);
  return n;
}

/**
 * Replaces all persons, orders and the coin ledger with generated demo data (projects are added
 * when missing). Returns the time it took in milliseconds.
 */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<{ ms: number }> {
  const started = Date.now();
  const users = int(opts.users, 'users');
  const orders = int(opts.orders, 'orders');
  const seed = int(opts.seed ?? 42, 'seed');
  const now = (opts.now ?? new Date()).toISOString();
  const projectNames = DEMO_PROJECTS.map((p) => p.projectName);
  await seedProjects(db, seed);
  // hash-based uniform [0,1) for row i and salt k
  const R = (i: string, k: number) => `((hashint8extended(${i}, ${seed * 1000 + k}) & 2147483647)::float8 / 2147483648.0)`;
  const pick = (arr: string, i: string, k: number, len: number) => `${arr}[1 + floor(${R(i, k)} * ${len})::int]`;
  const nameOf = (p: string) => `${pick(sqlArray(FIRST), p, 1, FIRST.length)} || '_' || ${pick(sqlArray(LAST), p, 2, LAST.length)} || ${p}::text`;
  const customIdOf = (p: string) => `(7000000000000 + ${p} * 7919)::text`;
  const avatarOf = (p: string) =>
    `'https://${DEMO_AVATAR_HOST}/u/' || ${customIdOf(p)} || '.svg?x-expires=' || (extract(epoch from ts.now)::bigint + 604800)::text || '&x-signature=' || to_hex(hashint8extended(${p}, ${seed}))`;
  const platformOf = (p: string) => `case when ${R(p, 3)} < 0.55 then 'iOS' else 'Android' end`;
  const countryIdx = (p: string) => `(1 + floor(${R(p, 4)} * ${COUNTRIES.length})::int)`;

  await db.exec(`
truncate persons, orders, coin_ledger, order_hourly, order_totals, person_hourly restart identity;
${BULK_INDEXES.map((i) => `drop index if exists ${i.name};`).join('\n')}
alter table persons disable trigger persons_rollup;
alter table orders disable trigger orders_rollup;
`);
  try {
    await db.exec(`
insert into persons (id, custom_id, custom_name, avatar, money, point, platform, watcher_count, watching_count,
  reward_count, reward_last_date, is_private, is_verified, is_business, country_code, last_client_region,
  project_start_list, virtual_level, created_at, updated_at)
select g, ${customIdOf('g')}, ${nameOf('g')}, ${avatarOf('g')},
  floor(power(${R('g', 5)}, 2) * 50000)::bigint, floor(${R('g', 6)} * 10000)::bigint, ${platformOf('g')},
  floor(exp(${R('g', 7)} * 12))::int, floor(${R('g', 8)} * 2000)::int,
  rc, case when rc = 0 then null else c.created + (ts.now - c.created) * ${R('g', 10)} end,
  ${R('g', 11)} < 0.2, ${R('g', 12)} < 0.05, ${R('g', 13)} < 0.15,
  ${sqlArray(COUNTRIES.map((c) => c[0]))}[${countryIdx('g')}], ${sqlArray(COUNTRIES.map((c) => c[1]))}[${countryIdx('g')}],
  (${sqlArray(projectNames)})[1 + floor(${R('g', 14)} * 10)::int : 1 + floor(${R('g', 14)} * 10)::int + floor(${R('g', 15)} * 3)::int],
  1 + floor(${R('g', 16)} * 50)::int, c.created, c.created + (ts.now - c.created) * ${R('g', 17)}
from (select '${now}'::timestamptz as now) ts,
  generate_series(1, ${users}) g,
  lateral (select ts.now - interval '60 days' * power(${R('g', 18)}, 0.8) as created,
                  floor(${R('g', 9)} * 300)::int * (${R('g', 19)} < 0.7)::int as rc) c;
select setval('persons_id_seq', greatest(${users}, 1));
`);
    if (users > 0 && orders > 0) {
      // One row per order: o.* holds the person, the kind, the product and the state draws.
      await db.exec(`
insert into orders (id, kind, order_sn, person_id, shopping_user, shopping_pic, shopping_text, product_type, count,
  start_count, payment_money, payment_type, prom_code, platform, coins, is_complete, is_error, is_refund,
  error_message, created_at, refunded_at)
select g, o.kind, to_char(o.created, 'YYYYMMDD') || lpad(g::text, 10, '0'), o.p, ${nameOf('o.p')}, ${avatarOf('o.p')},
  case when o.kind = 'recharge' then o.cnt || ' coins pack'
       else o.cnt || ' ' || case o.ptype when 'heart' then 'likes' when 'watch' then 'followers' else o.ptype || 's' end
            || ' for @' || ${nameOf('o.p')} end,
  o.ptype, o.cnt, case when o.kind = 'recharge' then 0 else floor(${R('g', 30)} * 100000)::int end,
  o.money,
  case when o.kind = 'growth' then 'coins' when ${platformOf('o.p')} = 'iOS' then 'apple_pay' else 'google_pay' end,
  case when ${R('g', 31)} < 0.08 then ${sqlArray(PROMOS)}[1 + floor(${R('g', 32)} * ${PROMOS.length})::int] end,
  ${platformOf('o.p')},
  case when o.kind = 'recharge' then o.cnt else round(o.money * 100)::bigint end,
  o.st < 0.72 or o.st >= 0.95, o.st >= 0.85 and o.st < 0.95, o.st >= 0.95,
  case when o.st >= 0.85 and o.st < 0.95 then ${sqlArray(ERRORS)}[1 + floor(${R('g', 33)} * ${ERRORS.length})::int] end,
  o.created, case when o.st >= 0.95 then least(ts.now, o.created + interval '1 day') end
from (select '${now}'::timestamptz as now) ts,
  generate_series(1, ${orders}) g,
  lateral (
    select k.*, case k.ptype
        when 'coins' then (array[0.99, 4.99, 9.99, 19.99, 49.99, 99.99])[k.pack]
        when 'heart' then round(k.cnt * 0.01, 2)
        when 'watch' then round(k.cnt * 0.03, 2)
        else round(k.cnt * 0.005, 2) end::numeric(12,2) as money
    from (
      select b.*, case when b.kind = 'recharge' then (array[100, 500, 1200, 2500, 6500, 14000])[b.pack]
                       else (1 + floor(${R('g', 26)} * 40)::int) * 50 end as cnt
      from (
        select 1 + floor(${R('g', 20)} * ${users})::bigint as p,
          case when ${R('g', 21)} < 0.3 then 'recharge' else 'growth' end as kind,
          case when ${R('g', 21)} < 0.3 then 'coins'
               when ${R('g', 22)} < 0.45 then 'heart' when ${R('g', 22)} < 0.85 then 'watch'
               else (array['view', 'share', 'comment'])[1 + floor(${R('g', 23)} * 3)::int] end as ptype,
          1 + floor(${R('g', 24)} * 6)::int as pack,
          ${R('g', 25)} as st,
          ts.now - interval '60 days' * ${R('g', 27)} as created
      ) b
    ) k
  ) o;
select setval('orders_id_seq', greatest(${orders}, 1));
`);
    }
  } finally {
    await db.exec(`
alter table persons enable trigger persons_rollup;
alter table orders enable trigger orders_rollup;
${indexesSql().replace(/create index /g, 'create index if not exists ')}
`);
  }
  await rebuildRollups(db);
  await db.exec('analyze persons; analyze orders;');
  return { ms: Date.now() - started };
}
