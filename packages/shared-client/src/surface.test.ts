// shared-client is a federation singleton: the shell's copy is the one every remote calls. Its
// version must say what its exports are (semver of the surface), so a remote's requiredVersion and
// the shell's check of shared-client-usage.json mean something. surface.json is the record; the
// check is the workspace's one (scripts/package-surface.ts).
import { join } from 'node:path';
import { describeSurface } from '../../../scripts/package-surface';
import * as sharedClient from './index';
import { SHARED_CLIENT_VERSION } from './version';

describeSurface({ dir: join(__dirname, '..'), exports: Object.keys(sharedClient), version: SHARED_CLIENT_VERSION, versionName: 'SHARED_CLIENT_VERSION' });
