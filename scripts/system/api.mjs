// Starts the admin API (packages/admin-api/dist/main.js) as a child process and waits for its
// "listening on http://" line. Lines that mention a password are surfaced (a generated first
// administrator password is printed only once, by the API itself).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export function startApi({ repoRoot, env, log = console.log, timeoutMs = 120_000 }) {
  const child = spawn(process.execPath, [join(repoRoot, 'packages/admin-api/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const notes = [];
  let tail = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the admin API did not start within ${timeoutMs / 1000} s:\n${tail}`)), timeoutMs);
    const onLine = (line) => {
      tail = `${tail}${line}\n`.slice(-4000);
      if (/password/i.test(line)) notes.push(line.trim());
      log(`[api] ${line}`);
      if (line.includes('listening on http://')) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let buffer = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the admin API exited (${signal ?? `code ${code}`}) before listening:\n${tail}`));
    });
  });

  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 8000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });

  return { child, ready, notes, stop };
}
