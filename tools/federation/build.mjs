// One webpack setup for the shell and the four remotes: `node webpack.build.mjs` builds `dist/`
// (plain static files, content-hashed except remoteEntry.js, mf-manifest.json, index.html and
// runtime-config.json), `node webpack.build.mjs --dev` serves the package with webpack-dev-server;
// `--out DIR` builds into DIR instead (a release's own folder: dist/ is what `npm start` serves).
// webpack, the federation plugin and the loaders are resolved from the calling package, so each
// package keeps its own pinned toolchain (webpack 5.111.1, @module-federation/enhanced 2.9.2).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ANTD_FACADE_MODULES, ANTD_SHARED_MODULE, ANTD_SHARED_REQUEST, antdSharedExports, sharedModules } from './shared.mjs';
import { portsFromEnv, runtimeConfigFor } from './runtime-config.mjs';
import { SharedClientUsagePlugin, ShellContractPlugin, shellProvides } from './shared-client-usage.mjs';
import { dependenciesOf } from './webpack-modules.mjs';
import { remoteIntegrity } from './integrity.mjs';
import { antdStaticCss } from './antd-static-css.mjs';
import { precompress } from './precompress.mjs';
import { readRemoteJson, remoteMeta, REMOTE_FILE } from './local-remotes.mjs';
import { tricksLeftOut } from './build-tricks.mjs';
import { standaloneModulesRule } from './standalone-modules-loader.cjs';
import { overrideLink } from './override-link.mjs';

const HTML_TEMPLATE = ({ title }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <meta property="csp-nonce" nonce="__CSP_NONCE__" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;


/**
 * Fails the build when a module imports from 'antd' something the share scope does not provide
 * (tools/federation/antd-shared.mjs): at run time it would be `undefined` in the shell's antd.
 */
export class AntdContractPlugin {
  apply(compiler) {
    const allowed = new Set(antdSharedExports());
    const { WebpackError } = compiler.webpack;
    const fix = 'add the export to tools/federation/antd-shared.mjs (and deploy the shell before the remote)';
    compiler.hooks.compilation.tap('AntdContractPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('AntdContractPlugin', (modules) => {
        for (const module of modules) {
          const ownSource = module.resource && !module.resource.includes('node_modules') && !ANTD_FACADE_MODULES.has(module.resource);
          const problems = new Set();
          for (const dep of dependenciesOf(module)) {
            if (typeof dep.request !== 'string') continue;
            if (ownSource && /^antd\/(es|lib)\/(?!locale\/)/.test(dep.request)) {
              // (type-only imports are erased before webpack sees them; locales are plain data)
              problems.add(`imports '${dep.request}', a second copy of that part of antd beside the shared one: import it from 'antd' and ${fix}`);
            } else if (dep.request === 'antd') {
              if (dep.type === 'harmony import specifier' || dep.type === 'harmony export imported specifier') {
                const name = dep.ids?.[0];
                if (!name) problems.add(`uses the whole 'antd' namespace; the share scope provides only the exports listed in tools/federation/antd-shared.mjs`);
                else if (!allowed.has(name)) problems.add(`imports '${name}' from 'antd', which the federation share scope does not provide: ${fix}`);
              } else if (dep.type !== 'harmony side effect evaluation') {
                // import('antd'), require('antd') in any form: the whole package
                problems.add(`loads 'antd' as a whole; the share scope provides only the exports listed in tools/federation/antd-shared.mjs`);
              }
            }
          }
          for (const problem of problems) {
            const error = new WebpackError(`${module.readableIdentifier(compilation.requestShortener)} ${problem}`);
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

/** The federation plugin's generated entry module (node_modules/.federation/entry.<hash of its text>.js). */
const FEDERATION_ENTRY = /[\\/]node_modules[\\/]\.federation[\\/]entry\.[0-9a-f]+\.js$/;

/**
 * Gives the federation plugin's own modules ids that do not depend on where the repository is.
 * webpack's deterministic id is a hash of the module's identifier with its paths made relative, and
 * three of them keep the folder in it: the generated entry (a file named by the hash of its text,
 * which holds absolute paths), a remote's container (its identifier lists the exposed modules'
 * absolute paths inside JSON) and each provided shared module (`provide module (default) react@… =
 * <absolute path>`). Their ids in main.js and remoteEntry.js changed with the folder a clone was
 * made in, and with them the gzip size the byte budget holds; a provided module's id, though not
 * in any file, took the id another module hashed to in one folder and not in another, and moved
 * that one (crypto-js's hmac-md5: a few bytes of the dashboard's first load). Numbered in the
 * module graph's order instead, before the deterministic ids are given.
 */
export class FederationEntryIdsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('FederationEntryIdsPlugin', (compilation) => {
      compilation.hooks.moduleIds.tap({ name: 'FederationEntryIdsPlugin', stage: -10 }, (modules) => {
        const { chunkGraph, moduleGraph } = compilation;
        const order = (m) => moduleGraph.getPreOrderIndex(m) ?? Number.MAX_SAFE_INTEGER;
        // (the entry, concatenated with what it imports, is the concatenation's root module)
        const isEntry = (m) => FEDERATION_ENTRY.test(m.rootModule?.resource ?? m.resource ?? '');
        const isContainer = (m) => m.constructor.name === 'ContainerEntryModule';
        const isProvided = (m) => m.constructor.name === 'ProvideSharedModule';
        [...modules]
          .filter((m) => (isEntry(m) || isContainer(m) || isProvided(m)) && chunkGraph.getModuleId(m) === null)
          .sort((a, b) => order(a) - order(b))
          .forEach((m, i) => chunkGraph.setModuleId(m, `mf${i}`));
      });
    });
  }
}

/** Emits one JSON file into the build. */
class JsonAssetPlugin {
  constructor(fileName, value) {
    this.fileName = fileName;
    this.value = value;
  }

  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('JsonAssetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'JsonAssetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(this.fileName, new sources.RawSource(`${JSON.stringify(this.value, null, 2)}\n`));
      });
    });
  }
}

