// What a release's modules load first, read off its manifest as the federation runtime resolves it,
// and the landing module's files with the hashes the release recorded.
import { firstFilesOf, firstLoadOf } from '../src/controlPlane/releases/firstLoad';

const MANIFEST_URL = 'https://cdn.test/analytics/2.0.0/mf-manifest.json';
const manifest = (metaData: object) => ({
  metaData,
  exposes: [
    { path: './Section', assets: { js: { sync: ['159.a.js', '278.b.js'], async: ['707.c.js'] } } },
    { path: './Card', assets: { js: { sync: ['159.a.js', 650] } } },
    { path: './Bare' },
  ],
});

test("a manifest served as built: its entry and each module's synchronous chunks, beside the manifest", () => {
  expect(
    firstLoadOf(
      manifest({ publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } }),
      MANIFEST_URL,
    ),
  ).toEqual({
    base: 'https://cdn.test/analytics/2.0.0/',
    entry: 'remoteEntry.js',
    modules: { './Section': ['159.a.js', '278.b.js'], './Card': ['159.a.js'], './Bare': [] },
  });
});

test("the files are where the manifest's publicPath and remoteEntry path say", () => {
  const moved = firstLoadOf(
    manifest({
      publicPath: 'https://files.test/shared/',
      remoteEntry: { name: 'remoteEntry.js', path: './entry/' },
    }),
    MANIFEST_URL,
  );
  expect(moved).toMatchObject({
    base: 'https://files.test/shared/',
    entry: 'entry/remoteEntry.js',
  });
  expect(
    firstLoadOf(
      manifest({ publicPath: '../files/', remoteEntry: { name: 'remoteEntry.js' } }),
      MANIFEST_URL,
    )?.base,
  ).toBe('https://cdn.test/analytics/files/');
});

test('no remoteEntry.js named: no first load', () => {
  expect(firstLoadOf(manifest({ publicPath: 'auto' }), MANIFEST_URL)).toBeNull();
  expect(firstLoadOf(null, MANIFEST_URL)).toBeNull();
  expect(firstLoadOf('not a manifest', MANIFEST_URL)).toBeNull();
});

test("a module's first files: the entry with the release's entry hash, then the chunks with the hashes it recorded (one it recorded none for is left out); an unknown module or no first load: none", () => {
  // As the release store serves a build: the entry renamed after its content, the chunks in a shared folder.
  const stored = manifest({
    publicPath: 'https://cdn.test/analytics/files/',
    remoteEntry: { name: 'remoteEntry.0123456789.js', path: '' },
  });
  const load = firstLoadOf(stored, MANIFEST_URL);
  const files = { 'remoteEntry.js': 'sha384-RQ==', '159.a.js': 'sha384-MQ==' };
  expect(firstFilesOf(load, files, './Section', 'sha384-RQ==')).toEqual([
    { url: 'https://cdn.test/analytics/files/remoteEntry.0123456789.js', integrity: 'sha384-RQ==' },
    { url: 'https://cdn.test/analytics/files/159.a.js', integrity: 'sha384-MQ==' },
  ]);
  expect(firstFilesOf(load, files, './Missing', 'sha384-RQ==')).toBeNull();
  expect(firstFilesOf(null, files, './Section', 'sha384-RQ==')).toBeNull();
});
