#!/usr/bin/env node
// Packs the remote kit: one npm tarball per package a remote outside this repository installs, into
// one folder (default packages/remote-kit/dist/kit):
//   @growth-admin/remote-kit        the build preset, the jest preset, the scaffold (create-growth-admin-remote),
//                                   and the shell contract it was made from (kit.json)
//   @growth-admin/federation-tools  the Module Federation build every remote of this repository makes (tools/federation)
//   @growth-admin/shared-client     the singleton core (the signed client, the token store, the typed call, the contract) and its fake API, built: JS and .d.ts
//   @growth-admin/ui-kit            the UI kit (lists, dialogs, theme), the section test harness and the standalone harness, built: JS and .d.ts
//   @growth-admin/api-contract      the API's types shared-client's .d.ts name (and their TypeBox schemas)
//   @growth-admin/release-tools     the release commands (growth-admin-release: tools/release)
// Each is staged from this repository's own files (nothing is kept twice) with a manifest for
// installing outside the workspace, then packed with `npm pack`. The shell must be built first
// (pnpm --filter @growth-admin/shell build): the kit is made from its shell-contract.json, and from
// the builds of shared-client, ui-kit and api-contract that the shell's build makes first (their dist/).
//   node packages/remote-kit/scripts/pack.mjs [--out DIR] [--shell-dist DIR]
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellContractOfBuild, KIT_PACKAGE } from '../contract.mjs';

