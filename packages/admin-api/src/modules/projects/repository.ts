// Projects in the database; every change audited in its own transaction.
import type { Project, ProjectInput } from '@growth-admin/api-contract';
import type { Db, Queryable, Row } from '../../db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit, changesOf, type Actor } from '../../db/audit';

const PROJECT_COLUMNS = `id::text as "_id", project_name as "projectName", project_id as "projectId", team,
  app_id::float8 as "appId", build_number::float8 as "buildNumber", check_number::float8 as "checkNumber", testing,
  online, enable_push as "enablePush", enable_rate as "enableRate", blocked_regions as "blockedRegions",
  product_id_list as "productIdList", iap_country_limits as "iapCountryLimits"`;

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
/** A row as the contract's Project (the jsonb columns come back as text on some drivers). */
const toProject = (r: Row) =>
  ({ ...r, blockedRegions: json(r.blockedRegions), productIdList: json(r.productIdList), iapCountryLimits: json(r.iapCountryLimits) }) as Project;

/** Trims the text fields; a blank required field is as missing as an absent one. */
function normalise(input: ProjectInput): ProjectInput {
  const out = { ...input };
  for (const f of ['projectName', 'projectId', 'team'] as const) {
    out[f] = out[f].trim();
    if (!out[f]) throw badRequest(`${f} is required`);
  }
  return out;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';
const duplicate = (projectId: string) => conflict(`Project ID ${projectId} is already used by another project`, 'DUPLICATE_PROJECT_ID');

export async function listProjects(q: Queryable): Promise<Project[]> {
  return (await q.query(`select ${PROJECT_COLUMNS} from projects order by id`)).map(toProject);
}

export async function getProject(q: Queryable, id: string): Promise<Project> {
  const rows = await q.query(`select ${PROJECT_COLUMNS} from projects where id = $1`, [id]);
  if (!rows[0]) throw notFound(`Project ${id} not found`, 'PROJECT_NOT_FOUND');
  return toProject(rows[0]);
}

export async function createProject(db: Db, actor: Actor, input: ProjectInput): Promise<Project> {
  const p = normalise(input);
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `insert into projects (project_name, project_id, team, app_id, build_number, check_number, testing, online,
           enable_push, enable_rate, blocked_regions, product_id_list, iap_country_limits)
         values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) returning id::text as id`,
        [p.projectName, p.projectId, p.team, p.appId, p.buildNumber, p.checkNumber, p.testing ?? false, p.online ?? false,
          p.enablePush ?? false, p.enableRate ?? false, JSON.stringify(p.blockedRegions ?? []),
          JSON.stringify(p.productIdList ?? {}), JSON.stringify(p.iapCountryLimits ?? {})],
      );
      const id = rows[0].id;
      const created = await getProject(tx, id);
      await audit(tx, actor, 'project.create', `project:${id}`, `Created project ${p.projectName} (${p.projectId})`, changesOf(null, { ...created }));
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(p.projectId);
    throw err;
  }
}

/** The six required fields replace; optional fields left out keep their values. */
export async function updateProject(db: Db, actor: Actor, id: string, input: ProjectInput): Promise<Project> {
  const p = normalise(input);
  try {
    return await db.transaction(async (tx) => {
      const [old] = await tx.query(`select ${PROJECT_COLUMNS} from projects where id = $1 for update`, [id]);
      const rows = await tx.query(
        `update projects set project_name = $2, project_id = $3, team = $4, app_id = $5, build_number = $6,
           check_number = $7, testing = coalesce($8, testing), online = coalesce($9, online),
           enable_push = coalesce($10, enable_push), enable_rate = coalesce($11, enable_rate),
           blocked_regions = coalesce($12::jsonb, blocked_regions), product_id_list = coalesce($13::jsonb, product_id_list),
           iap_country_limits = coalesce($14::jsonb, iap_country_limits), updated_at = now()
         where id = $1 returning id`,
        [id, p.projectName, p.projectId, p.team, p.appId, p.buildNumber, p.checkNumber, p.testing ?? null, p.online ?? null,
          p.enablePush ?? null, p.enableRate ?? null, p.blockedRegions ? JSON.stringify(p.blockedRegions) : null,
          p.productIdList ? JSON.stringify(p.productIdList) : null, p.iapCountryLimits ? JSON.stringify(p.iapCountryLimits) : null],
      );
      if (!rows[0] || !old) throw notFound(`Project ${id} not found`, 'PROJECT_NOT_FOUND');
      const updated = await getProject(tx, id);
      await audit(tx, actor, 'project.update', `project:${id}`, `Updated project ${p.projectName} (${p.projectId})`, changesOf({ ...toProject(old) }, { ...updated }));
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(p.projectId);
    throw err;
  }
}

export async function deleteProject(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query(`delete from projects where id = $1 returning ${PROJECT_COLUMNS}`, [id]);
    if (!rows[0]) throw notFound(`Project ${id} not found`, 'PROJECT_NOT_FOUND');
    const gone = toProject(rows[0]);
    await audit(tx, actor, 'project.delete', `project:${id}`, `Deleted project ${gone.projectName} (${gone.projectId})`, changesOf({ ...gone }, null));
  });
}
