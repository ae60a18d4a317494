// Projects journeys: the list against the API's data; create a uniquely named project,
// find it by search and by team, configure it (Online, a blocked region, an IAP limit) and see the
// change in its row and in the API, then delete it; a duplicate Project ID keeps the dialog open.
// Every project created here is removed again, even when a step fails.
import type { Page } from '@playwright/test';
import { chooseOption, dataRows, drawnOptions, expect, expectAccessible, signedApi, test } from '../support';

test.use({ warmBrowser: true, signedInAt: '/projects' });

interface Project {
  _id: string;
  projectName: string;
  projectId: string;
  team: string;
  online: boolean;
  blockedRegions: string[];
  iapCountryLimits: Record<string, number>;
}

const projectRows = (page: Page) => dataRows(page.getByRole('main'));
const rowOf = (page: Page, name: string) => projectRows(page).filter({ hasText: name });

/** The Projects section as signedInPage opens it (signedInAt above): its header shown. */
async function projectsShown(page: Page) {
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page.getByText('Manage your projects and their configurations')).toBeVisible();
}

const chooseTeam = (page: Page, team: string) => chooseOption(page.getByRole('combobox', { name: 'Team' }), team);

/** Removes what a journey created, whatever step it stopped at. */
async function deleteByProjectId(projectId: string) {
  const api = await signedApi();
  const all = await api.get<Project[]>('/api/admin/projects');
  for (const p of all.filter((x) => x.projectId === projectId)) await api.delete(`/api/admin/projects/${p._id}`);
}

test('the list shows every project with its team choices', async ({ signedInPage: page }) => {
  const api = await signedApi();
  const projects = await api.get<Project[]>('/api/admin/projects');
  await projectsShown(page);
  if (projects.length === 0) {
    await expect(page.getByText('No projects found matching your criteria')).toBeVisible();
    return;
  }
  await expect(projectRows(page)).toHaveCount(Math.min(projects.length, 20));
  const first = projects[0];
  const row = rowOf(page, `ID: ${first.projectId}`);
  await expect(row).toContainText(first.projectName);
  await expect(row).toContainText(first.online ? 'Online' : 'Offline');

  const teams = [...new Set(projects.map((p) => p.team).filter(Boolean))].sort((a, b) => a.localeCompare(b));
  await page.getByRole('combobox', { name: 'Team' }).click();
  const options = drawnOptions(page);
  await expect(options).toHaveCount(teams.length + 1);
  await expect(options).toHaveText(['All Teams', ...teams]);
  await page.keyboard.press('Escape');
});

