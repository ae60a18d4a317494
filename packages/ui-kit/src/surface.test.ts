// The UI kit's version must say what its exports are (semver of the surface): a remote built against
// it asks the federation share scope for `^<that version>`, and gets the shell's copy only when that
// copy has everything it imports. surface.json is the record; the check is the workspace's one
// (scripts/package-surface.ts).
import { join } from 'node:path';
import { describeSurface } from '../../../scripts/package-surface';
import * as uiKit from './index';
import { UI_KIT_VERSION } from './version';

describeSurface({ dir: join(__dirname, '..'), exports: Object.keys(uiKit), version: UI_KIT_VERSION, versionName: 'UI_KIT_VERSION' });
