import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Project } from '@growth-admin/shared-client';
import userEvent from '@testing-library/user-event';
import Section from '../Section';
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { SAMPLE_PROJECTS } from '../test-utils/projects';
import { renderSection } from '@growth-admin/ui-kit/testing';

/** The list's rows below its header row. */
const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/**
 * The open Select's options as drawn: antd's virtual list gives them no role (only three hidden
 * copies have one), so its class is the only handle.
 */
const drawnOptions = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option'));
const drawnOption = (title: string) => drawnOptions().find((option) => option.title === title)!;

jest.setTimeout(30_000);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

const LIST = 'GET /api/admin/projects';
const CREATE = 'POST /api/admin/projects';
const UPDATE_P1 = 'PUT /api/admin/projects/p1';

// The list's search, team and sort live in the URL: each test starts from the bare section.
beforeEach(() => window.history.replaceState(null, '', '/projects'));
const rowNames = () => dataRows().map((row) => row.querySelector('strong')?.textContent);

describe('Projects list', () => {
  it('shows the header, a spinner while loading, then one row per project', async () => {
    installFakeApi({ [LIST]: () => ok(SAMPLE_PROJECTS) });
    renderSection(Section);
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.getByText('Manage your projects and their configurations')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading projects')).toBeInTheDocument();
    expect(await screen.findByText('Alpha App')).toBeInTheDocument();
    expect(dataRows()).toHaveLength(4);
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers.slice(0, 5)).toEqual(['Project', 'Team', 'Build', 'Check', 'Status']);
  });

  it('renders a row: ID line, team, 12-digit numbers, flag icons, status and Configure', async () => {
    installFakeApi({ [LIST]: () => ok(SAMPLE_PROJECTS) });
    renderSection(Section);
    await screen.findByText('Beta Likes');
    const beta = within(rowOf('Beta Likes'));
    expect(beta.getByText('ID: com.example.beta')).toBeInTheDocument();
    expect(beta.getByText('Social')).toBeInTheDocument();
    expect(beta.getByText('000000000042')).toBeInTheDocument();
    expect(beta.getByText('000000000007')).toBeInTheDocument();
    expect(beta.getByLabelText('Testing mode')).toBeInTheDocument();
    expect(beta.getByLabelText('Push notifications enabled')).toBeInTheDocument();
    expect(beta.getByLabelText('Rate app enabled')).toBeInTheDocument();
    expect(beta.getByText('Offline')).toBeInTheDocument();
    expect(beta.getByText('Configure')).toBeInTheDocument();

    const alpha = within(rowOf('Alpha App'));
    expect(alpha.getByText('Online')).toBeInTheDocument();
    expect(alpha.getByText('202611010001')).toBeInTheDocument();
    expect(alpha.queryByLabelText('Testing mode')).not.toBeInTheDocument();
    expect(alpha.queryByLabelText('Push notifications enabled')).not.toBeInTheDocument();
  });

  it('filters by search text over name and id, case-insensitively, and shows the empty message', async () => {
    installFakeApi({ [LIST]: () => ok(SAMPLE_PROJECTS) });
    const user = userEvent.setup({ delay: null });
    renderSection(Section);
    await screen.findByText('Alpha App');
    const search = screen.getByPlaceholderText('Search projects...');
    // Short inputs: each keystroke re-renders the table.
    await user.type(search, 'GAMM');
    expect(dataRows()).toHaveLength(1);
    expect(screen.getByText('Gamma Coins')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'M.EX');
    expect(screen.getByText('Alpha App')).toBeInTheDocument();
    expect(screen.getByText('Beta Likes')).toBeInTheDocument();
    expect(screen.queryByText('Delta')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No projects found matching your criteria')).toBeInTheDocument();
  });

  it('offers All Teams plus the distinct teams sorted, and filters by team', async () => {
    installFakeApi({ [LIST]: () => ok(SAMPLE_PROJECTS) });
    const user = userEvent.setup({ delay: null });
    renderSection(Section);
    await screen.findByText('Alpha App');
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await waitFor(() => expect(drawnOptions()).toHaveLength(4));
    expect(drawnOptions().map((o) => o.textContent)).toEqual(['All Teams', 'Apps', 'Growth', 'Social']);
    await user.click(drawnOption('Growth'));
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(screen.getByText('Alpha App')).toBeInTheDocument();
    expect(screen.getByText('Gamma Coins')).toBeInTheDocument();
    expect(screen.queryByText('Beta Likes')).not.toBeInTheDocument();
  });

  it('keeps the search and team in the URL, and a pasted link shows that list', async () => {
    installFakeApi({ [LIST]: () => ok(SAMPLE_PROJECTS) });
    const user = userEvent.setup({ delay: null });
    const first = renderSection(Section);
    await screen.findByText('Alpha App');
    await user.type(screen.getByPlaceholderText('Search projects...'), 'a');
    await waitFor(() => expect(window.location.search).toBe('?q=a'));
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(drawnOption('Growth'));
    await waitFor(() => expect(window.location.search).toBe('?q=a&team=Growth'));
    first.unmount();

    window.history.replaceState(null, '', '/projects?q=gamm&team=Growth');
    renderSection(Section);
    await screen.findByText('Gamma Coins');
    expect(rowNames()).toEqual(['Gamma Coins']);
    expect(screen.getByPlaceholderText('Search projects...')).toHaveValue('gamm');
  });

  it('sorts by name and by team from the column headers (keyboard too), in the URL', async () => {
    installFakeApi({ [LIST]: () => ok(SAMPLE_PROJECTS) });
    renderSection(Section);
    await screen.findByText('Alpha App');
    const header = (name: string) => Array.from(document.querySelectorAll('thead th')).find((th) => th.textContent?.startsWith(name)) as HTMLElement;
    fireEvent.click(header('Project'));
    await waitFor(() => expect(window.location.search).toBe('?sort=projectName.asc'));
    expect(rowNames()).toEqual(['Alpha App', 'Beta Likes', 'Delta', 'Gamma Coins']);
    expect(header('Project')).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(header('Project'));
    await waitFor(() => expect(rowNames()).toEqual(['Gamma Coins', 'Delta', 'Beta Likes', 'Alpha App']));
    expect(window.location.search).toBe('?sort=projectName.desc');
    // Enter on the focused header, as a keyboard user sorts.
    fireEvent.keyDown(header('Team'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(window.location.search).toBe('?sort=team.asc'));
    expect(rowNames()).toEqual(['Delta', 'Alpha App', 'Gamma Coins', 'Beta Likes']);
  });

  it('reads a pasted sort, and an unknown sort or team as the defaults', async () => {
    installFakeApi({ [LIST]: () => ok(SAMPLE_PROJECTS) });
    window.history.replaceState(null, '', '/projects?sort=team.desc');
    const first = renderSection(Section);
    await screen.findByText('Alpha App');
    expect(rowNames()).toEqual(['Beta Likes', 'Gamma Coins', 'Alpha App', 'Delta']);
    first.unmount();

    window.history.replaceState(null, '', '/projects?sort=appId.up&team=Nobody');
    renderSection(Section);
    await screen.findByText('Alpha App');
    expect(rowNames()).toEqual(['Alpha App', 'Beta Likes', 'Gamma Coins', 'Delta']);
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('shows the error and toasts it when loading fails', async () => {
    installFakeApi({ [LIST]: () => fail(500, 'Database offline', 'DB') });
    const { toast } = renderSection(Section);
    expect(await screen.findByText('Error loading projects: Database offline')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Failed to load projects: Database offline');
  });

  it('recovers with Retry after a failed load', async () => {
    let failing = true;
    const requests = installFakeApi({
      [LIST]: () => (failing ? fail(503, 'Busy', 'X') : ok(SAMPLE_PROJECTS)),
    });
    const user = userEvent.setup({ delay: null });
    renderSection(Section);
    await screen.findByText('Error loading projects: Busy');
    const failedLoads = requests.length;
    failing = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByText('Alpha App')).toBeInTheDocument();
    // Retry asked the server again: the list comes from a new request, not a cache.
    expect(requests.length).toBeGreaterThan(failedLoads);
    expect(requests.every((r) => r.method === 'GET' && r.path === '/api/admin/projects')).toBe(true);
  });

  it('refreshes the list after a project is created and after one is configured', async () => {
    let projects: Project[] = [SAMPLE_PROJECTS[0]];
    const requests = installFakeApi({
      [LIST]: () => ok(projects),
      [CREATE]: ({ body }) => {
        projects = [...projects, { _id: 'new', ...(body as Omit<Project, '_id'>) }];
        return ok(projects[1]);
      },
      [UPDATE_P1]: ({ body }) => {
        projects = [{ _id: 'p1', ...(body as Omit<Project, '_id'>) }, ...projects.slice(1)];
        return ok(projects[0]);
      },
    });
    const { toast } = renderSection(Section);
    await screen.findByText('Alpha App');

    fireEvent.click(screen.getByText('Add Project'));
    const add = within(await screen.findByRole('dialog'));
    for (const [label, value] of [
      ['Project Name', 'Zeta'],
      ['Project ID', 'zeta'],
      ['Team', 'New Team'],
      ['App ID', '5'],
    ]) {
      fireEvent.change(add.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(add.getByText('Create Project'));
    expect(await screen.findByText('Zeta')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Project created successfully', 3);
    expect(screen.queryByText('Add New Project')).not.toBeInTheDocument();

    fireEvent.click(within(rowOf('Alpha App')).getByText('Configure'));
    const configure = within(await screen.findByRole('dialog'));
    fireEvent.click(configure.getByText('Online'));
    fireEvent.click(configure.getByText('Save Changes'));
    await waitFor(() => expect(within(rowOf('Alpha App')).getByText('Offline')).toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Project updated successfully', 3);
    expect(requestsTo(requests, CREATE)).toHaveLength(1);
    expect(requestsTo(requests, UPDATE_P1)).toHaveLength(1);
    expect(requestsTo(requests, LIST).length).toBeGreaterThanOrEqual(3);
  });
});

test('a viewer is offered no Add Project and no Configure, and still sees every project', async () => {
  installFakeApi({ 'GET /api/admin/projects': () => ok(SAMPLE_PROJECTS) });
  renderSection(Section, undefined, { username: 'vera', role: 'viewer' });
  expect(await screen.findByText(SAMPLE_PROJECTS[0].projectName)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add Project/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /Configure/ })).toBeNull();
});
