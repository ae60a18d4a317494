/**
 * @jest-environment node
 */
// build.mjs's FederationEntryIdsPlugin: a remote built in two different folders is the same bytes,
// its modules the same ids. Without it, the container's id (a hash of an identifier that lists the
// exposed modules' absolute paths) followed the folder, and with it remoteEntry.js and the byte
// budget's gzip size; so did a provided shared module's id, which could take the id another module
// hashed to in one folder and not in the other.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(60_000);

function sameInBothFolders(...args: string[]): Record<string, boolean> {
  const run = spawnSync(process.execPath, [join(__dirname, 'path-independent-ids-probe.mjs'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, boolean>;
}

test('without the plugin, remoteEntry.js depends on the folder the remote is built in (what the build avoids)', () => {
  expect(sameInBothFolders('--without')['remoteEntry.js']).toBe(false);
});

test('with it, every file of the build and every module id is the same whatever the folder', () => {
  const same = sameInBothFolders();
  expect(Object.keys(same)).toEqual(expect.arrayContaining(['remoteEntry.js', 'module ids']));
  expect(Object.entries(same).filter(([, equal]) => !equal)).toEqual([]);
});
