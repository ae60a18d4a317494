// CLI entry: configuration from the environment (see README), then start.
import { configFromEnv } from './config';
import { startServer } from './server';

async function main() {
  const server = await startServer(configFromEnv());
  const stop = async (signal: string) => {
    console.log(`[admin-api] ${signal}: shutting down`);
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error('[admin-api] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
