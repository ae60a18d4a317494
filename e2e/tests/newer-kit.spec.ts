// A remote built outside this repository against a newer UI kit than the shell's, released with no
// shell release: a team scaffolds it from the packed remote kit, raises its UI kit to the next minor
// (one export added, which its section draws) and adds an API call the shell and its remotes never
// make (GET /api/admin/security/csp-reports, through shared-client's typed `call`); it passes the
// gate, and in the page its section runs the remote's own copy of the UI kit beside the shell's,
// while the shell's own sections keep working on theirs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { apiCall, dataRows, drawnPixels, expect, expectAccessible, loadedCopiesOf, openSection, outsideRemote, recordScripts, releaseCommand, signedApi, signIn, systemInfo, test, type OutsideRemote } from '../support';

const run = Date.now().toString(36);
const VERSION = `1.0.0-${run}`;
const BLOCKED = `https://blocked.example/newer-kit-${run}.png`;

// The team's sources, over the scaffold's (its test of the scaffold's order list goes with that list).
const API_TS = `// This remote's own call: one no screen of the shell or of its remotes makes.
import { queryOptions } from '@tanstack/react-query';
import { call } from '@growth-admin/shared-client';

/** GET /api/admin/security/csp-reports: the newest reports of what the pages' CSP blocked. */
export const queries = {
  cspReports: () => queryOptions({ queryKey: ['insights', 'csp-reports'], queryFn: () => call('get', '/api/admin/security/csp-reports', { query: { limit: 5 } }) }),
};
`;
const SECTION_TSX = `// The Insights section: the newest CSP report, through this remote's own call, under a note drawn
// by Callout, an export of the newer UI kit this remote is built against (the shell's kit lacks it).
import { useQuery } from '@tanstack/react-query';
import type { SectionProps } from '@growth-admin/shared-client';
import { Callout, LoadError, PageHeader, UI_KIT_VERSION } from '@growth-admin/ui-kit';
import { queries } from './api';

export default function InsightsSection({ user }: SectionProps) {
  const reports = useQuery(queries.cspReports());
  return (
    <div>
      <PageHeader title="Insights" subtitle={\`Signed in as \${user.username}\`} />
      <Callout title={\`Drawn with UI kit \${UI_KIT_VERSION}\`}>This note is the newer kit's own Callout.</Callout>
      {reports.error ? (
        <LoadError title={\`Error loading CSP reports: \${reports.error.message}\`} onRetry={() => void reports.refetch()} retrying={reports.isFetching} />
      ) : reports.data ? (
        <p>{\`\${reports.data.total} CSP reports; the newest blocked \${reports.data.reports[0]?.blockedUrl ?? 'nothing'}\`}</p>
      ) : (
        <p>Loading CSP reports...</p>
      )}
    </div>
  );
}
`;

interface SharedEntry {
  name: string;
  version: string;
}
const CHARTS = ['User Activity', 'Order Distribution', 'Revenue by Product Type', 'Regional Distribution'];
/** The dashboard's four charts, each drawn. */
async function chartsDrawn(page: Page): Promise<void> {
  for (const title of CHARTS) await drawnPixels(page.getByRole('img', { name: title }).locator('canvas').first());
}
const uiKitOf = (manifest: { shared: SharedEntry[] }) => manifest.shared.find((s) => s.name === '@growth-admin/ui-kit')?.version;

/** The UI kit versions the page's federation share scope has loaded (the shell's and any remote's own). */
function loadedUiKitVersions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Shared = { loaded?: boolean; lib?: unknown };
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }).__FEDERATION__?.__SHARE__ ?? {};
    const versions = new Set<string>();
    for (const scopes of Object.values(share))
      for (const scope of Object.values(scopes))
        for (const [version, shared] of Object.entries(scope['@growth-admin/ui-kit'] ?? {})) if (shared.loaded || shared.lib) versions.add(version);
    return [...versions].sort();
  });
}