/** The global variable a remote's remoteEntry.js declares its container as: `-` is not valid in a JavaScript identifier. */
const containerName = (name) => name.replace(/-/g, '_');

/**
 * The minifier of every production build, for the webpack at `webpackPath`: SWC's (terser needs a
 * minute per package for the shared antd chunk). Licence comments go to `<file>.LICENSE.txt` beside
 * each script without a banner pointing at it: the banner is bytes every administrator downloads and
 * no one reads in a minified file.
 */
export function productionMinimizer(webpackPath) {
  const MinimizerPlugin = createRequire(webpackPath)('minimizer-webpack-plugin');
  return new MinimizerPlugin({
    minify: MinimizerPlugin.swcMinify,
    minimizerOptions: { compress: true, mangle: true },
    extractComments: { condition: 'some', banner: false },
  });
}

/**
 * A remote's name and exposed modules come from its `remote.json` (see local-remotes.mjs), and its
 * build writes that file's sections and slot contributions as `remote-meta.json` beside the manifest.
 * @param {object} o
 * @param {string} o.pkgDir        the package directory
 * @param {string} [o.name]        federation name of a host (the shell); a remote's is in its remote.json
 * @param {boolean} o.dev
 * @param {boolean} [o.inPanel]   a development build served to the real panel (`--in-panel`): source maps without eval
 * @param {string} [o.title]       the HTML page title
 * @param {string} [o.template]    an HTML template file (else a minimal page)
 * @param {string} [o.publicPath]  default 'auto' (remotes); the shell serves from '/'
 * @param {string} [o.outDir]      where the build goes (default `<pkgDir>/dist`)
 * @param {Set<string>} [o.without] the build tricks left out (build-tricks.mjs; default: none)
 * @param {{ package: string, version: string }} [o.kit] the remote kit a remote is built with (its usage record names it)
 */
