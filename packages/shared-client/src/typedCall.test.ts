import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fillPath } from './typedCall';

describe('the calls checked against the OpenAPI document', () => {
  it('the committed generated types are exactly what openapi-typescript makes of the document', () => {
    const run = spawnSync(process.execPath, [join(__dirname, '..', 'scripts', 'api-types.mjs'), '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('fills and encodes path parameters', () => {
    expect(fillPath('/api/admin/projects/{id}', { id: 'a b/c?' })).toBe('/api/admin/projects/a%20b%2Fc%3F');
    expect(fillPath('/api/admin/projects')).toBe('/api/admin/projects');
  });

  it('refuses a template whose parameter has no value', () => {
    expect(() => fillPath('/api/admin/projects/{id}', {})).toThrow('/api/admin/projects/{id}: no value for {id}');
  });
});
