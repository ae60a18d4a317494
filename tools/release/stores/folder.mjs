// The release store as a folder (the default; `npm start` serves it as the local CDN): a version's
// own files in `<dir>/<remote>/<version>/` (copied into a temporary folder and renamed into place in
// one step, never overwritten), the content-named files shared by its versions in
// `<dir>/<remote>/files/` (store.mjs).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { storedVersions, uploadToStore } from '../store.mjs';

/**
 * @param {{ dir: string, publicUrl: string }} o the folder, and the URL it is served from
 * @returns {import('./index.mjs').ReleaseStore}
 */
export function folderStore({ dir, publicUrl }) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    describe: () => `the folder ${dir} (served at ${base})`,
    async putVersion(remote, version, distDir) {
      const { files, path, uploaded } = uploadToStore({ storeDir: dir, publicUrl: base, remote, version, distDir });
      return { files, uploaded, where: path };
    },
    async has(remote, version) {
      return existsSync(join(dir, remote, version, 'mf-manifest.json'));
    },
    // The version's own files; its content-named ones stay (other versions may share them).
    async remove(remote, version) {
      rmSync(join(dir, remote, version), { recursive: true, force: true });
    },
    async versions(remote) {
      return storedVersions(dir, remote);
    },
    versionUrl: (remote, version) => `${base}/${remote}/${version}`,
  };
}
