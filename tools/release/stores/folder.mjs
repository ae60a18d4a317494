// The versioned store as a folder (the default; `npm start` serves it as the local CDN):
// `<dir>/<remote>/<version>/…`, each version copied into a temporary folder and renamed into place
// in one step, never overwritten (store.mjs).
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
      const { files, path, uploaded } = uploadToStore({ storeDir: dir, remote, version, distDir });
      return { files, uploaded, where: path };
    },
    async has(remote, version) {
      return existsSync(join(dir, remote, version, 'mf-manifest.json'));
    },
    async remove(remote, version) {
      rmSync(join(dir, remote, version), { recursive: true, force: true });
    },
    async versions(remote) {
      return storedVersions(dir, remote);
    },
    versionUrl: (remote, version) => `${base}/${remote}/${version}`,
  };
}
