// A remote made outside this repository, as a team makes one with the remote kit: the kit packed
// (packages/remote-kit/scripts/pack.mjs, from the shell build the system runs), the remote scaffolded
// from the kit's tarball into a temporary folder, its sources written over the scaffold's, installed
// from the tarballs (the rest from the machine's store or the registry) and built. The steps are the
// kit's own (scripts/team-folder.mjs), which its outside test runs too.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { REPO } from './builds';

type Step = [what: string, command: string, args: string[], cwd: string];
interface TeamFolder {
  teamSteps(work: string, name: string): Step[];
  teamEnv(): NodeJS.ProcessEnv;
}
interface NewerUiKit {
  packNewerUiKit(kitDir: string): { version: string; file: string };
}

// The kit's scripts are plain ES modules of another package, loaded by path as the release command is.
const kitScript = <T>(file: string): Promise<T> => import(pathToFileURL(join(REPO, 'packages/remote-kit/scripts', file)).href);

export interface OutsideRemote {
  /** The remote's folder, outside this repository. */
  dir: string;
  /** Its build. */
  dist: string;
  /** The UI kit version it was built against, when it asked for a newer one than the packed kit's. */
  uiKit: string | null;
  /** Its own release command (the kit's release-tools, as installed in the remote). */
  releaseCli: string;
  remove(): void;
}

/**
 * Makes the remote `name` outside this repository with `files` (path in the remote → text) written over
 * the scaffold's (null deletes one); with `newerUiKit`, against the UI kit at the next minor with one
 * export added (packages/remote-kit/scripts/newer-ui-kit.mjs), not the kit's own.
 */
export async function outsideRemote(name: string, files: Record<string, string | null>, { newerUiKit = false } = {}): Promise<OutsideRemote> {
  const { teamSteps, teamEnv } = await kitScript<TeamFolder>('team-folder.mjs');
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'growth-admin-outside-remote-')));
  const run = async ([what, command, args, cwd]: Step) => {
    try {
      await promisify(execFile)(command, args, { cwd, env: teamEnv(), maxBuffer: 64 * 1024 * 1024 });
    } catch (err) {
      const { stdout, stderr } = err as { stdout?: string; stderr?: string };
      throw new Error(`${what} of the outside remote ${name} failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
  };
  try {
    const [pack, scaffold, install] = teamSteps(work, name);
    const dir = join(work, name);
    await run(pack);
    await run(scaffold);
    let uiKit: string | null = null;
    if (newerUiKit) {
      const { packNewerUiKit } = await kitScript<NewerUiKit>('newer-ui-kit.mjs');
      const newer = packNewerUiKit(join(work, 'kit'));
      uiKit = newer.version;
      // As a team raises a dependency: its package.json names the newer tarball.
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      manifest.dependencies['@growth-admin/ui-kit'] = `file:../kit/${newer.file}`;
      writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    }
    for (const [path, text] of Object.entries(files)) {
      if (text === null) rmSync(join(dir, path));
      else {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
    }
    await run(install);
    await run(['build', process.execPath, ['webpack.build.mjs'], dir]);
    return {
      dir,
      dist: join(dir, 'dist'),
      uiKit,
      releaseCli: join(dir, 'node_modules/@growth-admin/release-tools/release/bin.mjs'),
      remove: () => rmSync(work, { recursive: true, force: true }),
    };
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
