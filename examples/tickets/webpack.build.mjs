// Builds the example remote `tickets` (`node webpack.build.mjs`) or serves it standalone (`--dev`,
// port TICKETS_PORT, 3010). TICKETS_CARD_CRASHES=1 builds a dashboard card that throws while
// rendering: the journey releases it as a canary to see the slot's fallback and the rollback.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPackageBuild } from '../../tools/federation/build.mjs';

await runPackageBuild({
  pkgDir: dirname(fileURLToPath(import.meta.url)),
  title: 'Tickets (standalone)',
  define: { __TICKETS_CARD_CRASHES__: JSON.stringify(process.env.TICKETS_CARD_CRASHES === '1') },
});
