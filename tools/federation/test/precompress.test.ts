/**
 * @jest-environment node
 */
// The build stores each script, stylesheet and manifest gzipped and brotli-compressed beside it
// (precompress.mjs): from 1 kB on, rewritten only when its file changed, written aside then renamed,
// the same bytes each time.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

// (an ES module of the build tools, transformed for jest: see jest.config.cjs)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { precompress } = require('../precompress.mjs') as { precompress: (dir: string) => number };

let dist: string;
/** Text that compresses, `kB` kilobytes of it. */
const script = (marker: string, kB = 4) => `/* ${marker} */\n` + 'window.__chart = (window.__chart || 0) + 1;\n'.repeat(kB * 24);

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'precompress-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('precompress', () => {
  it('stores a gzip and a brotli copy of scripts, stylesheets and manifests from 1 kB on, and nothing else', () => {
    writeFileSync(join(dist, '320.0123456789.js'), script('echarts'));
    writeFileSync(join(dist, 'antd-static.0123456789.css'), `.a{color:red}\n`.repeat(200));
    writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'analytics', padding: 'x'.repeat(2000) }));
    writeFileSync(join(dist, 'tiny.0123456789.js'), 'window.t=1;');
    writeFileSync(join(dist, 'runtime-config.json'), JSON.stringify({ remotes: {}, padding: 'x'.repeat(2000) }));
    writeFileSync(join(dist, '320.0123456789.js.LICENSE.txt'), 'MIT\n'.repeat(400));
    writeFileSync(join(dist, 'mf-manifest-stats.json'), JSON.stringify({ padding: 'x'.repeat(2000) }));

    expect(precompress(dist)).toBe(6);
    for (const file of ['320.0123456789.js', 'antd-static.0123456789.css', 'mf-manifest.json']) {
      const gz = readFileSync(join(dist, `${file}.gz`));
      const br = readFileSync(join(dist, `${file}.br`));
      expect(gunzipSync(gz).equals(readFileSync(join(dist, file)))).toBe(true);
      expect(brotliDecompressSync(br).equals(readFileSync(join(dist, file)))).toBe(true);
      expect(br.length).toBeLessThan(gz.length); // what brotli is stored for
    }
    // Too small to gain; answered per request by the servers; the build's stats; not fetched by the page.
    for (const file of ['tiny.0123456789.js', 'runtime-config.json', 'mf-manifest-stats.json', '320.0123456789.js.LICENSE.txt']) {
      for (const suffix of ['.gz', '.br']) expect(existsSync(join(dist, `${file}${suffix}`))).toBe(false);
    }
  });

  it('rewrites a copy only when its file changed, and drops a copy whose file is gone', () => {
    const entry = join(dist, 'remoteEntry.js');
    writeFileSync(entry, script('release 1'));
    writeFileSync(join(dist, 'old.0123456789.js'), script('an earlier build'));
    precompress(dist);
    expect(precompress(dist)).toBe(0); // nothing changed: nothing written

    writeFileSync(entry, script('release 2'));
    const later = new Date(statSync(`${entry}.gz`).mtimeMs + 1000);
    utimesSync(entry, later, later); // (a rebuild writes it after its old copy)
    rmSync(join(dist, 'old.0123456789.js'));
    expect(precompress(dist)).toBe(2);
    expect(gunzipSync(readFileSync(`${entry}.gz`)).toString()).toContain('release 2');
    expect(brotliDecompressSync(readFileSync(`${entry}.br`)).toString()).toContain('release 2');
    expect(existsSync(join(dist, 'old.0123456789.js.gz'))).toBe(false);
    expect(existsSync(join(dist, 'old.0123456789.js.br'))).toBe(false);
  });

  it('writes each copy aside first, and clears what a build killed while writing left', () => {
    writeFileSync(join(dist, 'a.0123456789.js'), script('whole'));
    writeFileSync(join(dist, 'a.0123456789.js.gz.partial-4242'), 'cut short');
    writeFileSync(join(dist, 'a.0123456789.js.br.partial-4242'), 'cut short');
    expect(precompress(dist)).toBe(2);
    expect(readdirSync(dist).sort()).toEqual(['a.0123456789.js', 'a.0123456789.js.br', 'a.0123456789.js.gz']);
    expect(gunzipSync(readFileSync(join(dist, 'a.0123456789.js.gz'))).toString()).toContain('whole');
  });

  it('gives the same bytes for the same file (a release uploaded again has the same hashes)', () => {
    writeFileSync(join(dist, 'a.0123456789.js'), script('same'));
    precompress(dist);
    for (const copy of ['a.0123456789.js.gz', 'a.0123456789.js.br']) {
      const first = readFileSync(join(dist, copy));
      rmSync(join(dist, copy));
      precompress(dist);
      expect(readFileSync(join(dist, copy)).equals(first)).toBe(true);
    }
  });
});
