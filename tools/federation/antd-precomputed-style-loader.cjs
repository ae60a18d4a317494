// A webpack loader for antd's style modules in the shell's production build. A style module whose
// styles the build's CSS holds (options.precomputed: antd's cache paths in that CSS, e.g.
// 'Button-Button') becomes its hooks' answers only (antd-precomputed-style.mjs); one with any style
// the CSS lacks stays antd's, and antd computes that style at run time. Only hooks and style
// components are kept: an import of anything else from a replaced module fails the build.
// antd's style-hook factory module (theme/util/genStyleUtils.js), as components import it for the
// names of CSS variables, becomes that function alone: the factory's module-level setup would
// otherwise bring antd's whole style engine to the first screen.
const CALL = /\bgen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(\[[^\]]*\]|'[^']*')/g;
const ANSWER = { StyleHooks: 'useStyleClasses', ComponentStyleHook: 'useHashClass', SubStyleComponent: 'NoStyle' };

/** The cache path's component part antd gives a style: 'Button' → 'Button-Button', ['Form', 'item'] → 'Form-item'. */
function concatName(arg) {
  const cells = [...arg.matchAll(/'([^']*)'/g)].map((m) => m[1]);
  return (cells.length === 1 ? [cells[0], cells[0]] : cells).join('-');
}

/** The kind of the first style call at or after `from` ('StyleHooks', …), or null. */
function nextCall(source, from) {
  const call = new RegExp(CALL.source, 'g');
  call.lastIndex = from;
  return call.exec(source)?.[1] ?? null;
}

/** genStyleUtils.js's `genCssVar` (its last export, pure): the file without the factory's setup. */
function cssVarNamesOnly(source) {
  const start = source.indexOf('export const genCssVar = ');
  const rest = start < 0 ? '' : source.slice(start);
  if (!rest || rest.lastIndexOf('export ') !== 0 || /\bimport\b/.test(rest)) {
    throw new Error("antd's theme/util/genStyleUtils.js no longer ends with a self-contained genCssVar: update antd-precomputed-style-loader.cjs");
  }
  return rest;
}

module.exports = function antdPrecomputedStyle(source) {
  if (/[\\/]theme[\\/]util[\\/]genStyleUtils\.js$/.test(this.resourcePath)) return cssVarNamesOnly(source);
  const { precomputed, hooks } = this.getOptions();
  const known = new Set(precomputed);
  const exports = [];
  if (/export \{ useResetIconStyle as default \}/.test(source)) {
    if (!known.has('ant-design-icons')) return source;
    exports.push(['default', 'useIconStyle']);
  } else {
    const names = [...source.matchAll(CALL)].map((m) => concatName(m[2]));
    if (!names.length || !names.every((name) => known.has(name))) return source;
    // export default genX(…) | export default (…) => { … genX(…) … } | export default function …
    const def = /^export default /m.exec(source);
    if (def) {
      const kind = nextCall(source, def.index);
      if (kind) exports.push(['default', ANSWER[kind]]);
    }
    for (const m of source.matchAll(/^export const (\w+) = gen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/gm)) exports.push([m[1], ANSWER[m[2]]]);
  }
  const used = [...new Set(exports.map(([, answer]) => answer))];
  // Imported by a path relative to the style module: webpack names the import's variable after the
  // request, and an absolute one put the clone's folder into the chunk before minifying, so into its
  // content hash, which main.js lists, and so into the minifier's choice of names there.
  return [
    `import { ${used.join(', ')} } from ${JSON.stringify(this.utils.contextify(this.context, hooks))};`,
    ...exports.map(([name, answer]) => (name === 'default' ? `export default ${answer};` : `export const ${name} = ${answer};`)),
  ].join('\n');
};
