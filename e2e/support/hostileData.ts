// Hostile data, written the way a mobile app's backend or an importer would write it: straight into
// the database, past every API validation. Each free-text column of projects, persons and orders
// gets markup and script payloads tagged with the column's name, then a system of its own is
// started on that database (so the other journeys keep their plain demo data).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrate, openDb, seedDemo } from '@growth-admin/admin-api';
import { PASSWORD_HASH_COST_ENV, adminCredentials } from './env';

/** A payload for `column`: three ways markup could run, all tagged with the column. */
export function payload(column: string): string {
  return `<img src=x onerror="window.__xss='${column}'"><svg onload="window.__xss='${column}'"></svg><script>window.__xss='${column}'</script>`;
}
/** A payload for a URL column (avatar, picture). */
export const urlPayload = (column: string) => `javascript:window.__xss='${column}'//"><img src=x onerror="window.__xss='${column}'">`;

/** The region every hostile person reports, and the product type of every hostile order (big pie slices). */
export const HOSTILE_REGION = payload('persons.last_client_region');
export const HOSTILE_PRODUCT_TYPE = payload('orders.product_type');
export const HOSTILE_NAME = payload('persons.custom_name');
export const HOSTILE_PROJECT_NAME = payload('projects.project_name');
export const HOSTILE_SHOPPING_USER = payload('orders.shopping_user');

async function plant(dataDir: string): Promise<void> {
  const db = await openDb({ dataDir });
  try {
    await migrate(db);
    await seedDemo(db, { users: 60, orders: 300 });
    const p = (column: string) => payload(`projects.${column}`);
    await db.query(
      `insert into projects (project_name, project_id, team, app_id, build_number, check_number, testing, online, enable_push, enable_rate,
                             blocked_regions, product_id_list, iap_country_limits)
       values ($1, $2, $3, 1, 1, 1, true, true, true, true, $4::jsonb, $5::jsonb, $6::jsonb)`,
      [
        HOSTILE_PROJECT_NAME,
        p('project_id'),
        p('team'),
        JSON.stringify(['NA', p('blocked_regions')]),
        JSON.stringify({ 10001: p('product_id_list'), 10002: 'plain' }),
        JSON.stringify({ [p('iap_country_limits')]: 5, US: 0 }),
      ],
    );
    // The newest persons (first on the Users page), outnumbering every real region.
    await db.query(
      `insert into persons (custom_id, custom_name, avatar, money, point, platform, watcher_count, reward_count, reward_last_date,
                            is_verified, is_business, country_code, last_client_region, project_start_list)
       select $1 || i, $2, $3, 1000, 10, $4, 5, 3, now(), true, true, $5, $6, array[$7, $8, $9]
         from generate_series(1, 40) i`,
      [
        payload('persons.custom_id'),
        HOSTILE_NAME,
        urlPayload('persons.avatar'),
        payload('persons.platform'),
        payload('persons.country_code'),
        HOSTILE_REGION,
        payload('persons.project_start_list'),
        'Likes Booster',
        'Fame Up',
      ],
    );
    // The newest orders and payments of those persons, completed (so they count as revenue), plus
    // one error order with hostile error details.
    const o = (column: string) => payload(`orders.${column}`);
    await db.query(
      `insert into orders (kind, order_sn, person_id, shopping_user, shopping_pic, shopping_text, product_type, count, start_count,
                           payment_money, payment_type, prom_code, platform, coins, is_complete, is_error, error_message, state, created_at)
       select case when i % 4 = 0 then 'recharge' else 'growth' end, $1 || i, p.id, $2, $3, $4,
              case when i % 4 = 0 then 'coins' else $5 end, 100, 7, 900, $6, $7, $8, 90000,
              i <> 1, i = 1, case when i = 1 then $9 end, case when i = 1 then 'error' else 'completed' end, now() - make_interval(secs => i)
         from generate_series(1, 40) i
         join lateral (select id from persons order by id desc limit 1) p on true`,
      [o('order_sn'), HOSTILE_SHOPPING_USER, urlPayload('orders.shopping_pic'), o('shopping_text'), HOSTILE_PRODUCT_TYPE, o('payment_type'), o('prom_code'), o('platform'), o('error_message')],
    );
  } finally {
    await db.close();
  }
}

interface StartedSystem {
  shellUrl: string;
  apiUrl: string;
  remoteUrls: Record<string, string>;
  stop(): Promise<void>;
}

/** A system of its own (free ports) on a database holding hostile data; stop() removes it all. */
export async function startHostileSystem(): Promise<StartedSystem> {
  const repoRoot = resolve(__dirname, '../..');
  const dir = mkdtempSync(join(tmpdir(), 'growth-admin-hostile-'));
  const dataDir = join(dir, 'pglite');
  await plant(dataDir);
  const { startSystem } = (await import(pathToFileURL(join(repoRoot, 'scripts/system.mjs')).href)) as {
    startSystem(options: object): Promise<StartedSystem>;
  };
  const { username, password } = adminCredentials();
  const system = await startSystem({
    install: false,
    build: false,
    ports: 'free', // every remote of the one list, beside any other running system
    dataDir,
    adminUsername: username,
    adminPassword: password,
    apiEnv: { DATABASE_URL: '', LOGIN_LIMIT_PER_USER_AND_ADDRESS: '1000', LOGIN_LIMIT_PER_ADDRESS: '1000', ...PASSWORD_HASH_COST_ENV },
    log: () => undefined,
    apiLog: () => undefined,
  });
  return {
    ...system,
    async stop() {
      await system.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
