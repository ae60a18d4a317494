import { Type } from '@sinclair/typebox';
import { badRequest, notFound } from '../http/errors';
import { Envelope, Id, Person } from '../http/schemas';
import { audit } from '../services/audit';
import { PERSON_COLUMNS, toPerson } from '../services/mappers';
import { actorOf, ERRORS, SECURED, typed, type App, type RouteDeps } from './common';

/** Escapes LIKE metacharacters so the search text matches literally. */
export const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const personRoutes = ({ db }: RouteDeps) =>
  async function (app: App) {
    const r = typed(app);
    const tags = ['persons'];

    r.get(
      '/persons/list',
      {
        schema: {
          tags,
          ...SECURED,
          summary: 'Users, newest first; customName filters by case-insensitive prefix',
          querystring: Type.Object(
            {
              page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'One-based' }),
              pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
              customName: Type.Optional(Type.String({ maxLength: 100 })),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Envelope(Type.Object({ total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer(), list: Type.Array(Person) })),
            ...ERRORS,
          },
        },
      },
      async (req) => {
        const { page, pageSize } = req.query;
        const name = req.query.customName?.trim();
        const offset = (page - 1) * pageSize;
        let total: number;
        let rows;
        if (name) {
          const pattern = likePrefix(name);
          rows = await db.query(
            `select ${PERSON_COLUMNS} from persons where lower(custom_name) like $1 order by id desc limit $2 offset $3`,
            [pattern, pageSize, offset],
          );
          total = (await db.query<{ n: number }>('select count(*)::int as n from persons where lower(custom_name) like $1', [pattern]))[0].n;
        } else {
          // Deferred join, as for orders: OFFSET walks the primary-key index only, then `pageSize` rows are read.
          rows = await db.query(
            `select ${PERSON_COLUMNS} from persons join (
               select id from persons order by id desc limit $1 offset $2
             ) page using (id) order by id desc`,
            [pageSize, offset],
          );
          total = (await db.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from person_hourly'))[0].n;
        }
        return { data: { total, page, pageSize, list: rows.map(toPerson) } };
      },
    );

    r.get(
      '/persons/query',
      {
        schema: {
          tags,
          ...SECURED,
          summary: 'One user by id (customId first, then _id) or by exact customName (case-insensitive); 404 if none',
          querystring: Type.Object(
            { id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })), customName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(Person), ...ERRORS },
        },
      },
      async (req) => {
        const id = req.query.id?.trim();
        const name = req.query.customName?.trim();
        if (!id && !name) throw badRequest('id or customName is required');
        let rows: Awaited<ReturnType<typeof db.query>> = [];
        if (id) {
          rows = await db.query(`select ${PERSON_COLUMNS} from persons where custom_id = $1`, [id]);
          if (!rows[0] && /^[0-9]{1,18}$/.test(id)) rows = await db.query(`select ${PERSON_COLUMNS} from persons where id = $1`, [id]);
        } else if (name) {
          rows = await db.query(`select ${PERSON_COLUMNS} from persons where lower(custom_name) = lower($1) order by id limit 1`, [name]);
        }
        if (!rows[0]) throw notFound(id ? `No user with id ${id}` : `No user named ${name ?? ''}`, 'PERSON_NOT_FOUND');
        return { data: toPerson(rows[0]) };
      },
    );

    r.post(
      '/persons/add-money',
      {
        schema: {
          tags,
          ...SECURED,
          summary: 'Adds coins to a user: integer 1..1,000,000, atomic, one ledger row; answers the updated user',
          body: Type.Object(
            { personId: Id('The person _id'), amount: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(Person), ...ERRORS },
        },
      },
      async (req) => {
        const { personId, amount } = req.body;
        const person = await db.transaction(async (tx) => {
          const rows = await tx.query(
            `update persons set money = money + $2, updated_at = now() where id = $1 returning ${PERSON_COLUMNS}`,
            [personId, amount],
          );
          if (!rows[0]) throw notFound(`personId ${personId}: no such user`, 'PERSON_NOT_FOUND');
          await tx.query(
            `insert into coin_ledger (person_id, delta, balance_after, reason, admin_id) values ($1, $2, $3, 'add-money', $4)`,
            [personId, amount, rows[0].money, req.admin!.adminId],
          );
          await audit(tx, actorOf(req), 'person.add-money', `person:${personId}`, `Added ${amount} coins to ${rows[0].customName} (balance ${rows[0].money})`);
          return rows[0];
        });
        return { data: toPerson(person) };
      },
    );
  };
