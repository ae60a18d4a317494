// Subresource Integrity for a remote's chunks: webpack-subresource-integrity bakes each chunk's
// sha384 into the webpack runtime that loads it (remoteEntry.js, and main.js of the standalone
// page), which sets `integrity` and `crossOrigin` on every chunk script. The shell loads
// remoteEntry.js itself with the hash the release registry recorded, so one chain covers all of
// a remote's JavaScript.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const HASH = 'sha384';
// webpack-subresource-integrity's placeholder for a chunk's hash (util.js, makePlaceholder): the
// prefix, then filler of the hash's length.
const PREFIX = '*-*-*-CHUNK-SRI-HASH-';
function placeholderOf(chunkId) {
  const filler = `${HASH}-${createHash(HASH).update(`${PREFIX}${chunkId}`, 'utf8').digest('base64')}`;
  return PREFIX + filler.substring(PREFIX.length);
}

/**
 * Module Federation's share-scope chunks (the ones webpack's chunk loading never fetches: its
 * `chunkMatcher` skips them) have no file, so webpack-subresource-integrity never hashes them and
 * fails the build on their placeholders. They are emptied before it runs: no script is ever loaded
 * with them.
 */
class FilelessChunkPlaceholdersPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FilelessChunkPlaceholders', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FilelessChunkPlaceholders', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE - 1 },
        () => {
          const placeholders = [...compilation.chunks]
            .filter((chunk) => chunk.id !== null && chunk.files.size === 0)
            .map((chunk) => `"${placeholderOf(chunk.id)}"`);
          if (!placeholders.length) return;
          for (const chunk of compilation.chunks) {
            if (!chunk.hasRuntime()) continue;
            for (const file of chunk.files) {
              const asset = compilation.getAsset(file);
              if (!asset || !file.endsWith('.js')) continue;
              const code = asset.source.source().toString();
              const cleaned = placeholders.reduce((text, p) => text.split(p).join('""'), code);
              if (cleaned !== code) compilation.updateAsset(file, new sources.RawSource(cleaned));
            }
          }
        },
      );
    });
  }
}

/**
 * The webpack options of a production remote's SRI: chunk scripts loaded with anonymous CORS (what a
 * cross-origin script needs for the browser to check its integrity) and each chunk's sha384, in the
 * runtime that loads it and in the manifest.
 * `pkgDir`'s own webpack-subresource-integrity is used (each package pins its toolchain).
 */
export function remoteIntegrity(pkgDir) {
  const { SubresourceIntegrityPlugin } = createRequire(join(pkgDir, 'package.json'))('webpack-subresource-integrity');
  return {
    output: { crossOriginLoading: 'anonymous' },
    plugins: [new FilelessChunkPlaceholdersPlugin(), new SubresourceIntegrityPlugin({ hashFuncNames: [HASH], enabled: true }), new ManifestIntegrityPlugin()],
  };
}

/** A file's SRI hash (`sha384-<base64>`): what the browser checks (also the release store's record). */
export function sriOf(path) {
  return `${HASH}-${createHash(HASH).update(readFileSync(path)).digest('base64')}`;
}

/**
 * Writes each chunk's sha384 into the remote's `mf-manifest.json` (`integrity`: file → hash), the file
 * the shell fetches first with the hash its release recorded. With them the shell lets the federation
 * runtime fetch an exposed module's chunks beside `remoteEntry.js` instead of after it, each with its
 * hash (the same one remoteEntry.js carries): one round trip less on a section's first open.
 */
class ManifestIntegrityPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('ManifestIntegrity', () => {
      const dist = compiler.outputPath;
      const path = join(dist, 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(path, 'utf8'));
      const files = new Set();
      for (const { assets } of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
        for (const file of [...(assets?.js?.sync ?? []), ...(assets?.js?.async ?? [])]) files.add(file);
      }
      const integrity = Object.fromEntries([...files].sort().map((file) => [file, sriOf(join(dist, file))]));
      writeFileSync(path, `${JSON.stringify({ ...manifest, integrity }, null, 2)}\n`);
    });
  }
}
