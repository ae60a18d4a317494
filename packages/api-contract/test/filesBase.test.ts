import { filesBase } from '../src/filesBase';

const manifest = 'https://store.example/orders/2.0.0/mf-manifest.json';

test("publicPath 'auto', empty or missing: the manifest's own folder", () => {
  for (const publicPath of ['auto', '', undefined, null, 42]) expect(filesBase(manifest, publicPath)).toBe('https://store.example/orders/2.0.0/');
});

test('a relative publicPath resolves against the manifest, an absolute one stands', () => {
  expect(filesBase(manifest, '../files/')).toBe('https://store.example/orders/files/');
  expect(filesBase(manifest, '/releases/files/')).toBe('https://store.example/releases/files/');
  expect(filesBase(manifest, 'https://cdn.example/orders/')).toBe('https://cdn.example/orders/');
});
