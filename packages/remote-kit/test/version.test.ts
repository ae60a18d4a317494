// The kit is versioned with the shell contract it is made from: its version is the shell's, which
// the shell's build writes into shell-contract.json (`remoteKit`) and the release gate names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const versionOf = (dir: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', dir, 'package.json'), 'utf8')).version;

test("the remote kit's version is the shell's: raise both together", () => {
  expect(versionOf('.')).toBe(versionOf('../shell'));
});
