#!/usr/bin/env node
// create-growth-admin-remote <dir> --name <remote> [--label TEXT] [--port N] [--kit DIR]
// Writes a new remote into <dir> (scaffold/scaffold.mjs). --kit DIR: the folder of the kit's
// tarballs, which the remote's package.json then names by path; without it, by version (a registry
// that serves the kit's packages).
import { resolve } from 'node:path';
import { kitStamp } from '../contract.mjs';
import { scaffoldRemote } from '../scaffold/scaffold.mjs';

const USAGE =
  'usage: create-growth-admin-remote <dir> --name <remote> [--label TEXT] [--port N] [--kit DIR]';

function parse(argv) {
  const [dir, ...rest] = argv;
  if (!dir || dir.startsWith('--')) throw new Error("the new remote's folder is required");
  const flags = {};
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i].replace(/^--/, '');
    if (!rest[i].startsWith('--') || !['name', 'label', 'port', 'kit'].includes(name))
      throw new Error(`unknown argument "${rest[i]}"`);
    if (rest[i + 1] === undefined) throw new Error(`--${name} needs a value`);
    flags[name] = rest[i + 1];
  }
  if (!flags.name)
    throw new Error(
      "--name is required: the remote's federation name (lower-case letters, digits and -)",
    );
  if (flags.port !== undefined && !/^\d{2,5}$/.test(flags.port))
    throw new Error('--port must be a port number');
  return { dir, ...flags, port: flags.port ? Number(flags.port) : undefined };
}

try {
  const args = parse(process.argv.slice(2));
  const stamp = kitStamp();
  if (!stamp)
    throw new Error(
      'this kit is not packed (no kit.json): use the kit made by packages/remote-kit/scripts/pack.mjs',
    );
  const written = scaffoldRemote({
    dir: args.dir,
    name: args.name,
    label: args.label,
    port: args.port,
    kit: {
      contract: stamp.shellContract,
      versions: stamp.packages,
      toolchain: stamp.toolchain,
      tarballs: stamp.tarballs,
      kitDir: args.kit ? resolve(args.kit) : null,
    },
  });
  console.log(
    `the remote ${args.name} is in ${resolve(args.dir)} (remote kit ${stamp.version}, for shell ${stamp.shellContract.remoteKit}):`,
  );
  for (const file of written) console.log(`  ${file}`);
  console.log(`next: cd ${args.dir} && npm install && npm test && npm run build`);
} catch (err) {
  console.error(`create-growth-admin-remote: ${err.message}\n${USAGE}`);
  process.exit(2);
}
