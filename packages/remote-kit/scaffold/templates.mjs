// The files a new remote starts with (scaffold.mjs writes them): one section, its test, the
// standalone page, the build, test and release wiring. Each template is a function of the remote's
// name and label; the package.json is written by scaffold.mjs (it needs the kit's versions).

const pascal = (name) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());

export function remoteJson({ name, label, port }) {
  return `${JSON.stringify(
    {
      $comment:
        'This remote as the registry sees it: its exposed modules, its section (and slot contributions). The build writes remote-meta.json from it.',
      name,
      exposes: { './Section': './src/Section.tsx' },
      sections: [
        { path: name, label, icon: 'tools', leastRole: 'viewer', order: 100, module: './Section' },
      ],
      contributions: [],
      dev: {
        port,
        portEnv: `${name.toUpperCase().replace(/-/g, '_')}_PORT`,
        urlEnv: `${name.toUpperCase().replace(/-/g, '_')}_URL`,
      },
    },
    null,
    2,
  )}\n`;
}

export const webpackBuild = ({
  label,
}) => `// Builds this remote (\`node webpack.build.mjs\`: dist/), or serves its section standalone behind a
// sign-in against the API (\`--dev\`, the port in remote.json; API_URL, default http://localhost:4000),
// or serves a development build for the real panel and prints its override link (\`--in-panel <panel URL>\`).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRemote } from '@growth-admin/remote-kit/build';

await buildRemote({ pkgDir: dirname(fileURLToPath(import.meta.url)), title: ${JSON.stringify(`${label} (standalone)`)} });
`;

export const jestConfig =
  () => `// The remote kit's jest preset: SWC, jsdom with what antd needs, shuffled tests.
module.exports = require('@growth-admin/remote-kit/jest')({ dir: __dirname });
`;

export const tsconfig = () =>
  `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        esModuleInterop: true,
        resolveJsonModule: true,
        isolatedModules: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['jest', 'node', '@testing-library/jest-dom'],
      },
      include: ['src'],
    },
    null,
    2,
  )}\n`;

export const indexTs =
  () => `// The standalone page's entry: page security first, then the async boundary (nothing shared is
// consumed before the federation runtime has negotiated the share scope).
import { installPageSecurity } from '@growth-admin/shared-client/page-security';

installPageSecurity();
import('./bootstrap');
`;

export const bootstrapTsx = () => `// The standalone page (\`npm run dev\`): the sections remote.json declares, behind a sign-in, against
// the real API. The shell never loads this file: it loads the modules remote.json exposes.
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@growth-admin/ui-kit/standalone';
import remote from '../remote.json';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StandaloneApp remote={remote} />);
`;

export const apiTs = ({
  name,
}) => `// This remote's own API calls, over shared-client's typed, signed \`call\` (the path, its parameters
// and the answer are checked against the API contract at compile time), with their query options
// beside them. Add this team's calls here.
import { queryOptions } from '@tanstack/react-query';
import { call, type OrdersList } from '@growth-admin/shared-client';

/** GET /api/admin/orders/orderList: the newest orders. */
export async function getLatestOrders(limit = 10): Promise<OrdersList> {
  const data: OrdersList = await call('get', '/api/admin/orders/orderList', { query: { page: 0, limit } });
  return { orders: data?.orders ?? [], total: data?.total ?? 0 };
}

export const queries = {
  latestOrders: () => queryOptions({ queryKey: [${JSON.stringify(name)}, 'latest-orders'], queryFn: () => getLatestOrders() }),
};
`;

export const sectionTsx = ({
  name,
  label,
}) => `// Exposed as \`${name}/Section\`: the ${label} section. It reads the latest orders through its own
// call (src/api/), signed by shared-client; replace it with this team's screen.
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { Order, SectionProps } from '@growth-admin/shared-client';
import { formatDate, LoadError, PageHeader } from '@growth-admin/ui-kit';
import { queries } from './api';

export default function ${pascal(name)}Section({ user }: SectionProps) {
  const orders = useQuery(queries.latestOrders());
  return (
    <div>
      <PageHeader title=${JSON.stringify(label)} subtitle={\`Signed in as \${user.username}\`} />
      {orders.error ? (
        <LoadError title={\`Error loading orders: \${orders.error.message}\`} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : (
        <Table<Order>
          rowKey="_id"
          loading={orders.isFetching}
          dataSource={orders.data?.orders ?? []}
          pagination={false}
          locale={{ emptyText: orders.isLoading ? 'Loading orders...' : 'No orders' }}
          columns={[
            { key: 'orderSn', title: 'Order Number', render: (_, order) => \`#\${order.orderSn}\` },
            { key: 'customer', title: 'Customer', dataIndex: 'shoppingUser' },
            { key: 'date', title: 'Order Date', render: (_, order) => formatDate(order.createdAt) },
          ]}
        />
      )}
    </div>
  );
}
`;