test.describe.serial('a remote built outside the repository against a newer UI kit', () => {
  let remote: OutsideRemote | undefined;
  let added = false;

  test.beforeAll(async () => {
    // Pack, scaffold, install and build: about 30 s alone, more beside other work on 2 cores.
    test.setTimeout(300_000);
    remote = await outsideRemote('insights', { 'src/api/index.ts': API_TS, 'src/Section.tsx': SECTION_TSX, 'src/Section.test.tsx': null }, { newerUiKit: true });
  });

  test.afterAll(async () => {
    remote?.remove();
    // The remote goes as it came: the next files of this worker see the system without it.
    if (added) await (await signedApi()).post('/api/admin/remotes/insights/decommission');
  });

  test('released with no shell release, its section draws the newer kit\'s export and its own call\'s answer on its own copy of the kit; the shell\'s sections keep working', async ({ page }) => {
    test.slow();
    if (!remote) throw new Error('the outside remote was not made');
    const { baseUrl, storeUrl } = systemInfo();
    const shellManifest = await (await fetch(`${baseUrl}/mf-manifest.json`)).json();
    const builtManifest = JSON.parse(readFileSync(join(remote.dist, 'mf-manifest.json'), 'utf8'));
    // Built against a newer kit than the one the running shell was built with.
    expect(remote.uiKit).not.toBe(uiKitOf(shellManifest));
    expect(uiKitOf(builtManifest)).toBe(remote.uiKit);

    // An owner adds the remote; the team releases it with its own release command and token, through the gate.
    const owner = await signedApi();
    const { deployToken } = await owner.post<{ deployToken: { token: string } }>('/api/admin/remotes', { name: 'insights', team: 'Security', origin: new URL(storeUrl).origin });
    added = true;
    const release = await releaseCommand(['release', 'insights', '--dist', remote.dist, '--version', VERSION], deployToken.token, remote.releaseCli);
    expect(release.err).toBe('');
    expect(release.out).toContain(`insights ${VERSION} released: active for everyone`);

    // Something for its call to answer with: a report as a browser sends one.
    await apiCall('POST', '/api/csp-report', { body: { 'csp-report': { 'document-uri': `${baseUrl}/`, 'effective-directive': 'img-src', 'blocked-uri': BLOCKED } } });
    const { total } = await owner.get<{ total: number }>('/api/admin/security/csp-reports', { limit: 1 });

    const scripts = recordScripts(page);
    await signIn(page);
    // The dashboard, on the shell's kit: its four charts drawn.
    await chartsDrawn(page);

    await page.getByRole('menu').getByRole('link', { name: 'Insights', exact: true }).click();
    await expect(page).toHaveURL(/\/insights$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Insights' })).toBeVisible();
    await expect(main.getByRole('region', { name: `Drawn with UI kit ${remote.uiKit}` })).toContainText("This note is the newer kit's own Callout.");
    await expect(main.getByText(`${total} CSP reports; the newest blocked ${BLOCKED}`)).toBeVisible();
    await expectAccessible(page, 'a remote built against a newer UI kit');

    // Two copies of the kit in the page: the shell's and the remote's own.
    const released = { insights: `${storeUrl}/insights/${VERSION}/mf-manifest.json` };
    expect(await loadedCopiesOf('@growth-admin/ui-kit', scripts, released)).toEqual(['shell', 'insights']);
    expect(await loadedUiKitVersions(page)).toEqual([uiKitOf(shellManifest), remote.uiKit].sort());

    // The shell's own sections still work: the Users list, and the dashboard again.
    await openSection(page, 'Users');
    await expect(dataRows(main).first()).toBeVisible();
    await openSection(page, 'Analytics');
    await chartsDrawn(page);
    // They kept the shell's copy (the share scope serves the loaded one first): no third copy came.
    expect(await loadedCopiesOf('@growth-admin/ui-kit', scripts, released)).toEqual(['shell', 'insights']);
  });
});