export function createWebpackConfig(options) {
  const remote = existsSync(join(options.pkgDir, REMOTE_FILE)) ? readRemoteJson(options.pkgDir) : null;
  const o = remote ? { ...options, name: remote.name, exposes: remote.exposes } : options;
  const require = createRequire(join(o.pkgDir, 'package.json'));
  const webpack = require('webpack');
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const dev = Boolean(o.dev);
  // Served to the real panel (a developer's override): no eval in the code, which the panel's CSP refuses.
  const devtool = o.inPanel ? 'cheap-module-source-map' : dev ? 'eval-cheap-module-source-map' : process.env.SOURCE_MAPS === '1' ? 'source-map' : false;
  const on = (trick) => !o.without?.has(trick);
  // The federation runtime module asks for the entry file's name before content hashes exist (it
  // only wants its directory depth): it gets the bare name, the emitted file its content hash.
  const chunkName = dev ? '[name].js' : '[name].[contenthash:10].js';
  const entryName = dev ? '[name].js' : (pathData) => (pathData.chunk?.contentHash?.javascript ? chunkName : '[name].js');
  const isRemote = Object.keys(o.exposes ?? {}).length > 0;
  // Production remotes: every chunk's sha384 is baked into the runtime that loads it (remoteEntry.js,
  // whose own hash the release registry gives the shell), so a chunk altered on the store never runs.
  const integrity = isRemote && !dev ? remoteIntegrity(o.pkgDir) : null;
  // The shell provides antd: its production build ships antd's styles precomputed (antd-static-css.mjs).
  const staticCss = !isRemote && !dev && on('static-css') ? antdStaticCssAsset(o.pkgDir, webpack, on('precomputed-style')) : null;

  return {
    mode: dev ? 'development' : 'production',
    context: o.pkgDir,
    entry: { main: './src/index.ts' },
    // Production maps only on request (SOURCE_MAPS=1): they triple the build time of the antd chunk.
    devtool,
    output: {
      path: o.outDir ?? join(o.pkgDir, 'dist'),
      filename: entryName,
      chunkFilename: chunkName,
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: o.publicPath ?? 'auto',
      uniqueName: o.name,
      clean: true,
      ...integrity?.output,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      modules: ['node_modules', join(o.pkgDir, 'node_modules')],
      alias: { [`${ANTD_SHARED_REQUEST}$`]: ANTD_SHARED_MODULE, ...facadeModulesLeftOut(on) },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: dev } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
        // antd's own packages are side-effect free ES modules that do not say so in their package.json:
        // saying it here lets webpack take only the parts antd imports (FormProvider, not all of rc-form).
        ...(on('side-effects-free') ? [{ test: /[\\/]node_modules[\\/]@(rc-component|ant-design)[\\/]/, sideEffects: false }] : []),
        // Left out, the deferred antd's import() is bundled in place (and so loaded with the shared antd).
        ...(on('antd-deferred') ? [] : [{ test: /[\\/]antd-deferred-load\.mjs$/, parser: { dynamicImportMode: 'eager' } }]),
        ...(staticCss ? staticCss.rules : []),
        // A remote's standalone page: the UI kit's `exposedModules` becomes this remote's exposed
        // modules, from its remote.json (standalone-modules-loader.cjs), so its sections are listed once.
        ...(remote ? [standaloneModulesRule(join(o.pkgDir, REMOTE_FILE))] : []),
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: o.name,
        // remoteEntry.js declares the container as a global variable, whose name must be a JavaScript
        // identifier: a remote named `team-a` is declared as `team_a` (the federation's default is the
        // name itself, and a `-` left its entry chunk without a file). The manifest keeps the remote's
        // name, which the release gate checks, and names the variable as its globalName, which the
        // shell's federation runtime reads.
        library: { type: 'var', name: containerName(o.name) },
        filename: 'remoteEntry.js',
        exposes: o.exposes ?? {},
        remotes: {}, // never baked in: the shell registers remotes from its runtime config
        shared: sharedModules(o.pkgDir, { host: !isRemote }),
        // 'loaded-first': take the copy already loaded (the shell's) instead of fetching every
        // registered remote's entry up front to compare versions ('version-first'), which would
        // make signing in wait on, and fail with, the remotes.
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // The runtime's browser half only; and a remote, which loads no remote itself, without that
        // part (9.7 kB gzip off each remoteEntry.js, 1.8 kB off the shell's).
        ...(on('federation-web-runtime') ? { experiments: { optimization: { target: 'web', ...(isRemote ? { disableRemote: true } : {}) } } } : {}),
      }),
      new AntdContractPlugin(),
      new FederationEntryIdsPlugin(),
      ...antdInsideReplacements(webpack, on),
      // A remote records which shared-client exports it uses; the shell checks them before loading it.
      // The shell records what it provides (shell-contract.json): the release gate checks remotes against it.
      ...(isRemote ? [new SharedClientUsagePlugin(o.pkgDir, o.kit)] : [new ShellContractPlugin(o.pkgDir, antdSharedExports(), o.slots ?? {})]),
      // What the registry composes from (sections, slot contributions), as data read without running the code.
      ...(remote ? [new JsonAssetPlugin('remote-meta.json', remoteMeta(remote))] : []),
      ...(integrity?.plugins ?? []),
      ...(staticCss ? [staticCss.plugin] : []),
      new HtmlWebpackPlugin({
        ...(o.template ? { template: o.template } : { templateContent: HTML_TEMPLATE({ title: o.title ?? o.name }) }),
        chunks: ['main'],
      }),
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
        // Where the precomputed antd styles are ('' where there are none: antd computes them all).
        'process.env.ANTD_STATIC_CSS': JSON.stringify(staticCss ? `${o.publicPath ?? ''}${staticCss.fileName}` : ''),
        // The theme classes whose values that CSS holds (antd-precomputed-style.mjs reports any other).
        'process.env.ANTD_PRECOMPUTED_THEMES': JSON.stringify(JSON.stringify(staticCss?.themes ?? [])),
        // The shell's: what its share scope provides (shared-client's and antd's exports), which its
        // check of a remote reads instead of loading those chunks before the remote's files may start.
        ...(isRemote ? {} : { 'process.env.SHELL_PROVIDES': JSON.stringify(JSON.stringify(shellProvides(o.pkgDir, antdSharedExports()))) }),
      }),
    ],
    optimization: {
      splitChunks: SPLIT_CHUNKS,
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      minimizer: [productionMinimizer(require.resolve('webpack'))],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * `sharedByChunks`: one copy of a module that two async chunks both need, in a chunk of its own
 * however small. Webpack's defaults split a common part out only from 20 kB, and every shared
 * module and section is an async chunk here: below that, each chunk carried its own copy, and a
 * page that loads both (the dashboard loads the shared antd, the shared client and the shell's
 * layout together) downloaded it twice. Its priority is above webpack's vendors group, which would
 * otherwise take such a module out of some of the chunks only. Modules needed by exactly the same
 * chunks end up together, so the dashboard also gets fewer, larger files. It names no library:
 * each chunk group still loads the same modules, in fewer copies.
 * `react`: React's four shared entry points (react, its JSX runtime, react-dom, react-dom/client)
 * are four shared modules, so four chunks, always loaded together (every screen renders with all of
 * them): one file compresses 1.3 kB (gzip) smaller than four. Package names only, nothing of their
 * insides. (test/splitChunks.test.ts)
 */
export const SPLIT_CHUNKS = {
  cacheGroups: {
    sharedByChunks: { chunks: 'async', minChunks: 2, minSize: 0, priority: 0, reuseExistingChunk: true },
    react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'async', enforce: true, priority: 10 },
  },
};

