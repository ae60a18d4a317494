// The shell steps of a GitHub Actions workflow job, as the runner would run them for an event:
// the job's `if:`, the workflow's and the steps' `env:`, and `${{ … }}` replaced from the event, the
// repository's variables and secrets. `uses:` steps (checkout, setup, GitHub's API) are GitHub's own
// and are named, not run. Enough of GitHub's expression language for the scaffold's workflow: an
// expression it does not know is an error, never an empty string.
import yaml from 'js-yaml';

/** `github.event.pull_request.number` in `context` (`{ github, vars, secrets }`); vars and secrets missing are '' as on GitHub. */
function lookup(path, context) {
  const [root, ...rest] = path.split('.');
  if (!(root in context)) throw new Error(`unknown expression root "${root}" in \${{ ${path} }}`);
  let value = context[root];
  for (const key of rest) value = value?.[key];
  if (value === undefined && (root === 'vars' || root === 'secrets') && rest.length === 1) return '';
  if (value === undefined) throw new Error(`\${{ ${path} }} is not in the event`);
  return value;
}

/** One expression: a path, or `path == 'literal'` / `path != 'literal'`. */
function evaluate(expression, context) {
  const text = expression.trim();
  const comparison = /^([\w.]+)\s*(==|!=)\s*'([^']*)'$/.exec(text);
  if (comparison) {
    const equal = String(lookup(comparison[1], context)) === comparison[3];
    return comparison[2] === '==' ? equal : !equal;
  }
  if (/^[\w.]+$/.test(text)) return lookup(text, context);
  throw new Error(`expression not understood: ${text}`);
}

const substitute = (text, context) => String(text).replace(/\$\{\{([^}]*)\}\}/g, (_, e) => String(evaluate(e, context)));

/**
 * The job `job` of `workflowText` for `context`: `{ runs, skipped }` where `runs` are the steps to run
 * (`{ name, run, env }`, `env` the workflow's and the step's, substituted) and `uses` the actions it
 * names; `runs` is null when the job's `if:` is false for this event.
 */
export function jobSteps(workflowText, job, context) {
  const workflow = yaml.load(workflowText);
  const spec = workflow.jobs?.[job];
  if (!spec) throw new Error(`the workflow has no job "${job}"`);
  if (spec.if !== undefined && !evaluate(String(spec.if).replace(/^\$\{\{|\}\}$/g, ''), context)) return { runs: null, uses: [] };
  const envOf = (env = {}) => Object.fromEntries(Object.entries(env).map(([k, v]) => [k, substitute(v, context)]));
  const base = { ...envOf(workflow.env), ...envOf(spec.env) };
  const runs = [];
  const uses = [];
  for (const step of spec.steps ?? []) {
    if (step.uses) uses.push(step.uses);
    else runs.push({ name: step.name ?? step.run.split('\n')[0], run: substitute(step.run, context), env: { ...base, ...envOf(step.env) } });
  }
  return { runs, uses };
}
