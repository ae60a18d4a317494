// Which copy of a shared package the page really downloaded: each build's mf-manifest.json lists
// the chunk files of its own copy of every shared package; a copy counts as loaded when one of
// its files was fetched. Used to prove react and react-dom are loaded exactly once.
import type { Page } from '@playwright/test';
import { systemInfo } from './env';

interface Manifest {
  name: string;
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

/** The builds (shell and remotes) whose copy of `pkg` was downloaded, e.g. ['shell']. */
export async function loadedCopiesOf(pkg: string, scriptUrls: Set<string>): Promise<string[]> {
  const { baseUrl, remoteUrls } = systemInfo();
  const origins = { shell: baseUrl, ...remoteUrls };
  const loaded: string[] = [];
  for (const [build, origin] of Object.entries(origins)) {
    const manifest = (await (await fetch(`${origin}/mf-manifest.json`)).json()) as Manifest;
    const files = manifest.shared
      .filter((s) => s.name === pkg || s.name.startsWith(`${pkg}/`))
      .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
      .map((file) => new URL(file, `${origin}/`).href);
    if (files.some((url) => scriptUrls.has(url))) loaded.push(build);
  }
  return loaded;
}