export const sectionTest = ({
  label,
}) => `// The section against a faked API edge (shared-client's), rendered as the shell renders sections (the UI kit's harness).
import { screen } from '@testing-library/react';
import { installFakeApi, ok } from '@growth-admin/shared-client/testing';
import { renderSection } from '@growth-admin/ui-kit/testing';
import Section from './Section';

const order = { _id: 'o1', orderSn: '100000000042', shoppingUser: 'mia', createdAt: '2026-11-20T10:00:00.000Z' };

test('lists the latest orders, asked of the API', async () => {
  const calls = installFakeApi({ 'GET /api/admin/orders/orderList': () => ok({ orders: [order], total: 1 }) });
  renderSection(Section);
  expect(await screen.findByRole('cell', { name: '#100000000042' }, { timeout: 15_000 })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: ${JSON.stringify(label)} })).toBeInTheDocument();
  expect(calls[0].query.get('limit')).toBe('10');
});

test('a failed load says so, with a Retry', async () => {
  installFakeApi({ 'GET /api/admin/orders/orderList': () => ({ status: 503, body: { message: 'Service Unavailable', code: 'OVERLOADED' } }) });
  renderSection(Section);
  expect(await screen.findByText(/Error loading orders/, {}, { timeout: 15_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
`;

export const gitignore = () => 'node_modules/\ndist/\nreports/\n';

export const readme = ({ name, label, port }) => `# ${label}

The remote \`${name}\` of Growth Admin, made with \`create-growth-admin-remote\` (the remote kit).

| command | what it does |
|---|---|
| \`npm test\` | its jest tests (the section rendered as the shell renders it, against a faked API) |
| \`npm run dev\` | the section standalone on http://localhost:${port}, behind a sign-in, against the admin API at \`API_URL\` (default http://localhost:4000) |
| \`npm run dev -- --in-panel <panel URL>\` | a development build served on http://localhost:${port} for the real admin panel (rebuilt on save), and the link that loads it in your own session there after you confirm: the real shell, the other remotes and the slots, with a banner saying what the gate would refuse; the panel's API must allow this origin (\`DEV_OVERRIDE_ORIGINS\`: \`npm start\` allows localhost) |
| \`npm run build\` | \`dist/\`: the remote's files, its usage record and \`remote-meta.json\` (from \`remote.json\`) |
| \`npm run release\` | builds, uploads \`dist/\` to the release store and registers it; the API's gate checks it against the active shell first |
| \`npm run release -- --preview pr-42\` | the same build as a preview under that label: never active, the last line printed is the link that shows it to a signed-in administrator; \`npx growth-admin-release release ${name} --preview pr-42 --delete\` deletes it |

Each pull request gets a preview: \`.github/workflows/preview.yml\` (GitHub Actions) tests every push,
publishes it as the preview \`pr-<number>\` and posts the link on the pull request, and deletes the
preview when the pull request closes. It needs the repository's secrets \`DEPLOY_TOKEN\` and
\`ADMIN_SIGNING_KEY\` and variables \`API_URL\`, \`RELEASE_STORE_URL\` and the store's \`RELEASE_S3_*\`.

The release needs the remote created by an owner (Settings → Remotes → Add remote) and its deploy
token: \`DEPLOY_TOKEN=deploy_… API_URL=https://admin-api.example RELEASE_STORE_URL=… npm run release\`
(the store: \`RELEASE_STORE_DIR\`, or \`RELEASE_S3_BUCKET\` and the other \`RELEASE_S3_*\` settings).

Its sections and slot contributions are declared in \`remote.json\`; the shell learns them from the
registry when the release is registered.
`;

