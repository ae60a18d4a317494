// Deterministic demo data, generated inside the database (INSERT ... SELECT over generate_series)
// so a million orders load in seconds. Randomness comes from hashint8extended(row, salt): the same
// seed and sizes give the same rows (timestamps are relative to the seeding time).
import { ROLLUP_TABLES, rebuildRollups, secondaryIndexes } from './db/rollups';
import type { Db, Queryable } from './db/types';
import { DEMO_AVATAR_HOST } from './modules/images/demoAvatars';

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

async function seedProjects(db: Queryable, seed: number): Promise<void> {
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
  let lap = started;
  let cpu = process.cpuUsage();
  const step = (name: string) => {
    const c = process.cpuUsage(cpu);
    if (process.env.SEED_DEBUG) console.log(`  ${name}: ${Date.now() - lap} ms (cpu ${Math.round((c.user + c.system) / 1000)} ms)`);
    lap = Date.now();
    cpu = process.cpuUsage();
  };
  const users = int(opts.users, 'users');
  const orders = int(opts.orders, 'orders');
  const seed = int(opts.seed ?? 42, 'seed');
  const now = (opts.now ?? new Date()).toISOString();
  const projectNames = DEMO_PROJECTS.map((p) => p.projectName);
  // One transaction: a crash or a kill half-way leaves the database as it was (indexes, constraints
  // and triggers included), never half loaded. (VACUUM cannot run in a transaction: it follows.)
  await db.transaction(async (tx) => {
    await seedProjects(tx, seed);
    const customIdOf = (p: string) => `(7000000000000 + ${p} * 7919)::text`;

    // The secondary indexes as the migrations made them: dropped for the bulk load, rebuilt after it.
    const indexes = await secondaryIndexes(tx, ['orders', 'persons']);
    await tx.exec(`
  truncate persons, orders, coin_ledger, ${ROLLUP_TABLES.join(', ')} restart identity;
  ${indexes.map((i) => `drop index if exists ${i.name};`).join('\n')}
  alter table persons disable trigger user;
  alter table orders disable trigger user;
  `);
    step('truncate');
    {
      // Each row's random draws come from a few 64-bit hashes computed once (the OFFSET 0 subqueries
      // stop the planner from inlining them into every use), split into 16-bit uniforms.
      const u = (h: string, k: number) => `(((${h} >> ${16 * k}) & 65535)::float8 / 65536.0)`;
      const S = (k: number) => seed * 1000 + k;
      await tx.exec(`
  insert into persons (id, custom_id, custom_name, avatar, money, point, platform, watcher_count, watching_count,
    reward_count, reward_last_date, is_private, is_verified, is_business, country_code, last_client_region,
    project_start_list, virtual_level, created_at, updated_at)
  select g, x.cid, x.name,
    'https://${DEMO_AVATAR_HOST}/u/' || x.cid || '.svg?x-expires=' || x.expires || '&x-signature=' || to_hex(x.h4),
    floor(${u('x.h1', 0)} * ${u('x.h1', 0)} * 50000)::bigint, floor(${u('x.h1', 1)} * 10000)::bigint, x.platform,
    floor(exp(${u('x.h1', 2)} * 12))::int, floor(${u('x.h1', 3)} * 2000)::int,
    x.rc, case when x.rc = 0 then null else x.created + (x.now - x.created) * ${u('x.h2', 0)} end,
    ${u('x.h2', 1)} < 0.2, ${u('x.h2', 2)} < 0.05, ${u('x.h2', 3)} < 0.15,
    ${sqlArray(COUNTRIES.map((c) => c[0]))}[x.ci], ${sqlArray(COUNTRIES.map((c) => c[1]))}[x.ci],
    (${sqlArray(projectNames)})[x.ps : x.ps + floor(${u('x.h3', 1)} * 3)::int],
    1 + floor(${u('x.h3', 2)} * 50)::int, x.created, x.created + (x.now - x.created) * ${u('x.h3', 3)}
  from (
    select a.*, ${customIdOf('a.g')} as cid,
      ${sqlArray(FIRST)}[1 + floor(${u('a.h0', 0)} * ${FIRST.length})::int] || '_' || ${sqlArray(LAST)}[1 + floor(${u('a.h0', 1)} * ${LAST.length})::int] || a.g::text as name,
      case when ${u('a.h0', 2)} < 0.55 then 'iOS' else 'Android' end as platform,
      1 + floor(${u('a.h0', 3)} * ${COUNTRIES.length})::int as ci,
      1 + floor(${u('a.h3', 0)} * 10)::int as ps,
      -- ids follow creation time (newest users have the highest ids); growth: more sign-ups lately
      to_timestamp(a.epoch - 5184000 * (1 - power(a.g::float8 / ${Math.max(users, 1)}, 0.7)) + 3600 * ${u('a.h4', 0)}) as created,
      floor(${u('a.h4', 1)} * 300)::int * (${u('a.h4', 2)} < 0.7)::int as rc,
      (extract(epoch from a.now)::bigint + 604800)::text as expires
    from (
      select g, ts.now, extract(epoch from ts.now)::float8 - 3600 as epoch, hashint8extended(g, ${S(1)}) as h0, hashint8extended(g, ${S(2)}) as h1, hashint8extended(g, ${S(3)}) as h2,
             hashint8extended(g, ${S(4)}) as h3, hashint8extended(g, ${S(5)}) as h4
        from (select '${now}'::timestamptz as now) ts, generate_series(1, ${users}) g offset 0
    ) a offset 0
  ) x;
  select setval('persons_id_seq', greatest(${users}, 1));
  `);
      step('persons');
      if (users > 0 && orders > 0) {
        // The order_sn unique index is built once after the load (a sorted build beats random inserts).
        await tx.exec('alter table orders drop constraint if exists orders_order_sn_key; alter table orders drop constraint if exists orders_pkey;');
        {
          // Rows go in in id order, which is time order as in a live system: deep pages then read
          // neighbouring heap and visibility-map pages (a big enough work_mem keeps the join in memory).
          await tx.exec(`
  set local work_mem = '256MB';
  insert into orders (id, kind, order_sn, person_id, shopping_user, shopping_pic, shopping_text, product_type, count,
    start_count, payment_money, payment_type, prom_code, platform, coins, is_complete, is_error, is_refund,
    error_message, created_at, refunded_at, state)
  select o.g, o.kind, (100000000000 + o.g)::text, o.p, per.custom_name, per.avatar,
    case when o.kind = 'recharge' then o.cnt || ' coins pack'
         else o.cnt || ' ' || case o.ptype when 'heart' then 'likes' when 'watch' then 'followers' else o.ptype || 's' end
              || ' for @' || per.custom_name end,
    o.ptype, o.cnt, o.start_count, o.money,
    case when o.kind = 'growth' then 'coins' when per.platform = 'iOS' then 'apple_pay' else 'google_pay' end,
    o.promo, per.platform,
    case when o.kind = 'recharge' then o.cnt else round(o.money * 100)::bigint end,
    o.st < 0.72 or o.st >= 0.95, o.st >= 0.85 and o.st < 0.95, o.st >= 0.95,
    case when o.st >= 0.85 and o.st < 0.95 then ${sqlArray(ERRORS)}[1 + floor(${u('o.h2', 2)} * ${ERRORS.length})::int] end,
    o.created, case when o.st >= 0.95 then least(o.now, o.created + interval '1 day') end,
    case when o.st >= 0.95 then 'refunded' when o.st < 0.72 then 'completed' when o.st < 0.85 then 'pending' else 'error' end
  from (
    select k.*, case k.ptype
        when 'coins' then (array[0.99, 4.99, 9.99, 19.99, 49.99, 99.99])[k.pack]
        when 'heart' then round(k.cnt * 0.01, 2)
        when 'watch' then round(k.cnt * 0.03, 2)
        else round(k.cnt * 0.005, 2) end::numeric(12,2) as money
    from (
      select b.*, case when b.kind = 'recharge' then (array[100, 500, 1200, 2500, 6500, 14000])[b.pack]
                       else (1 + floor(${u('b.h1', 0)} * 40)::int) * 50 end as cnt
      from (
        select a.g, a.now, a.h1, a.h2, a.h3,
          1 + ((a.h0 & 2147483647) % ${users}) as p,
          case when ${u('a.h0', 2)} < 0.3 then 'recharge' else 'growth' end as kind,
          case when ${u('a.h0', 2)} < 0.3 then 'coins'
               when ${u('a.h0', 3)} < 0.45 then 'heart' when ${u('a.h0', 3)} < 0.85 then 'watch'
               else (array['view', 'share', 'comment'])[1 + floor(${u('a.h1', 1)} * 3)::int] end as ptype,
          1 + floor(${u('a.h1', 2)} * 6)::int as pack,
          ${u('a.h1', 3)} as st,
          floor(${u('a.h2', 0)} * 100000)::int as start_count,
          case when ${u('a.h2', 1)} < 0.08 then ${sqlArray(PROMOS)}[1 + floor(${u('a.h2', 3)} * ${PROMOS.length})::int] end as promo,
          -- creation time grows with the id, denser lately (the business grows)
          to_timestamp(a.epoch - 5184000 * (1 - power(a.g::float8 / ${orders}, 0.8))) as created
        from (
          select g, ts.now, extract(epoch from ts.now)::float8 - 60 as epoch, hashint8extended(g, ${S(11)}) as h0, hashint8extended(g, ${S(12)}) as h1,
                 hashint8extended(g, ${S(13)}) as h2, hashint8extended(g, ${S(14)}) as h3
            from (select '${now}'::timestamptz as now) ts, generate_series(1, ${orders}) g offset 0
        ) a offset 0
      ) b
    ) k
  ) o
  join persons per on per.id = o.p
  where o.kind = 'recharge' or o.kind = 'growth'
  order by o.g;
  select setval('orders_id_seq', greatest(${orders}, 1));
  `);
        }
        await tx.exec('alter table orders add constraint orders_pkey primary key (id); alter table orders add constraint orders_order_sn_key unique (order_sn);');
        step('orders');
      }
    }
    {
      await tx.exec(`
  alter table persons enable trigger user;
  alter table orders enable trigger user;
  `);
      for (const i of indexes) {
        await tx.exec(i.ddl.replace(/^CREATE (UNIQUE )?INDEX /i, (m) => `${m}IF NOT EXISTS `));
        step(`index ${i.name}`);
      }
    }
    await rebuildRollups(tx);
    step('rollups');
  });
  // VACUUM sets the visibility map, so index-only scans skip the heap; ANALYZE gives the planner stats.
  await db.exec('vacuum analyze persons');
  await db.exec('vacuum analyze orders');
  step('analyze');
  return { ms: Date.now() - started };
}