const KIT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = join(KIT_DIR, '../..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** Where a package's sources are, and its manifest in this workspace. */
const source = {
  kit: KIT_DIR,
  federation: join(REPO, 'tools/federation'),
  sharedClient: join(REPO, 'packages/shared-client'),
  uiKit: join(REPO, 'packages/ui-kit'),
  apiContract: join(REPO, 'packages/api-contract'),
  release: join(REPO, 'tools/release'),
};

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** The manifest fields every kit package has. */
function manifest(pkg, fields) {
  return {
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    license: 'UNLICENSED',
    publishConfig: { access: 'restricted' },
    ...fields,
  };
}

/** A workspace package's build output (its `dist/`), which packing only reads. */
function builtDist(dir, name) {
  const dist = join(dir, 'dist');
  if (!existsSync(dist))
    throw new Error(`${dist} is not built: build the shell first (pnpm exec turbo run build --filter=@growth-admin/shell builds ${name} too)`);
  return dist;
}

function stageApiContract(stage) {
  const pkg = readJson(join(source.apiContract, 'package.json'));
  cpSync(builtDist(source.apiContract, pkg.name), join(stage, 'dist'), { recursive: true });
  writeJson(
    join(stage, 'package.json'),
    manifest(pkg, {
      main: 'dist/index.js',
      types: 'dist/index.d.ts',
      dependencies: pkg.dependencies,
    }),
  );
  return pkg.version;
}

/**
 * A browser package (shared-client, ui-kit) as its build compiles it (tsconfig.build.json: ES modules
 * and declarations); every entry point of its exports map, its surface record and README. Its
 * workspace dependencies (the UI kit's shared-client: the singleton it runs over, which the remote
 * installs itself) become peer dependencies on the versions packed beside it.
 */
function stageBrowserPackage(dir, stage, versions) {
  const pkg = readJson(join(dir, 'package.json'));
  cpSync(builtDist(dir, pkg.name), join(stage, 'dist'), { recursive: true });
  if (existsSync(join(dir, 'surface.json'))) cpSync(join(dir, 'surface.json'), join(stage, 'surface.json'));
  cpSync(join(dir, 'README.md'), join(stage, 'README.md'));
  const exports = {};
  for (const [entry, file] of Object.entries(pkg.exports)) {
    const built = file.replace(/^\.\/src\//, './dist/').replace(/\.tsx?$/, '');
    exports[entry] = { types: `${built}.d.ts`, default: `${built}.js` };
  }
  if (existsSync(join(dir, 'surface.json'))) exports['./surface.json'] = './surface.json';
  exports['./package.json'] = './package.json';
  const inWorkspace = ([, range]) => range.startsWith('workspace:');
  const deps = Object.entries(pkg.dependencies ?? {});
  const dependencies = Object.fromEntries(deps.filter((d) => !inWorkspace(d)));
  const workspacePeers = Object.fromEntries(deps.filter(inWorkspace).map(([name]) => [name, `^${versions[name]}`]));
  writeJson(
    join(stage, 'package.json'),
    manifest(pkg, {
      main: exports['.'].default,
      types: exports['.'].types,
      exports,
      dependencies,
      // The API's types its declarations name: needed by TypeScript only.
      peerDependencies: {
        ...pkg.peerDependencies,
        ...workspacePeers,
        '@growth-admin/api-contract': versions['@growth-admin/api-contract'],
      },
      peerDependenciesMeta: {
        ...pkg.peerDependenciesMeta,
        '@growth-admin/api-contract': { optional: true },
      },
    }),
  );
  return pkg.version;
}

/** tools/federation's build modules (not its tests, its bench or the shell-only antd-contract command). */
function stageFederation(stage) {
  const pkg = readJson(join(source.federation, 'package.json'));
  for (const entry of readdirSync(source.federation, { withFileTypes: true })) {
    const wanted = entry.isDirectory()
      ? entry.name === 'antd-inside'
      : /\.(mjs|cjs|json)$/.test(entry.name) &&
        !['antd-contract.mjs', 'jest.config.cjs', 'package.json', 'tsconfig.json'].includes(
          entry.name,
        );
    if (wanted)
      cpSync(join(source.federation, entry.name), join(stage, entry.name), { recursive: true });
  }
  writeJson(join(stage, 'package.json'), manifest(pkg, {}));
  return pkg.version;
}

/** tools/release as `release/`, beside the modules of tools/federation it imports (as in this repository). */
function stageRelease(stage, version) {
  cpSync(source.release, join(stage, 'release'), { recursive: true });
  mkdirSync(join(stage, 'federation'));
  for (const module of ['integrity.mjs', 'precompress.mjs'])
    cpSync(join(source.federation, module), join(stage, 'federation', module));
  writeJson(
    join(stage, 'package.json'),
    manifest(
      {
        name: '@growth-admin/release-tools',
        version,
        description:
          'The release commands of Growth Admin (release, promote, rollback, releases) for a remote built anywhere: growth-admin-release.',
      },
      {
        bin: { 'growth-admin-release': 'release/bin.mjs' },
        // Only for a release store in an S3-compatible bucket (RELEASE_S3_BUCKET).
        peerDependencies: {
          '@aws-sdk/client-s3': readJson(join(REPO, 'package.json')).dependencies[
            '@aws-sdk/client-s3'
          ],
        },
        peerDependenciesMeta: { '@aws-sdk/client-s3': { optional: true } },
      },
    ),
  );
  return version;
}

/** The kit itself, stamped with the shell contract it is made from and the versions it goes with. */
function stageKit(stage, { contract, versions, tarballs }) {
  const pkg = readJson(join(source.kit, 'package.json'));
  if (contract.remoteKit !== pkg.version) {
    throw new Error(
      `the shell build is version ${contract.remoteKit}, the remote kit ${pkg.version}: a kit carries the version of the shell contract it is made from (raise both, or rebuild the shell)`,
    );
  }
  for (const entry of ['bin', 'jest', 'scaffold', 'build.mjs', 'contract.mjs', 'README.md'])
    cpSync(join(source.kit, entry), join(stage, entry), { recursive: true });
  // The build and test packages a remote brings itself (the build resolves them from the remote):
  // the ones this repository's example remote builds and tests with, and the S3 client its release
  // command uploads to a bucket with.
  const toolchain = {
    ...readJson(join(REPO, 'examples/tickets/package.json')).devDependencies,
    '@aws-sdk/client-s3': readJson(join(REPO, 'package.json')).dependencies['@aws-sdk/client-s3'],
  };
  writeJson(join(stage, 'kit.json'), {
    version: pkg.version,
    shellContract: contract,
    packages: versions,
    tarballs,
    toolchain,
  });
  writeJson(
    join(stage, 'package.json'),
    manifest(pkg, {
      bin: pkg.bin,
      exports: pkg.exports,
      // The remote brings them (its package.json names them): optional, so that running the
      // scaffold from the tarball alone (npm exec) installs nothing else.
      peerDependencies: {
        '@growth-admin/federation-tools': versions['@growth-admin/federation-tools'],
        '@testing-library/dom': toolchain['@testing-library/dom'],
        '@testing-library/jest-dom': toolchain['@testing-library/jest-dom'],
      },
      peerDependenciesMeta: {
        '@growth-admin/federation-tools': { optional: true },
        '@testing-library/dom': { optional: true },
        '@testing-library/jest-dom': { optional: true },
      },
    }),
  );
  return pkg.version;
}

function npmPack(stage, out) {
  const file = run('npm', ['pack', '--silent', '--pack-destination', out], stage)
    .trim()
    .split('\n')
    .at(-1);
  return file;
}

/**
 * Packs every kit tarball into `out`; answers { out, version, tarballs: package → file name }.
 * @param {{ out?: string, shellDist?: string }} [o]
 */
export function packKit({
  out = join(KIT_DIR, 'dist/kit'),
  shellDist = join(REPO, 'packages/shell/dist'),
} = {}) {
  const contract = shellContractOfBuild(shellDist);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const staging = mkdtempSync(join(tmpdir(), 'growth-admin-kit-stage-'));
  const stageOf = (name) => {
    const dir = join(staging, name);
    mkdirSync(dir);
    return dir;
  };
  try {
    const versions = {};
    const tarballs = {};
    const pack = (name, dir, version) => {
      versions[name] = version;
      tarballs[name] = npmPack(dir, out);
    };
    let dir = stageOf('api-contract');
    pack('@growth-admin/api-contract', dir, stageApiContract(dir));
    dir = stageOf('shared-client');
    pack('@growth-admin/shared-client', dir, stageBrowserPackage(source.sharedClient, dir, versions));
    dir = stageOf('ui-kit');
    pack('@growth-admin/ui-kit', dir, stageBrowserPackage(source.uiKit, dir, versions));
    dir = stageOf('federation-tools');
    pack('@growth-admin/federation-tools', dir, stageFederation(dir));
    const kitVersion = readJson(join(source.kit, 'package.json')).version;
    dir = stageOf('release-tools');
    pack('@growth-admin/release-tools', dir, stageRelease(dir, kitVersion));
    // The kit's own tarball names the others (its scaffold writes them into a remote's package.json).
    const kitFile = `growth-admin-remote-kit-${kitVersion}.tgz`;
    dir = stageOf('remote-kit');
    pack(
      KIT_PACKAGE,
      dir,
      stageKit(dir, {
        contract,
        versions: { ...versions, [KIT_PACKAGE]: kitVersion },
        tarballs: { ...tarballs, [KIT_PACKAGE]: kitFile },
      }),
    );
    if (tarballs[KIT_PACKAGE] !== kitFile)
      throw new Error(`npm pack wrote ${tarballs[KIT_PACKAGE]}, not ${kitFile}`);
    return { out, version: kitVersion, tarballs };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (flag) => {
    const at = process.argv.indexOf(flag);
    return at === -1 ? undefined : resolve(process.argv[at + 1]);
  };
  try {
    const { out, version, tarballs } = packKit({
      out: arg('--out'),
      shellDist: arg('--shell-dist'),
    });
    console.log(`remote kit ${version} packed into ${out}:`);
    for (const file of Object.values(tarballs)) console.log(`  ${file}`);
  } catch (err) {
    console.error(`pack: ${err.message}`);
    process.exit(1);
  }
}
