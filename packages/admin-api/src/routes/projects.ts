import { Type } from '@sinclair/typebox';
import type { Queryable, Row } from '../db';
import { badRequest, conflict, notFound } from '../http/errors';
import { Envelope, Id, Project, ProjectInput } from '../http/schemas';
import { audit } from '../services/audit';
import { PROJECT_COLUMNS, toProject } from '../services/mappers';
import { actorOf, ERRORS, SECURED, typed, type App, type RouteDeps } from './common';

type Input = {
  projectName: string;
  projectId: string;
  team: string;
  appId: number;
  buildNumber: number;
  checkNumber: number;
  testing?: boolean;
  online?: boolean;
  enablePush?: boolean;
  enableRate?: boolean;
  blockedRegions?: string[];
  productIdList?: Record<string, string>;
  iapCountryLimits?: Record<string, number>;
};

/** Trims the text fields; a blank required field is as missing as an absent one. */
function normalise(body: Input): Input {
  const out = { ...body };
  for (const f of ['projectName', 'projectId', 'team'] as const) {
    out[f] = out[f].trim();
    if (!out[f]) throw badRequest(`${f} is required`);
  }
  return out;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

async function getProject(q: Queryable, id: string): Promise<Row> {
  const rows = await q.query(`select ${PROJECT_COLUMNS} from projects where id = $1`, [id]);
  if (!rows[0]) throw notFound(`Project ${id} not found`, 'PROJECT_NOT_FOUND');
  return toProject(rows[0]);
}

const IdParams = Type.Object({ id: Id('The project _id') }, { additionalProperties: false });

export const projectRoutes = ({ db }: RouteDeps) =>
  async function (app: App) {
    const r = typed(app);
    const tags = ['projects'];

    r.get('/projects', { schema: { tags, ...SECURED, response: { 200: Envelope(Type.Array(Project)), ...ERRORS } } }, async () => {
      const rows = await db.query(`select ${PROJECT_COLUMNS} from projects order by id`);
      return { data: rows.map(toProject) };
    });

    r.get('/projects/:id', { schema: { tags, ...SECURED, params: IdParams, response: { 200: Envelope(Project), ...ERRORS } } }, async (req) => ({
      data: await getProject(db, req.params.id),
    }));

    r.post(
      '/projects',
      { schema: { tags, ...SECURED, body: ProjectInput, response: { 200: Envelope(Project), ...ERRORS, 409: { $ref: 'ErrorBody#' } } } },
      async (req) => {
        const p = normalise(req.body as Input);
        try {
          const created = await db.transaction(async (tx) => {
            const rows = await tx.query<{ id: string }>(
              `insert into projects (project_name, project_id, team, app_id, build_number, check_number, testing, online,
                 enable_push, enable_rate, blocked_regions, product_id_list, iap_country_limits)
               values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) returning id::text as id`,
              [p.projectName, p.projectId, p.team, p.appId, p.buildNumber, p.checkNumber, p.testing ?? false, p.online ?? false,
                p.enablePush ?? false, p.enableRate ?? false, JSON.stringify(p.blockedRegions ?? []),
                JSON.stringify(p.productIdList ?? {}), JSON.stringify(p.iapCountryLimits ?? {})],
            );
            const id = rows[0].id;
            await audit(tx, actorOf(req), 'project.create', `project:${id}`, `Created project ${p.projectName} (${p.projectId})`);
            return getProject(tx, id);
          });
          return { data: created };
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(`projectId ${p.projectId} is already used by another project`, 'DUPLICATE_PROJECT_ID');
          throw err;
        }
      },
    );

    r.put(
      '/projects/:id',
      { schema: { tags, ...SECURED, params: IdParams, body: ProjectInput, response: { 200: Envelope(Project), ...ERRORS, 409: { $ref: 'ErrorBody#' } } } },
      async (req) => {
        const p = normalise(req.body as Input);
        const { id } = req.params;
        try {
          const updated = await db.transaction(async (tx) => {
            // Optional fields left out keep their current values.
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
            if (!rows[0]) throw notFound(`Project ${id} not found`, 'PROJECT_NOT_FOUND');
            await audit(tx, actorOf(req), 'project.update', `project:${id}`, `Updated project ${p.projectName} (${p.projectId})`);
            return getProject(tx, id);
          });
          return { data: updated };
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(`projectId ${p.projectId} is already used by another project`, 'DUPLICATE_PROJECT_ID');
          throw err;
        }
      },
    );

    r.delete(
      '/projects/:id',
      { schema: { tags, ...SECURED, params: IdParams, response: { 200: Envelope(Type.Object({ _id: Type.String(), deleted: Type.Boolean() })), ...ERRORS } } },
      async (req) => {
        const { id } = req.params;
        await db.transaction(async (tx) => {
          const rows = await tx.query<{ name: string; pid: string }>('delete from projects where id = $1 returning project_name as name, project_id as pid', [id]);
          if (!rows[0]) throw notFound(`Project ${id} not found`, 'PROJECT_NOT_FOUND');
          await audit(tx, actorOf(req), 'project.delete', `project:${id}`, `Deleted project ${rows[0].name} (${rows[0].pid})`);
        });
        return { data: { _id: id, deleted: true } };
      },
    );
  };
