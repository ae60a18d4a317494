#!/usr/bin/env node
// Renders the production nginx config of the static origins from a plan (JSON):
//   node dist/cli.js plan.json > growth-admin.conf
// The plan: { "api": origin, "directImageHosts": [..], "shell": { "origin", "root" },
//             "remotes": { "<name>": { "origin", "root" } } } — see deploy/example-plan.json.
import { readFileSync } from 'node:fs';
import { renderNginxConfig, type StaticHostPlan } from './nginx';

const file = process.argv[2];
if (!file) {
  console.error('usage: growth-admin-static-host-config <plan.json>');
  process.exit(2);
}
try {
  const plan = JSON.parse(readFileSync(file, 'utf8')) as StaticHostPlan;
  process.stdout.write(renderNginxConfig({ ...plan, directImageHosts: plan.directImageHosts ?? [] }));
} catch (err) {
  console.error(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