/**
 * antd's first-screen components import, for features no screen uses, parts that are in the deferred
 * antd: those imports get a component that loads that part on first render (antd-inside/).
 * [the importing antd directory, the request, the module it gets, its trick in build-tricks.mjs]
 */
const ANTD_INSIDE = [
  ['card', '../tabs', 'card-tabs.mjs', 'card-tabs'],
  ['app', '../modal/useModal', 'app-use-modal.mjs', 'antd-modal'],
];

/**
 * With a trick of the shared antd left out (build-tricks.mjs), the facade takes that export from
 * antd itself: aliases of its own modules' requests to antd's ES entry, which exports the same name.
 */
function facadeModulesLeftOut(on) {
  const modules = { 'antd-modal': './antd-modal.mjs', 'range-picker': './antd-range-picker.mjs' };
  return Object.fromEntries(Object.entries(modules).filter(([trick]) => !on(trick)).map(([, request]) => [`${request}$`, 'antd/es/index.js']));
}

function antdInsideReplacements(webpack, on) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'antd-inside');
  const swapped = new Set();
  const replacements = ANTD_INSIDE.filter(([, , , trick]) => on(trick)).map(
    ([importer, request, module]) =>
      new webpack.NormalModuleReplacementPlugin(new RegExp(`^${request.replace(/[./]/g, '\\$&')}$`), (resource) => {
        if (/[\\/]antd[\\/]es[\\/]/.test(resource.context) && resource.context.split(/[\\/]/).at(-1) === importer) {
          resource.request = join(dir, module);
          swapped.add(importer);
        }
      }),
  );
  // An antd that no longer imports a listed part that way would ship it eagerly again, unnoticed.
  const check = {
    apply(compiler) {
      compiler.hooks.compilation.tap('AntdInside', (compilation) => {
        compilation.hooks.finishModules.tap('AntdInside', (modules) => {
          for (const [importer, request, , trick] of ANTD_INSIDE) {
            if (!on(trick)) continue;
            const built = [...modules].some((m) => new RegExp(`[\\\\/]antd[\\\\/]es[\\\\/]${importer}[\\\\/]`).test(m.resource ?? ''));
            if (built && !swapped.has(importer)) {
              compilation.errors.push(new webpack.WebpackError(`antd's ${importer} no longer imports '${request}': update ANTD_INSIDE in tools/federation/build.mjs`));
            }
          }
        });
      });
    },
  };
  return [...replacements, check];
}

