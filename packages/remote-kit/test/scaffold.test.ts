// The scaffold's files: a remote named as the registry wants it, its singletons at the versions the
// shell provides, the kit's packages by a path relative to the remote (or by version), and a folder
// that already holds something left alone.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scaffoldRemote, singletonRange } from '../scaffold/scaffold.mjs';

const contract = {
  remoteKit: '0.2.0',
  shared: {
    react: '19.3.1',
    'react/jsx-runtime': '19.3.1',
    'react-dom': '19.3.1',
    antd: '6.6.8',
    dayjs: '1.11.23',
    '@tanstack/react-query': '5.108.0',
    '@growth-admin/shared-client': '1.5.0',
    '@growth-admin/ui-kit': '1.0.0',
  },
};
const versions = {
  '@growth-admin/shared-client': '1.5.0',
  '@growth-admin/ui-kit': '1.0.0',
  '@growth-admin/api-contract': '0.1.0',
  '@growth-admin/federation-tools': '0.1.0',
  '@growth-admin/release-tools': '0.2.0',
  '@growth-admin/remote-kit': '0.2.0',
};
const tarballs = Object.fromEntries(
  Object.entries(versions).map(([name, v]) => [
    name,
    `${name.slice(1).replace('/', '-')}-${v}.tgz`,
  ]),
);
const toolchain = { webpack: '5.111.1', jest: '^30.5.2' };

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'remote-kit-scaffold-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

test('a new remote: remote.json, one section with its test, the standalone page, and the build, test and release wiring', () => {
  const written = scaffoldRemote({
    dir: join(root, 'reports'),
    name: 'sales-reports',
    port: 3033,
    kit: { contract, versions, toolchain, tarballs, kitDir: join(root, 'kit') },
  });
  expect(written.sort()).toEqual(
    [
      '.github/workflows/preview.yml',
      '.gitignore',
      'README.md',
      'jest.config.cjs',
      'package.json',
      'remote.json',
      'src/Section.test.tsx',
      'src/api/index.ts',
      'src/Section.tsx',
      'src/bootstrap.tsx',
      'src/index.ts',
      'tsconfig.json',
      'webpack.build.mjs',
    ].sort(),
  );
  const remote = readJson(join(root, 'reports/remote.json'));
  expect(remote).toMatchObject({
    name: 'sales-reports',
    exposes: { './Section': './src/Section.tsx' },
    sections: [
      { path: 'sales-reports', label: 'Sales reports', module: './Section', leastRole: 'viewer' },
    ],
    dev: { port: 3033, portEnv: 'SALES_REPORTS_PORT' },
  });
  const pkg = readJson(join(root, 'reports/package.json'));
  expect(pkg.scripts.release).toBe(
    'node webpack.build.mjs && growth-admin-release release sales-reports --dist dist',
  );
  expect(readFileSync(join(root, 'reports/src/Section.tsx'), 'utf8')).toContain(
    'export default function SalesReportsSection',
  );
  expect(readFileSync(join(root, 'reports/webpack.build.mjs'), 'utf8')).toContain(
    "import { buildRemote } from '@growth-admin/remote-kit/build';",
  );
});

test("the shared singletons at the shell's versions (antd pinned), the kit by tarball path, the toolchain as the kit was made with", () => {
  scaffoldRemote({
    dir: join(root, 'teams/reports'),
    name: 'reports',
    kit: { contract, versions, toolchain, tarballs, kitDir: join(root, 'kit') },
  });
  const pkg = readJson(join(root, 'teams/reports/package.json'));
  expect(pkg.dependencies).toEqual({
    '@growth-admin/shared-client': 'file:../../kit/growth-admin-shared-client-1.5.0.tgz',
    '@growth-admin/ui-kit': 'file:../../kit/growth-admin-ui-kit-1.0.0.tgz',
    '@tanstack/react-query': '^5.108.0',
    antd: '6.6.8',
    dayjs: '^1.11.23',
    react: '^19.3.1',
    'react-dom': '^19.3.1',
  });
  expect(pkg.devDependencies).toEqual({
    '@growth-admin/api-contract': 'file:../../kit/growth-admin-api-contract-0.1.0.tgz',
    '@growth-admin/federation-tools': 'file:../../kit/growth-admin-federation-tools-0.1.0.tgz',
    '@growth-admin/release-tools': 'file:../../kit/growth-admin-release-tools-0.2.0.tgz',
    '@growth-admin/remote-kit': 'file:../../kit/growth-admin-remote-kit-0.2.0.tgz',
    jest: '^30.5.2',
    webpack: '5.111.1',
  });
  expect(singletonRange('antd', '6.6.8')).toBe('6.6.8');
  expect(singletonRange('dayjs', '1.11.23')).toBe('^1.11.23');
});

test('without a folder of tarballs, the kit is named by version (a registry serves it)', () => {
  scaffoldRemote({
    dir: join(root, 'reports'),
    name: 'reports',
    kit: { contract, versions, toolchain, tarballs: {}, kitDir: null },
  });
  const pkg = readJson(join(root, 'reports/package.json'));
  expect(pkg.dependencies['@growth-admin/shared-client']).toBe('1.5.0');
  expect(pkg.dependencies['@growth-admin/ui-kit']).toBe('1.0.0');
  expect(pkg.devDependencies['@growth-admin/remote-kit']).toBe('0.2.0');
});

test('a name the registry would refuse, or a folder that is not empty, writes nothing', () => {
  const kit = { contract, versions, toolchain, tarballs, kitDir: join(root, 'kit') };
  expect(() => scaffoldRemote({ dir: join(root, 'a'), name: 'Reports', kit })).toThrow(
    /lower-case letters, digits and -/,
  );
  mkdirSync(join(root, 'b'));
  writeFileSync(join(root, 'b/keep.txt'), 'mine');
  expect(() => scaffoldRemote({ dir: join(root, 'b'), name: 'reports', kit })).toThrow(
    /is not empty/,
  );
  expect(readFileSync(join(root, 'b/keep.txt'), 'utf8')).toBe('mine');
});
