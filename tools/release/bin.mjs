#!/usr/bin/env node
// `growth-admin-release`: the release commands as the remote kit installs them in a team's own
// repository (@growth-admin/release-tools), e.g. `growth-admin-release release tickets --dist dist`.
import { main } from './cli.mjs';

await main(process.argv.slice(2));
