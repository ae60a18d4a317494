// The journeys' way into the API's database, for what time or a job does to it (a preview that
// expires, the retention that deletes it): PGlite has one process, so the API is stopped (the
// system's control endpoint), the database opened here, changed and closed, and the API started
// again on it. Sessions are rows: a signed-in browser stays signed in.
import { join } from 'node:path';
import { openDb, type Db } from '@growth-admin/admin-api';
import { systemInfo } from './env';

async function api(action: 'stop' | 'start'): Promise<void> {
  const { controlUrl } = systemInfo();
  if (!controlUrl) throw new Error('the system was started without its control endpoint');
  const response = await fetch(`${controlUrl}/api/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} the API: HTTP ${response.status} ${await response.text()}`);
}

/** Runs `change` on the API's database while the API is stopped; the API is started again in any case. */
export async function whileApiStopped<T>(change: (db: Db) => Promise<T>): Promise<T> {
  await api('stop');
  try {
    const db = await openDb({ dataDir: join(systemInfo().dataDir, 'pglite'), dataDirMustExist: true });
    try {
      return await change(db);
    } finally {
      await db.close();
    }
  } finally {
    await api('start');
  }
}
