// Load failures and render crashes the shell reports against the release it ran. Bounded: a rate per
// administrator (in memory), the newest 200 reports of a release kept, every one counted. A canary
// whose count reaches the threshold is rolled back in the same request (audited as the system).
import type { Db } from '../../db';
import { ApiError, notFound } from '../../http/errors';
import { rollback } from './repository';

export const KEPT_PER_RELEASE = 200;
export const AUTO_ROLLBACK_ACTOR = { adminId: null, username: 'release guard', ip: '' };

export interface FailureReport {
  releaseId: string;
  kind: 'load' | 'render';
  message: string;
}

export async function recordFailure(db: Db, username: string, report: FailureReport, maxCanaryFailures: number): Promise<{ counted: boolean; rolledBack: boolean }> {
  const rows = await db.transaction(async (tx) => {
    const updated = await tx.query<{ remote: string; version: string; state: string; failures: number }>(
      'update releases set failures = failures + 1 where id = $1 returning remote, version, state, failures',
      [report.releaseId],
    );
    if (!updated[0]) throw notFound(`No release has the id ${report.releaseId}`, 'RELEASE_NOT_FOUND');
    await tx.query('insert into release_failures (release_id, kind, message, admin_username) values ($1, $2, $3, $4)', [
      report.releaseId,
      report.kind,
      report.message.slice(0, 1000),
      username,
    ]);
    await tx.query(
      `delete from release_failures where release_id = $1 and id not in
         (select id from release_failures where release_id = $1 order by id desc limit ${KEPT_PER_RELEASE})`,
      [report.releaseId],
    );
    return updated;
  });
  const release = rows[0];
  if (release.state !== 'canary' || release.failures < maxCanaryFailures) return { counted: true, rolledBack: false };
  try {
    await rollback(db, AUTO_ROLLBACK_ACTOR, release.remote, {
      onlyCanaryId: report.releaseId,
      action: 'release.auto-rollback',
      why: `${release.failures} failures reached the threshold of ${maxCanaryFailures}`,
    });
    return { counted: true, rolledBack: true };
  } catch (err) {
    // Another report (or an owner) rolled it back first: nothing left to do.
    if (err instanceof ApiError && err.statusCode === 409) return { counted: true, rolledBack: false };
    throw err;
  }
}