/** An antd style module: a component's `style/…` file, or the click wave's `style.js`. */
export const ANTD_STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](.+[\\/])?style([\\/][\w-]+)?\.js$/;

/**
 * The shell's precomputed antd styles: a content-hashed file name, the plugin that emits it, and the
 * rules that replace the style modules whose styles it holds (antd-precomputed-style-loader.cjs).
 * Only as components import them: a style module imported by another one (a deferred component's
 * style reusing Input's) stays whole.
 */
function antdStaticCssAsset(pkgDir, webpack, replaceStyleModules) {
  const css = antdStaticCss(pkgDir);
  const fileName = `antd-static.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  const plugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('AntdStaticCss', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'AntdStaticCss', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          compilation.emitAsset(fileName, new webpack.sources.RawSource(css));
        });
      });
    },
  };
  const here = dirname(fileURLToPath(import.meta.url));
  const rules = !replaceStyleModules ? [] : [
    {
      test: ANTD_STYLE_MODULE,
      issuer: { not: ANTD_STYLE_MODULE },
      use: {
        loader: join(here, 'antd-precomputed-style-loader.cjs'),
        options: { precomputed: precomputedStyles(css), hooks: join(here, 'antd-precomputed-style.mjs') },
      },
    },
    // The style-hook factory's module as components import it (for genCssVar), not as antd's theme
    // internals and style modules do (for the factory itself).
    {
      test: /[\\/]node_modules[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]genStyleUtils\.js$/,
      issuer: { not: [ANTD_STYLE_MODULE, /[\\/]antd[\\/]es[\\/]theme[\\/]internal\.js$/] },
      use: { loader: join(here, 'antd-precomputed-style-loader.cjs') },
    },
    // A component importing a name a replaced style module no longer has fails the build.
    { test: /[\\/]node_modules[\\/]antd[\\/]es[\\/]/, parser: { exportsPresence: 'error' } },
  ];
  return { fileName, plugin, rules, themes: precomputedThemes(css) };
}

/** The classes `css` gives theme values to ('.ga-dark{--ant-color-primary:…}' → 'ga-dark'). */
function precomputedThemes(css) {
  return [...new Set([...css.matchAll(/(?:^|\})\.([\w-]+)\{--ant-/g)].map((m) => m[1]))];
}

/** The style names antd's cache-path map in `css` lists ('<hash>|Button-Button|ant-btn|anticon:<key>' → 'Button-Button'). */
export function precomputedStyles(css) {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
  return [...new Set(map.split(';').map((entry) => entry.split('|')[1]).filter(Boolean))];
}

function runCompiler(compiler) {
  return new Promise((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => {
        if (err) return reject(err);
        const info = stats.toString({ colors: process.stdout.isTTY, all: false, errors: true, warnings: true, assets: false });
        if (info.trim()) console.log(info);
        if (stats.hasErrors()) return reject(new Error('webpack build failed'));
        resolve(stats);
      });
    });
  });
}

/** `--in-panel <panel URL>`: the URL (null without the flag); throws when it is missing or not http(s). */
function inPanelArg(argv) {
  const at = argv.indexOf('--in-panel');
  if (at === -1) return null;
  const value = argv[at + 1];
  if (!value || !/^https?:\/\//.test(value)) throw new Error("--in-panel needs the admin panel's URL, e.g. --in-panel http://localhost:3000");
  return value;
}

/**
 * The body of every package's `webpack.build.mjs`.
 * `--dev` serves on `o.port` (override with the env var `o.portEnv`) with a runtime config for
 * the default local ports; otherwise builds `dist/` and writes a default `runtime-config.json`.
 * `--in-panel <panel URL>` (a remote's): serves a development build for the real panel instead, on
 * the same port (or `--port N`) with CORS for the shell's page, rebuilt on save, and prints the
 * override link that loads it in one's own session there (docs/remote-kit.md).
 */
export async function runPackageBuild(options, argv = process.argv.slice(2)) {
  const panel = inPanelArg(argv);
  const dev = argv.includes('--dev') || panel !== null;
  const remote = existsSync(join(options.pkgDir, REMOTE_FILE)) ? readRemoteJson(options.pkgDir) : null;
  const require = createRequire(join(options.pkgDir, 'package.json'));
  // The host provides shared-client's slot contracts; its shell-contract.json records their versions.
  const slots = remote ? undefined : (await import(pathToFileURL(require.resolve('@growth-admin/shared-client/slots')).href)).SLOT_CONTRACTS;
  const o = remote ? { ...options, name: remote.name } : { ...options, slots };
  const out = argv.indexOf('--out');
  if (out !== -1 && !argv[out + 1]) throw new Error('--out needs a folder');
  const outDir = out === -1 ? join(o.pkgDir, 'dist') : resolve(argv[out + 1]);
  const webpack = require('webpack');
  // (the one place the build reads which tricks to leave out: bench/tricks.mjs measures each)
  let without;
  try {
    without = tricksLeftOut();
  } catch (error) {
    console.error(`${o.name}: ${error.message}`);
    process.exit(1);
  }
  if (panel && !remote) throw new Error('--in-panel serves a remote: run it in a package with a remote.json');
  const config = createWebpackConfig({ ...o, dev, inPanel: panel !== null, outDir, without });
  const runtimeConfig = runtimeConfigFor({ ports: portsFromEnv() });

  if (!dev) {
    const started = Date.now();
    // webpack has printed the errors: exit without a stack trace that would bury them.
    await runCompiler(webpack(config)).catch((error) => {
      console.error(`${o.name}: ${error.message}`);
      process.exit(1);
    });
    const dist = outDir;
    if (!existsSync(dist)) mkdirSync(dist, { recursive: true });
    // A default for plain static hosting on the local ports; deployments replace this one file.
    writeFileSync(join(dist, 'runtime-config.json'), `${JSON.stringify(runtimeConfig, null, 2)}\n`);
    if (!without.has('precompress')) precompress(dist);
    console.log(`${o.name}: built ${out === -1 ? 'dist/' : dist} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }

  const WebpackDevServer = require('webpack-dev-server');
  // A remote outside packages/ (examples/) has its port in its own remote.json.
  const portArg = argv.indexOf('--port');
  const port = portArg !== -1 ? Number(argv[portArg + 1]) : (portsFromEnv()[o.name] ?? Number(process.env[remote?.dev?.portEnv] || remote?.dev?.port));
  // (the shell name maps to SHELL_PORT, each remote to its own <NAME>_PORT)
  if (panel) {
    // The build as the panel loads it: its manifest, entry and chunks, readable from the shell's page
    // (CORS), rebuilt on save. No dev client: the panel's CSP admits no websocket, and a reload of the
    // panel takes the new build.
    const server = new WebpackDevServer(
      { port, hot: false, liveReload: false, webSocketServer: false, client: false, static: false, headers: { 'Access-Control-Allow-Origin': '*' } },
      webpack(config),
    );
    await server.start();
    const manifestUrl = `http://localhost:${port}/mf-manifest.json`;
    console.log(`${o.name}: a development build for the panel on http://localhost:${port} (rebuilt on save: reload the panel to take it)`);
    console.log(`Open this link signed in to the panel, and confirm (the panel's API must allow overrides from this origin: npm start does):`);
    console.log(overrideLink(panel, o.name, manifestUrl));
    return;
  }
  const server = new WebpackDevServer(
    {
      port,
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      setupMiddlewares(middlewares, devServer) {
        devServer.app.get('/runtime-config.json', (_req, res) => {
          res.set('Cache-Control', 'no-cache').json(runtimeConfig);
        });
        return middlewares;
      },
    },
    webpack(config),
  );
  await server.start();
  console.log(`${o.name}: dev server on http://localhost:${port} (API ${runtimeConfig.apiBaseUrl})`);
}
