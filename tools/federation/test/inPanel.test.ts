/**
 * @jest-environment node
 */
// The link `--in-panel` prints: the panel's root with `?override=<remote>@<manifest URL>`, the URL
// encoded, whatever path or query the panel URL was given with (the shell's override/link.ts reads it).
// (an ES module of the build tools, transformed for jest: see jest.config.cjs)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { overrideLink } = require('../override-link.mjs') as { overrideLink: (panel: string, remote: string, manifestUrl: string) => string };

test('the override link names the remote and its build, at the panel’s root', () => {
  const manifest = 'http://localhost:3020/mf-manifest.json';
  const expected = `http://localhost:3000/?override=billing@${encodeURIComponent(manifest)}`;
  for (const panel of ['http://localhost:3000', 'http://localhost:3000/', 'http://localhost:3000/?preview=x#top']) {
    expect(overrideLink(panel, 'billing', manifest)).toBe(expected);
  }
  const link = new URL(overrideLink('https://admin.example/panel/', 'billing', manifest));
  expect(`${link.origin}${link.pathname}`).toBe('https://admin.example/panel/');
  expect(link.searchParams.get('override')).toBe(`billing@${manifest}`);
});
