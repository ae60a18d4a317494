// How long a built file may be cached, one rule for every place that serves builds (the static
// server, the release store in a bucket): `name.0123456789.js`-style names (webpack's
// [contenthash:10]) never change content, so they are immutable for a year; everything else
// (remoteEntry.js, mf-manifest.json, the page) is revalidated on each load.
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(pathname) {
  return HASHED.test(pathname) ? IMMUTABLE : 'no-cache';
}