/**
 * The CI workflow (GitHub Actions) of a pull request's preview: every push builds, tests and
 * publishes the remote as the preview `pr-<number>` and posts its link on the pull request; closing
 * the pull request (merged or abandoned) deletes it. Its `run:` steps are plain shell, so
 * test/outside.test.ts runs them against a running system.
 */
export const previewWorkflow = ({ name }) => `# A preview of every pull request, in the real admin panel (docs: README.md, "Preview a pull request").
# Each push builds, tests and publishes the remote as the preview pr-<number> and posts its link on the
# pull request; closing the pull request deletes the preview.
# The repository's settings: the secret DEPLOY_TOKEN (the remote's deploy token) and ADMIN_SIGNING_KEY;
# the variables API_URL and RELEASE_STORE_URL, and the store's RELEASE_S3_BUCKET (RELEASE_S3_REGION,
# RELEASE_S3_PREFIX, RELEASE_S3_ENDPOINT as your bucket needs; AWS credentials as secrets).
name: Preview

on:
  pull_request:
    types: [opened, synchronize, reopened, closed]

concurrency:
  group: preview-\${{ github.event.pull_request.number }}
  cancel-in-progress: true

env:
  PREVIEW_LABEL: pr-\${{ github.event.pull_request.number }}
  API_URL: \${{ vars.API_URL }}
  RELEASE_STORE_URL: \${{ vars.RELEASE_STORE_URL }}
  RELEASE_S3_BUCKET: \${{ vars.RELEASE_S3_BUCKET }}
  RELEASE_S3_REGION: \${{ vars.RELEASE_S3_REGION }}
  RELEASE_S3_PREFIX: \${{ vars.RELEASE_S3_PREFIX }}
  RELEASE_S3_ENDPOINT: \${{ vars.RELEASE_S3_ENDPOINT }}
  AWS_ACCESS_KEY_ID: \${{ secrets.AWS_ACCESS_KEY_ID }}
  AWS_SECRET_ACCESS_KEY: \${{ secrets.AWS_SECRET_ACCESS_KEY }}
  DEPLOY_TOKEN: \${{ secrets.DEPLOY_TOKEN }}
  ADMIN_SIGNING_KEY: \${{ secrets.ADMIN_SIGNING_KEY }}

jobs:
  publish:
    if: github.event.action != 'closed'
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write
    steps:
      - uses: actions/checkout@v4
      - uses: pnpm/action-setup@v4
        with:
          version: 10
      - uses: actions/setup-node@v4
        with:
          node-version: 24
      - name: Install
        run: pnpm install --frozen-lockfile
      - name: Test
        run: npm test
      - name: Publish the preview
        run: |
          npm run release -- --preview "$PREVIEW_LABEL" | tee release.log
          echo "PREVIEW_LINK=$(tail -n 1 release.log)" >> "$GITHUB_ENV"
          echo "Preview $PREVIEW_LABEL of ${name}: $(tail -n 1 release.log)" >> "$GITHUB_STEP_SUMMARY"
      - name: Post the link on the pull request
        uses: actions/github-script@v7
        with:
          script: |
            const marker = '<!-- growth-admin-preview -->';
            const body = \`\${marker}\\nPreview of ${name} in the admin panel (sign in to open it): \${process.env.PREVIEW_LINK}\`;
            const { owner, repo } = context.repo;
            const issue_number = context.payload.pull_request.number;
            const comments = await github.paginate(github.rest.issues.listComments, { owner, repo, issue_number });
            const mine = comments.find((c) => c.body?.startsWith(marker));
            if (mine) await github.rest.issues.updateComment({ owner, repo, comment_id: mine.id, body });
            else await github.rest.issues.createComment({ owner, repo, issue_number, body });

  delete:
    if: github.event.action == 'closed'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: pnpm/action-setup@v4
        with:
          version: 10
      - uses: actions/setup-node@v4
        with:
          node-version: 24
      - name: Install
        run: pnpm install --frozen-lockfile
      - name: Delete the preview
        run: npx growth-admin-release release ${name} --preview "$PREVIEW_LABEL" --delete
`;
