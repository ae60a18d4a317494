// The UI kit's version must say what its exports are (semver of the surface): a remote built against
// it asks the federation share scope for `^<that version>`, and gets the shell's copy only when that
// copy has everything it imports. surface.json is the record; the check is the workspace's one
// (scripts/package-surface.ts).
import { join } from 'node:path';
import { describeSurface } from '../../../scripts/package-surface';
import * as uiKit from './index';
import * as core from './core';
import { UI_KIT_VERSION } from './version';

// The core entry (`@growth-admin/ui-kit/core`, shared apart) counts by `core/<name>`: a remote asking
// for `^<version>` of it gets the shell's copy only when that copy has what it imports from there.
const exports = [...Object.keys(uiKit), ...Object.keys(core).map((name) => `core/${name}`)];

describeSurface({ dir: join(__dirname, '..'), exports, version: UI_KIT_VERSION, versionName: 'UI_KIT_VERSION' });
