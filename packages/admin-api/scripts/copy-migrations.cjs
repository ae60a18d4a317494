#!/usr/bin/env node
// The build's last step: every migrations folder under src/ (the back-office's src/db/migrations,
// the release control plane's src/controlPlane/migrations) copied to the same place under dist/,
// where the compiled code reads its SQL files (node dist/main.js needs both). Each copy replaces
// the folder it lands on: a file moved to another folder (the control plane's, from
// src/db/migrations) must not stay behind in the old one's dist/ copy as a second file of its version.
const { cpSync, readdirSync, rmSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');

/** The folders named `migrations` under `dir`. */
function migrationFolders(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => (e.name === 'migrations' ? [join(dir, e.name)] : migrationFolders(join(dir, e.name))));
}

function copyMigrations() {
  const folders = migrationFolders(join(root, 'src'));
  if (folders.length === 0) throw new Error('no migrations folder under src/');
  for (const folder of folders) {
    const to = join(root, 'dist', relative(join(root, 'src'), folder));
    rmSync(to, { recursive: true, force: true });
    cpSync(folder, to, { recursive: true });
  }
  return folders.map((f) => relative(root, f));
}

if (require.main === module) copyMigrations();
module.exports = { migrationFolders, copyMigrations };
