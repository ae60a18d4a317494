// What the build plugins read of webpack's module graph.

/** A module's dependencies, those of its dynamic `import()` blocks included. */
export function dependenciesOf(block) {
  return [...block.dependencies, ...block.blocks.flatMap(dependenciesOf)];
}
