import { buildApp } from './app';
import { defaultConfig } from './config';
import { openDb } from './db';
import { signRequest, newSessionToken, hashToken } from './security';
import { randomBytes } from 'node:crypto';
(async () => {
  const db = await openDb({ dataDir: '/tmp/seed3' });
  const config = defaultConfig({ signingKey: 'k', dataDir: '/tmp/seed3' });
  const app = await buildApp({ config, db });
  const token = newSessionToken();
  await db.query("insert into admin_sessions (token_hash, admin_id, expires_at) select $1, id, now() + interval '1 hour' from admins limit 1", [hashToken(token)]);
  const headers = () => { const ts = String(Date.now()); const n = randomBytes(16).toString('base64url').slice(0, 21); return { 'x-timestamp': ts, 'x-nonce': n, 'x-signature': signRequest(ts, n, 'k'), authorization: `Bearer ${token}` }; };
  const [o] = await db.query<any>("select order_sn, shopping_user, person_id::text as pid from orders where kind='growth' order by id desc limit 1 offset 5000");
  const paths = (process.argv[2] ? [process.argv[2]] : [
    '/api/admin/orders/orderList?page=0&limit=20',
    '/api/admin/orders/orderList?page=499&limit=20',
    `/api/admin/orders/orderList?orderSn=${o.order_sn}`,
    `/api/admin/orders/orderList?shoppingUser=${o.shopping_user}`,
    `/api/admin/orders/orderList?personId=${o.pid}&limit=10`,
    '/api/admin/orders/orderList?status=refunded',
    '/api/admin/orders/orderList?status=completed&page=49',
    '/api/admin/orders/orderList?status=pending&page=499',
    '/api/admin/orders/rechargeOrderList?page=0',
    '/api/admin/persons/list?page=1',
    '/api/admin/persons/list?page=500',
    '/api/admin/persons/list?customName=emma_s',
    '/api/admin/persons/query?id=7000000007919',
    '/api/admin/analytics/users',
    '/api/admin/analytics/revenue',
    '/api/admin/analytics/trends?period=day&days=30',
    '/api/admin/analytics/trends?period=hour&days=30',
    '/api/admin/analytics/trends?period=week&days=30',
    '/api/admin/analytics/orders',
  ]);
  for (const url of paths) {
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url, headers: headers() });
    const N = 20; const c = process.cpuUsage(); const w = Date.now(); let status = 0;
    for (let i = 0; i < N; i++) status = (await app.inject({ method: 'GET', url, headers: headers() })).statusCode;
    const d = process.cpuUsage(c);
    console.log(url.padEnd(60), status, 'cpu/req', ((d.user + d.system) / 1000 / N).toFixed(2), 'ms  wall/req', ((Date.now() - w) / N).toFixed(1));
  }
  await app.close(); await db.close();
})();
