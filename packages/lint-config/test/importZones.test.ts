// docs/architecture.md's one-way import rules, run through the root eslint.config.mjs on fixture sources
// placed in each package, as `npm run lint` runs them.
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function refusals(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

const REMOTE = 'packages/people-mfe/src/fixture.ts';
const SHELL = 'packages/shell/src/fixture.ts';
const SHARED = 'packages/shared-client/src/fixture.ts';
const KIT = 'packages/ui-kit/src/fixture.ts';
const API = 'packages/admin-api/src/fixture.ts';
const BACK_OFFICE = 'packages/admin-api/src/modules/orders/fixture.ts';
const CONTROL_PLANE = 'packages/admin-api/src/controlPlane/releases/fixture.ts';

describe('imports go one way', () => {
  test.each([
    ['a remote importing the shell', "import { App } from '@growth-admin/shell';", REMOTE],
    ['a remote importing another remote', "import Orders from '@growth-admin/orders-mfe';", REMOTE],
    ['a remote importing a file of another remote', "import { x } from '@growth-admin/orders-mfe/src/x';", REMOTE],
    ['a remote reaching into another package by a relative path', "import { x } from '../../orders-mfe/src/x';", 'packages/people-mfe/src/users/fixture.ts'],
    ['a remote importing the API server', "import { startServer } from '@growth-admin/admin-api';", REMOTE],
    ['a remote taking values from api-contract', "import { routes } from '@growth-admin/api-contract';", REMOTE],
    ['a test of a remote importing the shell', "import { App } from '@growth-admin/shell';", 'packages/people-mfe/src/users/fixture.test.ts'],
    ['the shell importing a remote', "import Section from '@growth-admin/analytics-mfe';", SHELL],
    ['the shell taking values from api-contract', "import { REGIONS } from '@growth-admin/api-contract';", SHELL],
    ['shared-client importing the shell', "import { App } from '@growth-admin/shell';", SHARED],
    ['shared-client importing a remote', "import { x } from '@growth-admin/projects-mfe';", SHARED],
    ['shared-client taking values from api-contract', "import { routes } from '@growth-admin/api-contract';", SHARED],
    ['shared-client reaching into admin-api by a relative path', "import { x } from '../../admin-api/src/security';", SHARED],
    ['shared-client importing the UI kit', "import { Pager } from '@growth-admin/ui-kit';", SHARED],
    ['the UI kit importing the shell', "import { App } from '@growth-admin/shell';", KIT],
    ['the UI kit importing a remote', "import { x } from '@growth-admin/orders-mfe';", KIT],
    ['the UI kit reaching into shared-client by a relative path', "import { request } from '../../shared-client/src/http';", KIT],
    ['admin-api importing the UI kit', "import { Pager } from '@growth-admin/ui-kit';", API],
    ['admin-api importing shared-client', "import { request } from '@growth-admin/shared-client';", API],
    ['admin-api importing a remote', "import Section from '@growth-admin/people-mfe';", API],
    ['the back-office importing a file of the control plane', "import { gateRelease } from '../../controlPlane/releases/gate';", BACK_OFFICE],
    ['the app importing the control plane’s plugin file instead of its entry', "import { controlPlane } from './controlPlane/plugin';", API],
    ['the control plane importing a back-office module', "import { findSession } from '../../modules/auth/repository';", CONTROL_PLANE],
    ['the control plane importing the app', "import { buildApp } from '../app';", 'packages/admin-api/src/controlPlane/fixture.ts'],
    ['the control plane taking the whole contract', "import { routes } from '@growth-admin/api-contract';", CONTROL_PLANE],
    ['the control plane taking a type of the whole contract', "import type { Person } from '@growth-admin/api-contract';", CONTROL_PLANE],
    ['the control plane importing a browser package', "import { request } from '@growth-admin/shared-client';", CONTROL_PLANE],
  ])('refuses %s', async (_what, code, file) => {
    expect((await refusals(code, file)).join('\n')).toMatch(/Arrows go one way/);
  });

  test.each([
    ['a remote importing shared-client', "import { call } from '@growth-admin/shared-client';", REMOTE],
    ['a remote importing the UI kit', "import { Pager } from '@growth-admin/ui-kit';", REMOTE],
    ['the UI kit importing shared-client', "import { request } from '@growth-admin/shared-client';", KIT],
    ['a remote importing its own files', "import { x } from '../users/search';", 'packages/people-mfe/src/details/fixture.ts'],
    ['a remote taking types from api-contract', "import type { Person } from '@growth-admin/api-contract';", REMOTE],
    ['the shell importing shared-client', "import { configureClient } from '@growth-admin/shared-client';", SHELL],
    ['shared-client re-exporting api-contract types', "export type { Person } from '@growth-admin/api-contract';", SHARED],
    ['admin-api importing api-contract values', "import { routes } from '@growth-admin/api-contract';", API],
    ['the app importing the control plane’s public entry', "import { controlPlane } from './controlPlane';", API],
    ['a back-office module importing the control plane’s public entry', "import { runtimeConfigFor } from '../../controlPlane';", BACK_OFFICE],
    ['the control plane importing its own files', "import { liveRemote } from '../remotes/repository';", CONTROL_PLANE],
    ['the control plane importing the shared code', "import { serve } from '../../http/serve';", CONTROL_PLANE],
    ['the control plane importing its own contract modules', "import * as releases from '@growth-admin/api-contract/releases';", CONTROL_PLANE],
    ['a test of the API importing a control-plane file', "import { judgeCanary } from '../src/controlPlane/releases/judge';", 'packages/admin-api/test/fixture.test.ts'],
  ])('lets through %s', async (_what, code, file) => {
    expect(await refusals(code, file)).toEqual([]);
  });
});
