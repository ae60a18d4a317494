// Where a remote's files are served from, as the federation runtime resolves it: the manifest's
// `publicPath` (the release store's shared `files/` folder), or, where that is `auto` or missing (a
// build served as it is), the manifest's own folder. The API records a release's first files by it
// (admin-api's controlPlane/releases/firstLoad.ts) and the shell checks each file's hash by it
// (shell's sections/integrity.ts). Pure, no imports: the browser runs it too.

/** The folder, as an absolute URL ending in `/`, that the files of the manifest at `manifestUrl` (absolute) are served from. */
export function filesBase(manifestUrl: string, publicPath: unknown): string {
  return typeof publicPath === 'string' && publicPath !== '' && publicPath !== 'auto'
    ? new URL(publicPath, manifestUrl).href
    : new URL('.', manifestUrl).href;
}
