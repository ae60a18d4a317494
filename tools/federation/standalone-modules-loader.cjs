// A webpack loader for the UI kit's `standalone/exposedModules` in a remote's build: its content
// becomes the remote's own exposed modules, read from the remote's remote.json (`exposes`), each
// loaded on demand. So the standalone page (`--dev`, and dist/index.html) finds each section's code
// by the module name remote.json gives it, and no remote lists its sections a second time.
const { readFileSync } = require('node:fs');
const path = require('node:path');

/** The module source: `export const exposedModules = { './Section': () => import('/abs/src/Section.tsx'), … }`. */
function exposedModulesSource(remoteJsonFile) {
  const { exposes } = JSON.parse(readFileSync(remoteJsonFile, 'utf8'));
  const dir = path.dirname(remoteJsonFile);
  const entries = Object.entries(exposes ?? {}).map(
    ([name, file]) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(path.resolve(dir, file))}),`,
  );
  return `// Made from ${remoteJsonFile} by tools/federation/standalone-modules-loader.cjs.\nexport const exposedModules = {\n${entries.join('\n')}\n};\n`;
}

/** The UI kit's standalone/exposedModules, as this workspace's source or the kit's compiled copy. */
const STANDALONE_EXPOSED_MODULES = /[\\/]ui-kit[\\/](src|dist)[\\/]standalone[\\/]exposedModules\.[jt]s$/;

/** The rule of a remote's build (build.mjs) that runs this loader on that module. */
function standaloneModulesRule(remoteJsonFile) {
  return { test: STANDALONE_EXPOSED_MODULES, use: { loader: __filename, options: { remoteJson: remoteJsonFile } } };
}

module.exports = function standaloneModulesLoader() {
  const { remoteJson } = this.getOptions();
  this.addDependency(remoteJson); // the dev server rebuilds when remote.json changes
  return exposedModulesSource(remoteJson);
};
module.exports.exposedModulesSource = exposedModulesSource;
module.exports.standaloneModulesRule = standaloneModulesRule;
module.exports.STANDALONE_EXPOSED_MODULES = STANDALONE_EXPOSED_MODULES;
