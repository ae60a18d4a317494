// Builds the example remote `tickets` (`node webpack.build.mjs`) or serves it standalone (`--dev`,
// port TICKETS_PORT, 3010). Its name, exposed modules, section and slot contributions are in
// remote.json; the shared setup lives in tools/federation/build.mjs.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPackageBuild } from '../../tools/federation/build.mjs';

await runPackageBuild({ pkgDir: dirname(fileURLToPath(import.meta.url)), title: 'Tickets (standalone)' });
