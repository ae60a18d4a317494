// node dist/cli.js add-admin <username> <password> [--role owner|operator|viewer]
// node dist/cli.js seed [--users N] [--orders N] [--seed N]
// node dist/cli.js add-deploy-token <name> [--remote <remote>] [--days N] | revoke-deploy-token <name>
// Uses DATABASE_URL / DATA_DIR like the server. On PGlite one process holds a data folder: while the
// server runs on it, the CLI refuses and names the server's process (stop it first).
import { ROLES, type Role } from '@growth-admin/api-contract';
import { configFromEnv } from './config';
import { openDb } from './db';
import { migrate } from './migrations';
import { seedDemo } from './seed';
import { addAdmin } from './modules/auth/repository';
import { addDeployToken, DEFAULT_TOKEN_DAYS, revokeDeployTokenNamed } from './controlPlane';

function usage(): never {
  console.error(
    'usage:\n  cli add-admin <username> <password> [--role owner|operator|viewer] (default owner)\n  cli seed [--users 3000] [--orders 30000] [--seed 42]\n  cli add-deploy-token <name> [--remote <remote>] [--days 90]   (without --remote: every remote)\n  cli revoke-deploy-token <name>',
  );
  process.exit(2);
}

function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer`);
    process.exit(2);
  }
  return n;
}

async function main() {
  const [cmd, ...args] = process.argv.slice(2);
  const config = configFromEnv();
  if (!['add-admin', 'seed', 'add-deploy-token', 'revoke-deploy-token'].includes(cmd)) usage();
  // The data folder's lock: while the server runs on it, this refuses and says to stop the server first.
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, dataDirMustExist: config.dataDirMustExist, sharedBuffersMb: config.pgliteSharedBuffersMb });
  try {
    await migrate(db);
    if (cmd === 'add-deploy-token') {
      if (!args[0] || args[0].startsWith('--')) usage();
      const remoteAt = args.indexOf('--remote');
      const remote = remoteAt >= 0 ? args[remoteAt + 1] : null;
      if (remoteAt >= 0 && !remote) usage();
      const days = flag(args, 'days', DEFAULT_TOKEN_DAYS);
      if (days < 1 || days > 365) throw new Error('--days must be from 1 to 365');
      const token = await addDeployToken(db, args[0], { remote, days });
      console.log(`deploy token "${args[0]}" for ${remote ?? 'every remote'}, ${days} days (shown once; give it to the release commands as DEPLOY_TOKEN):\n${token}`);
    } else if (cmd === 'revoke-deploy-token') {
      if (!args[0]) usage();
      const ok = await revokeDeployTokenNamed(db, args[0]);
      console.log(ok ? `deploy token "${args[0]}" revoked` : `no live deploy token is named "${args[0]}"`);
      if (!ok) process.exitCode = 1;
    } else if (cmd === 'add-admin') {
      const [username, password] = args;
      if (!username || !password) usage();
      if (password.length < 8) throw new Error('the password must have at least 8 characters');
      const roleAt = args.indexOf('--role');
      const role = (roleAt >= 0 ? args[roleAt + 1] : 'owner') as Role;
      if (!ROLES.includes(role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
      const ok = await addAdmin(db, username, password, role, config.passwordHashCost);
      console.log(ok ? `added administrator "${username}" (${role})` : `administrator "${username}" already exists`);
      if (!ok) process.exitCode = 1;
    } else {
      const users = flag(args, 'users', config.seedUsers);
      const orders = flag(args, 'orders', config.seedOrders);
      const seed = flag(args, 'seed', 42);
      console.log(`seeding ${users} users and ${orders} orders (seed ${seed}) into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}...`);
      const { ms } = await seedDemo(db, { users, orders, seed });
      console.log(`seeded in ${(ms / 1000).toFixed(1)} s`);
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