test('create, find, configure and delete a project', async ({ signedInPage: page }) => {
  test.setTimeout(120_000); // a long journey: create, search, filter, configure, reopen, delete
  const stamp = `${Date.now()}`;
  const name = `E2E Project ${stamp}`;
  const projectId = `e2e.project.${stamp}`;
  const team = `E2E Team ${stamp}`;
  try {
    await projectsShown(page);

    // Create.
    await page.getByRole('button', { name: 'Add Project' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Project' });
    await expect(add).toBeVisible();
    const today = new Date();
    const ymd = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
    await expect(add.getByLabel('Build Number')).toHaveValue(`${ymd}0000`);
    await expect(add.getByLabel('10001')).toBeVisible(); // Product ID List open when adding
    await add.getByLabel('Project Name').fill(name);
    await add.getByLabel('Project ID').fill(projectId);
    await add.getByLabel('Team').fill(team);
    await add.getByLabel('App ID').fill('12a');
    await add.getByRole('button', { name: 'Create Project' }).click();
    await expect(add.getByText('App ID must contain digits only')).toBeVisible();
    await add.getByLabel('App ID').fill('4242');
    await add.getByLabel('App ID').press('Enter');
    await expect(page.getByText('Project created successfully')).toBeVisible();
    await expect(add).toBeHidden();

    // Find it by search (case-insensitive, on the project ID) and by team.
    const search = page.getByPlaceholder('Search projects...');
    await search.fill(projectId.toUpperCase());
    await expect(projectRows(page)).toHaveCount(1);
    await expect(rowOf(page, name)).toContainText(`ID: ${projectId}`);
    await expect(rowOf(page, name)).toContainText('Offline');
    await search.fill('');
    await chooseTeam(page, team);
    await expect(projectRows(page)).toHaveCount(1);
    await expect(rowOf(page, name)).toContainText(team);
    await expect(rowOf(page, name)).toContainText(`${ymd}0000`);

    // Configure: Online, block Europe, a US limit of 12.50.
    await rowOf(page, name).getByRole('button', { name: 'Configure' }).click();
    const configure = page.getByRole('dialog', { name: 'Configure Project' });
    await expect(configure.getByLabel('Project Name')).toHaveValue(name);
    await configure.getByRole('button', { name: 'Online' }).click();
    await expect(configure.getByRole('button', { name: 'Online' })).toHaveAttribute('aria-pressed', 'true');
    await configure.getByRole('button', { name: 'EU Europe' }).click();
    await configure.getByRole('button', { name: 'Add Country' }).click();
    await configure.getByLabel('Country code 1').pressSequentially('us');
    await expect(configure.getByLabel('Country code 1')).toHaveValue('US');
    await configure.getByLabel('USD limit per 24 hours for US').fill('12.5');
    await configure.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Project updated successfully')).toBeVisible();
    await expect(configure).toBeHidden();
    await expect(rowOf(page, name)).toContainText('Online');

    const api = await signedApi();
    const saved = (await api.get<Project[]>('/api/admin/projects')).find((p) => p.projectId === projectId);
    expect(saved).toMatchObject({ online: true, blockedRegions: ['EU'], iapCountryLimits: { US: 12.5 } });

    // Delete from the Configure dialog, behind a confirmation, with the keyboard alone: the
    // confirmation must be reachable with Tab inside the dialog's focus trap.
    await rowOf(page, name).getByRole('button', { name: 'Configure' }).click();
    await expect(configure.getByRole('button', { name: 'EU Europe' })).toHaveAttribute('aria-pressed', 'true');
    await expect(configure.getByLabel('USD limit per 24 hours for US')).toHaveValue('12.5');
    await configure.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Delete this project?' });
    await expect(confirm.getByText('Delete this project?')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Project deleted successfully')).toBeVisible();
    await expect(configure).toBeHidden();
    await search.fill(name);
    await expect(page.getByText('No projects found matching your criteria')).toBeVisible();
  } finally {
    await deleteByProjectId(projectId);
  }
});

test('a duplicate Project ID is refused and the dialog keeps the input', async ({ signedInPage: page }) => {
  const stamp = `${Date.now()}`;
  const projectId = `e2e.dup.${stamp}`;
  const api = await signedApi();
  const existing = await api.post<Project>('/api/admin/projects', {
    projectName: `E2E Original ${stamp}`,
    projectId,
    team: 'E2E',
    appId: 1,
    buildNumber: 1,
    checkNumber: 1,
    testing: false,
    online: false,
    enablePush: false,
    enableRate: false,
    blockedRegions: [],
    productIdList: { '10001': '', '10002': '', '10003': '', '10004': '', '10005': '', '10006': '' },
    iapCountryLimits: {},
  });
  try {
    await projectsShown(page);
    await page.getByRole('button', { name: 'Add Project' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Project' });
    await add.getByLabel('Project Name').fill(`E2E Copy ${stamp}`);
    await add.getByLabel('Project ID').fill(projectId);
    await add.getByLabel('Team').fill('E2E');
    await add.getByLabel('App ID').fill('2');
    await add.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByText(/^Failed to create project: .+/)).toBeVisible();
    await expect(add).toBeVisible();
    await expect(add.getByLabel('Project Name')).toHaveValue(`E2E Copy ${stamp}`);
    await expect(add.getByLabel('Project ID')).toHaveValue(projectId);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
    const all = await api.get<Project[]>('/api/admin/projects');
    expect(all.filter((p) => p.projectId === projectId)).toHaveLength(1);
  } finally {
    await api.delete(`/api/admin/projects/${existing._id}`).catch(() => undefined);
  }
});

test('Escape on a dialog with changes asks before discarding them, and keeps them on Keep editing', async ({ signedInPage: page }) => {
  await projectsShown(page);
  const opener = page.getByRole('button', { name: 'Add Project' });
  await opener.click();
  const add = page.getByRole('dialog', { name: 'Add New Project' });
  await add.getByLabel('Project Name').fill('Typed, not saved');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await expect(add).toBeVisible();
  await expectAccessible(page, 'the discard question over Add New Project');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(add.getByLabel('Project Name')).toHaveValue('Typed, not saved');

  // Asked again, by keyboard only: Escape, then Discard.
  await add.getByLabel('Project Name').focus();
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).focus();
  await page.keyboard.press('Enter');
  await expect(add).toBeHidden();
  await expect(opener).toBeFocused();
});
