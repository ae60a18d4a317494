// The admin API as an operator runs it: its own process (src/main.ts through tsx), configured by
// the environment, that can be stopped or killed with SIGKILL half-way through its work.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN, SIGNING_KEY, TEST_PASSWORD_HASH_COST } from './helpers';

const PACKAGE = join(__dirname, '..');
const MAIN = join(PACKAGE, 'src/main.ts');

/**
 * `node --import tsx <file>`: one process (tsx's own command would run the server in a child).
 * `--liftoff-only`, as the suite's own processes (scripts/test.cjs): a process that lives seconds
 * would spend about 0.7 s of CPU recompiling PGlite's WebAssembly with V8's optimizing tier.
 */
export const nodeWithTsx = (file: string) => [process.execPath, ['--liftoff-only', '--import', 'tsx', file], { cwd: PACKAGE }] as const;

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything it printed. */
  output(): string;
  /** SIGKILL: no shutdown, no flush, as a crash or an OOM kill. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** What a process that refused to start printed, and its exit code. */
export interface Refusal {
  code: number | null;
  output: string;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/**
 * Starts `node src/main.ts` with `env` on a free port; resolves when it listens, or rejects with a
 * Refusal when it exits first.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const [node, args, options] = nodeWithTsx(MAIN);
  const child = spawn(node, [...args], {
    ...options,
    env: {
      ...process.env,
      API_PORT: '0',
      API_HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_SIGNING_KEY: SIGNING_KEY,
      SEED_USERS: '50',
      SEED_ORDERS: '200',
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
        resolve({
          url: m[1],
          pid: child.pid!,
          child,
          output: () => out,
          async kill9() {
            child.kill('SIGKILL');
            await exited(child);
          },
          async stop() {
            child.kill('SIGTERM');
            await exited(child);
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject({ code, output: out } satisfies Refusal));
  });
}
