#!/usr/bin/env node
// `npm run typecheck`: every workspace package's type check (the `tsc -p tsconfig.json` of its own
// `typecheck` script), with one TypeScript program per set of packages whose compiler options are
// the same. One tsc per package parsed and checked react's, antd's and the DOM's declarations again
// in each of them, and that was most of their time; a program over the union of their files checks
// each file under the same options as its own package's. Before it: the packages they depend on are
// built (turbo, cached), since a remote's types come from shared-client's and api-contract's dist.
//   node scripts/typecheck.mjs [--no-build]
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitIfNodeTooOld } from './node-version.mjs';
import { workspacePackages } from './workspace-packages.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(join(repoRoot, 'package.json'))('typescript');

/** Each workspace package that has a `typecheck` script: its name, tsconfig and workspace dependencies. */
export function typecheckedPackages() {
  return workspacePackages(repoRoot)
    .filter(({ manifest }) => manifest.scripts?.typecheck)
    .map(({ dir, manifest }) => {
      const script = manifest.scripts.typecheck;
      const config = /tsc -p (\S+)/.exec(script)?.[1];
      if (!config) throw new Error(`${manifest.name}: its typecheck script is not \`tsc -p <tsconfig>\` ("${script}")`);
      const deps = { ...manifest.dependencies, ...manifest.devDependencies };
      return { name: manifest.name, config: join(dir, config), workspaceDeps: Object.keys(deps).filter((d) => deps[d].startsWith('workspace:')) };
    });
}

/** A package's parsed tsconfig: its files and compiler options (or the config's own errors). */
function parseConfig(configPath) {
  const onUnRecoverableConfigFileDiagnostic = (d) => {
    throw new Error(`${configPath}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  };
  return ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic });
}

/** The options that decide how a file is checked: the parsed ones less where the config file is. */
function optionsKey(options) {
  const rest = { ...options };
  delete rest.configFilePath;
  delete rest.pathsBasePath;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/** Packages grouped by identical compiler options: [{ packages, options, fileNames }]. */
export function typecheckGroups(packages = typecheckedPackages()) {
  const groups = new Map();
  for (const pkg of packages) {
    const parsed = parseConfig(pkg.config);
    if (parsed.errors.length) return { errors: parsed.errors };
    const key = optionsKey(parsed.options);
    if (!groups.has(key)) groups.set(key, { packages: [], options: parsed.options, fileNames: [] });
    const group = groups.get(key);
    group.packages.push(pkg.name);
    group.fileNames.push(...parsed.fileNames);
  }
  return { groups: [...groups.values()] };
}

const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => repoRoot, getNewLine: () => '\n' };

/** Type-checks every group; prints the diagnostics and returns how many there were. */
export function typecheckWorkspace({ packages = typecheckedPackages(), log = console.log } = {}) {
  const { groups, errors } = typecheckGroups(packages);
  if (errors) {
    log(ts.formatDiagnosticsWithColorAndContext(errors, formatHost));
    return errors.length;
  }
  let count = 0;
  for (const group of groups) {
    const start = Date.now();
    const program = ts.createProgram({ rootNames: group.fileNames, options: group.options });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    count += diagnostics.length;
    if (diagnostics.length) log(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
    const names = group.packages.map((n) => n.replace('@growth-admin/', '')).join(', ');
    const errors = diagnostics.length === 1 ? '1 error' : `${diagnostics.length} errors`;
    log(`typecheck ${names}: ${group.fileNames.length} files, ${errors} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  }
  return count;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  exitIfNodeTooOld();
  if (!process.argv.includes('--no-build')) {
    // The builds their types come from: every workspace dependency of a checked package (turbo builds
    // each one's own dependencies first, and keeps what is current).
    const { runPnpm, ensureInstalled } = await import('./pnpm.mjs');
    ensureInstalled();
    const deps = [...new Set(typecheckedPackages().flatMap((p) => p.workspaceDeps))];
    const status = runPnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only', ...deps.map((d) => `--filter=${d}`)]);
    if (status !== 0) process.exit(status);
  }
  const errors = typecheckWorkspace();
  if (errors) console.log(`typecheck: ${errors} type errors`);
  process.exit(errors ? 1 : 0);
}
