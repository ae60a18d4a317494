import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PAGE_PORTS, REMOTE_NAMES, REMOTES, remoteByName, SHELL } from '../src';

const packages = join(__dirname, '..', '..');

describe('the list of remotes', () => {
  it('names each remote, package, port, section id and exposed module once', () => {
    const once = (values: unknown[]) => expect(new Set(values).size).toBe(values.length);
    once(REMOTE_NAMES);
    once(REMOTES.map((r) => r.package));
    once(DEFAULT_PAGE_PORTS);
    once(REMOTES.flatMap((r) => r.sections.map((s) => s.id)));
    expect(DEFAULT_PAGE_PORTS[0]).toBe(SHELL.port);
  });

  it.each(REMOTES.map((r) => [r.name, r] as const))('%s: its package exists and exposes the files each section renders', (_name, remote) => {
    const dir = join(packages, remote.package);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe(`@growth-admin/${remote.package}`);
    for (const file of Object.values(remote.exposes)) expect(existsSync(join(dir, file))).toBe(true);
    for (const section of remote.sections) expect(Object.keys(remote.exposes)).toContain(`./${section.module}`);
  });

  it('finds a remote by name and names the known ones when it cannot', () => {
    expect(remoteByName('orders').package).toBe('orders-mfe');
    expect(() => remoteByName('billing')).toThrow('no remote is named "billing" (known: analytics, projects, people, orders, settings)');
  });
});
