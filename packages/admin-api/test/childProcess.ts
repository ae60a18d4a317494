// Ends a server a test started as a child process: SIGTERM, then SIGKILL if it has not exited
// within 5 s; resolves once it has exited.
import type { ChildProcess } from 'node:child_process';

export async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}
