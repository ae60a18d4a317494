// What a release's exposed modules load first, read off its mf-manifest.json when it is registered:
// remoteEntry.js and each module's synchronous JS chunks, as files of the build (the keys of the
// release's `files`), and the folder they are served from. The anonymous runtime config names the
// landing module's (`landingOf`), so the login screen fetches them at once instead of first waiting
// for the manifest to learn their names.
import { filesBase } from '@growth-admin/api-contract/files-base';

/** Where a release's files are served from, its entry's file and each exposed module's first chunks. */
export interface FirstLoad {
  /** The folder the files are served from: the manifest's `publicPath`, else the manifest's own folder. */
  base: string;
  /** remoteEntry.js's file below `base`. */
  entry: string;
  /** Exposed module (`./Section`) → its synchronous JS chunks below `base`, in the manifest's order. */
  modules: Record<string, string[]>;
}

/** What the manifest says of these (the federation build writes more). */
interface Manifest {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown } } }>;
}

const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x !== '') : [];

/**
 * The first load of the build whose manifest is `manifest` at `manifestUrl`, resolved as the
 * federation runtime resolves it (publicPath `auto` or none: beside the manifest); null when the
 * manifest names no remoteEntry.js.
 */
export function firstLoadOf(manifest: unknown, manifestUrl: string): FirstLoad | null {
  const { metaData, exposes } = (manifest ?? {}) as Manifest;
  const name = metaData?.remoteEntry?.name;
  if (typeof name !== 'string' || !name) return null;
  const folder =
    typeof metaData?.remoteEntry?.path === 'string'
      ? metaData.remoteEntry.path.replace(/^\.?\/+/, '').replace(/\/+$/, '')
      : '';
  const base = filesBase(manifestUrl, metaData?.publicPath);
  const modules: Record<string, string[]> = {};
  for (const e of Array.isArray(exposes) ? exposes : [])
    if (typeof e?.path === 'string') modules[e.path] = strings(e.assets?.js?.sync);
  return { base, entry: folder ? `${folder}/${name}` : name, modules };
}

/**
 * `module`'s first files as the login screen fetches them: remoteEntry.js with `entryIntegrity` (the
 * release's entry hash: the release store serves the entry under another name than the build's), then
 * the module's chunks, each with the hash the release recorded for it (a chunk it recorded none for is
 * left out: the loader would refuse it). Null when the release recorded no first load or the module is
 * not among it.
 */
export function firstFilesOf(
  load: FirstLoad | null,
  files: Record<string, string>,
  module: string,
  entryIntegrity: string,
): Array<{ url: string; integrity: string }> | null {
  const chunks = load?.modules[module];
  if (!load || !chunks) return null;
  const hashed = chunks.filter((file) => typeof files[file] === 'string');
  return [
    { url: new URL(load.entry, load.base).href, integrity: entryIntegrity },
    ...hashed.map((file) => ({ url: new URL(file, load.base).href, integrity: files[file] })),
  ];
}
