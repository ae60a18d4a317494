// Bail for mutation runs (stryker.base.mjs), which jest cannot do when it is started as a library:
// once a test has failed, the mutant is killed, so the rest of its run (the other tests of the file,
// and every later file with its server and database start) is skipped. Without it every killed
// mutant paid for all the tests that reach its line. Only while Stryker has a mutant active: its
// first run, which measures every test's coverage, runs them all.
const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__'; // set by Stryker's jest runner for each mutant run
const KILLED = 'GROWTH_ADMIN_KILLED_MUTANT'; // process-wide: one mutant run spans several test files

function skipAll(block) {
  for (const child of block.children) {
    if (child.type === 'describeBlock') skipAll(child);
    else child.mode = 'skip';
  }
}

/** The given jest test environment class, bailing out of a mutant's run at its first failed test. */
module.exports = function withBail(Environment) {
  return class BailEnvironment extends Environment {
    async handleTestEvent(event, state) {
      await super.handleTestEvent?.(event, state);
      const mutant = process.env[ACTIVE_MUTANT];
      if (!mutant) return;
      const killed = process.env[KILLED] === mutant;
      // A later file of a killed mutant: nothing of it runs, not even its beforeAll (jest runs a
      // block's hooks only when one of its tests is enabled).
      if (event.name === 'run_start' && killed) skipAll(state.rootDescribeBlock);
      // jest decides whether a test is skipped after this event.
      else if (event.name === 'test_start' && killed) event.test.mode = 'skip';
      else if (event.name === 'test_done' && event.test.errors.length > 0) process.env[KILLED] = mutant;
    }
  };
};
