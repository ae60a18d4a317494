// Prints the gzip bytes of the built remote (run after `pnpm --filter @growth-admin/analytics-mfe build`):
// what the shell downloads for the Analytics section (remoteEntry.js + the exposed module's chunks),
// the shared singletons (served by the shell in the composed app), and every dist/*.js in total;
// writes them to docs/performance.md unless --no-doc.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writePerformanceSection } from '../../../scripts/performance-doc.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const raw = (file) => readFileSync(join(dist, file)).length;
const assetsOf = (entry) => [...entry.assets.js.sync, ...entry.assets.js.async];
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

const rows = [];
const sum = (files) => files.reduce((s, f) => s + gz(f), 0);
const section = ['remoteEntry.js', ...new Set(manifest.exposes.flatMap((e) => e.assets.js.sync))];
// Async chunks of the exposed module load only on demand (here: crypto-js and nanoid, needed only
// when the shared-client fallback is used instead of the shell's copy).
const onDemand = [...new Set(manifest.exposes.flatMap((e) => e.assets.js.async))].filter((f) => !section.includes(f));
const shared = [...new Set(manifest.shared.flatMap(assetsOf))];
const all = readdirSync(dist).filter((f) => f.endsWith('.js'));
const standaloneOnly = all.filter((f) => ![...section, ...onDemand, ...shared].includes(f));

for (const f of section) rows.push([f, raw(f), gz(f)]);
console.log('Analytics section as loaded by the shell (remoteEntry + exposed ./Section):');
for (const [f, r, g] of rows.sort((a, b) => b[2] - a[2])) console.log(`  ${f.padEnd(48)} ${kB(r).padStart(10)} min  ${kB(g).padStart(9)} gzip`);
console.log(`  ${'total'.padEnd(48)} ${''.padStart(14)} ${kB(sum(section)).padStart(9)} gzip`);
console.log(`On demand (async chunks of the exposed module: ${onDemand.join(', ')}): ${kB(sum(onDemand))} gzip`);
console.log(`Shared singletons (fallbacks; the shell's copies are used in the composed app): ${kB(sum(shared))} gzip`);
console.log(`Standalone harness only (main entry, lazy section): ${kB(sum(standaloneOnly))} gzip`);
console.log(`All dist/*.js: ${kB(sum(all))} gzip`);

if (!process.argv.includes('--no-doc')) {
  const file = writePerformanceSection({
    id: 'analytics-bundle',
    title: "The analytics remote's JavaScript",
    command: 'node packages/analytics-mfe/scripts/bundle-size.mjs',
    note: 'After `pnpm --filter @growth-admin/analytics-mfe build`; gzip level 9 of the production build.',
    columns: ['what', 'minified', 'gzip'],
    rows: [
      ...rows.map(([f, r, g]) => [f, kB(r), kB(g)]),
      ['the Analytics section as the shell loads it (remoteEntry + exposed module)', '', kB(sum(section))],
      [`on demand: ${onDemand.length} async chunks of the exposed module (tooltips, deferred antd, …)`, '', kB(sum(onDemand))],
      ['shared singletons (fallbacks; the shell\'s copies are used in the composed app)', '', kB(sum(shared))],
      ['standalone harness only', '', kB(sum(standaloneOnly))],
      ['all dist/*.js', '', kB(sum(all))],
    ],
  });
  console.log(`(written to ${file})`);
}
