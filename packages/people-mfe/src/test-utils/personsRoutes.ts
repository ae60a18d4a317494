import type { Person } from '@growth-admin/shared-client';
import { type FakeHandler, fail, ok } from '@growth-admin/shared-client/testing';

/**
 * persons/list over an in-memory list: pages of pageSize, customName as a substring filter.
 * `rowsPerPage` trims the rows sent (not the total) to keep the DOM small where only figures matter.
 */
export function personsListRoute(people: Person[], rowsPerPage = Infinity): FakeHandler {
  return (req) => {
    const page = Number(req.query.get('page') ?? 1);
    const pageSize = Number(req.query.get('pageSize') ?? 20);
    const name = req.query.get('customName') ?? '';
    const matching = people.filter((p) => p.customName.includes(name));
    return ok({
      total: matching.length,
      page,
      pageSize,
      list: matching.slice((page - 1) * pageSize, page * pageSize).slice(0, rowsPerPage),
    });
  };
}

/** persons/query?id=customId: the person, or 404 like the API. */
export function personsQueryRoute(people: Person[]): FakeHandler {
  return (req) => {
    const found = people.find((p) => p.customId === req.query.get('id'));
    return found ? ok(found) : fail(404, 'User not found', 'NOT_FOUND');
  };
}
