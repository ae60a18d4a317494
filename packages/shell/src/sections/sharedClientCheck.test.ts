import * as sharedClient from '@growth-admin/shared-client';
import * as antd from 'antd';
import { antdRefusal, checkSharedClientUsage, missingExports, refusal } from './sharedClientCheck';

// A test's own lists, passed in; without them the check reads what the shell's build recorded (last test).
const available = { ...sharedClient } as Record<string, unknown>;
const { SHARED_CLIENT_VERSION } = sharedClient;

const usage = (uses: string[]) => ({ package: '@growth-admin/shared-client', builtWith: '1.4.0', requiredVersion: '^1.4.0', uses });
const answering = (status: number, body: unknown) =>
  // (jsdom has no Response: the part of one the check reads)
  jest.fn(async () => ({ ok: status < 400, status, json: async () => body })) as unknown as typeof fetch & jest.Mock;

describe('what a remote needs of the shared client', () => {
  it('finds the names this shell does not export', () => {
    expect(missingExports(usage(['call', 'queryKeys', 'getAuditLog', 'exportCsv']), available)).toEqual(['getAuditLog', 'exportCsv']);
    expect(missingExports(usage(['call']), available)).toEqual([]);
  });

  it('says which version the remote needs, which this shell has, and what is missing', () => {
    expect(refusal(usage(['getAuditLog']), ['getAuditLog'], '1.0.0')).toBe(
      'it needs @growth-admin/shared-client ^1.4.0 (built with 1.4.0), but this shell provides 1.0.0, which lacks getAuditLog: deploy a newer shell first, or roll the remote back',
    );
  });

  it('reads shared-client-usage.json beside the manifest and refuses a remote that needs more', async () => {
    const fetchMock = answering(200, usage(['call', 'getAuditLog']));
    await expect(checkSharedClientUsage('http://people.test/v7/mf-manifest.json', fetchMock, available)).rejects.toThrow(
      `this shell provides ${SHARED_CLIENT_VERSION}, which lacks getAuditLog`,
    );
    expect(fetchMock.mock.calls[0][0]).toBe('http://people.test/v7/shared-client-usage.json');
  });

  it('lets through a remote that needs only what is there', async () => {
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', answering(200, usage(['call', 'toApiError'])), available)).resolves.toBeUndefined();
  });

  it('lets through a remote without a readable usage file (built before it, or unreachable: the load reports that)', async () => {
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', answering(404, { message: 'not found' }))).resolves.toBeUndefined();
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', answering(200, { something: 'else' }))).resolves.toBeUndefined();
    const offline = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', offline)).resolves.toBeUndefined();
  });
});

describe('what a remote needs of the shared antd', () => {
  // In the browser: the share scope's antd (the shell's, tree-shaken to its contract list); here
  // the contract's part of antd, without Drawer, as a shell whose list lacks it would provide.
  const shellAntd = { Button: antd.Button, Table: antd.Table, ConfigProvider: antd.ConfigProvider } as Record<string, unknown>;
  const withAntd = (antdUses: string[]) => ({ ...usage(['call']), antdUses, antdShellVersion: '0.3.0' });

  it('refuses a remote using an antd export this shell does not provide, naming it and the shell version that adds it', async () => {
    const check = checkSharedClientUsage('http://people.test/mf-manifest.json', answering(200, withAntd(['Button', 'Drawer', 'Table'])), available, shellAntd);
    await expect(check).rejects.toThrow(antdRefusal(['Drawer'], '0.3.0'));
    expect(antdRefusal(['Drawer', 'Steps'], '0.3.0')).toBe(
      "it uses antd's Drawer, Steps, which this shell does not provide (the shell's antd contract has them from 0.3.0): deploy shell 0.3.0 or later first, or roll the remote back",
    );
  });

  it('lets through a remote using only what the shell provides, or recording no antd use', async () => {
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', answering(200, withAntd(['Button', 'Table'])), available, shellAntd)).resolves.toBeUndefined();
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', answering(200, usage(['call'])), available, shellAntd)).resolves.toBeUndefined();
  });

  it('without lists passed in, checks against what the shell provides as its build recorded it (SHELL_PROVIDES)', async () => {
    // jest.config.cjs records it as tools/federation/build.mjs does: this shell's own lists.
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', answering(200, withAntd(['Button', 'Table'])))).resolves.toBeUndefined();
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', answering(200, withAntd(['Table', 'Drawer'])))).rejects.toThrow(
      antdRefusal(['Drawer'], '0.3.0'),
    );
    await expect(checkSharedClientUsage('http://people.test/mf-manifest.json', answering(200, usage(['call', 'getAuditLog'])))).rejects.toThrow(
      `this shell provides ${SHARED_CLIENT_VERSION}, which lacks getAuditLog`,
    );
  });

  it("where the shell's record cannot load, nothing is checked against it (as with an unreadable usage file)", async () => {
    jest.doMock('./shellProvides', () => {
      throw new Error('Loading chunk shell-provides failed');
    });
    try {
      await jest.isolateModulesAsync(async () => {
        const { checkSharedClientUsage: check } = await import('./sharedClientCheck');
        await expect(check('http://people.test/mf-manifest.json', answering(200, usage(['getAuditLog'])))).resolves.toBeUndefined();
      });
    } finally {
      jest.dontMock('./shellProvides'); // (the mock is the file's, not the isolated registry's)
    }
  });
});
