// Which copy of a shared package the page really downloaded: each build's mf-manifest.json lists
// the chunk files of its own copy of every shared package; a copy counts as loaded when one of
// its files was fetched. Used to prove react and react-dom are loaded exactly once, and the UI kit
// twice when a remote built against a newer one runs its own copy.
import type { Page } from '@playwright/test';
import { systemInfo } from './env';

interface Manifest {
  name: string;
  metaData?: { publicPath?: string };
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

/** Records the URL of every script response of `page`; call before navigating. */
export function recordScripts(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) urls.add(response.url());
  });
  return urls;
}

/** The manifest URL of the shell's and each remote's own build, as the system serves them. */
function systemBuilds(): Record<string, string> {
  const { baseUrl, remoteUrls } = systemInfo();
  return Object.fromEntries(Object.entries({ shell: baseUrl, ...remoteUrls }).map(([build, origin]) => [build, `${origin}/mf-manifest.json`]));
}

/**
 * The builds whose copy of `pkg` was downloaded, e.g. ['shell']: of the shell, the system's remotes
 * and `released` (build → its mf-manifest.json URL in the release store, its files under its publicPath).
 */
export async function loadedCopiesOf(pkg: string, scriptUrls: Set<string>, released: Record<string, string> = {}): Promise<string[]> {
  const loaded: string[] = [];
  for (const [build, manifestUrl] of Object.entries({ ...systemBuilds(), ...released })) {
    const manifest = (await (await fetch(manifestUrl)).json()) as Manifest;
    const publicPath = manifest.metaData?.publicPath;
    const base = publicPath && /^https?:/.test(publicPath) ? publicPath : manifestUrl;
    const files = manifest.shared
      .filter((s) => s.name === pkg || s.name.startsWith(`${pkg}/`))
      .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
      .map((file) => new URL(file, base).href);
    if (files.some((url) => scriptUrls.has(url))) loaded.push(build);
  }
  return loaded;
}
