// How long a built file may be cached where a build's dist/ is served as it is (the static server
// `npm start` runs for the shell and the remotes): `name.0123456789.js`-style names (webpack's
// [contenthash:10]) never change content, so they are immutable for a year; everything else
// (remoteEntry.js, mf-manifest.json, the page) keeps its URL across builds and is revalidated on each
// load. The release store (a folder or a bucket) serves every file immutable instead
// (STORE_CACHE_CONTROL in tools/release/store.mjs): its manifests are per version, its entries named
// after their content.
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(pathname) {
  return HASHED.test(pathname) ? IMMUTABLE : 'no-cache';
}
