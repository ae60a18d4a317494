import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '@growth-admin/ui-kit';
import { COLUMN_STORAGE_KEY } from './columnStorage';
import { button, checkbox, chooseOption, columnHeaders, dialog } from '../test-utils/dom';
import { deferred, fail, type FakeReply, type FakeRequest, installFakeApi, ok } from '@growth-admin/shared-client/testing';
import { makePeople, makePerson } from '../test-utils/people';
import { personsListRoute, personsQueryRoute } from '../test-utils/personsRoutes';
import PeopleSection from '../Section';
import { renderSection } from '@growth-admin/ui-kit/testing';

// Generous: antd in jsdom is CPU-heavy and CI machines are shared.
jest.setTimeout(60_000);

const LIST = 'GET /api/admin/persons/list';
/** The search-type select's label. */
const SEARCH_BY = 'Search type';
const QUERY = 'GET /api/admin/persons/query';

const callsTo = (calls: FakeRequest[], path: string) => calls.filter((c) => c.path === path);
const setup = () => userEvent.setup({ delay: null });

beforeEach(() => localStorage.clear());

describe('Users screen', () => {
  it('pages through users with the spec figures', async () => {
    // 45 users, but only 2 rows sent per page: the figures come from the total.
    const people = makePeople(45);
    const calls = installFakeApi({ [LIST]: personsListRoute(people, 2) });
    const user = setup();
    renderSection(PeopleSection);

    expect(await screen.findByText('user_1')).toBeInTheDocument();
    expect(screen.getByText('Users', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText('Manage user accounts and balances')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 45 users')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(button('Previous')).toBeDisabled();

    await user.click(button('Next'));
    expect(await screen.findByText('user_21')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(button('Next'));
    expect(await screen.findByText('user_41')).toBeInTheDocument();
    expect(screen.getByText('Showing 41 to 45 of 45 users')).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    await user.click(button('Previous'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    expect(callsTo(calls, '/api/admin/persons/list').map((c) => c.query.toString())).toEqual([
      'page=1&pageSize=20',
      'page=2&pageSize=20',
      'page=3&pageSize=20',
      'page=2&pageSize=20', // shown from the cache at once, refreshed behind it
    ]);
  });

  it('renders every row field of the spec', async () => {
    const bare = makePerson(7, {
      customName: '',
      avatar: '',
      rewardLastDate: null,
      isPrivate: true,
      isBusiness: true,
      isVerified: false,
      countryCode: 'DE',
      lastClientRegion: 'eu-central',
      money: 1250,
      point: 80,
    });
    installFakeApi({ [LIST]: personsListRoute([makePerson(1), bare]) });
    localStorage.setItem(
      COLUMN_STORAGE_KEY,
      JSON.stringify(
        Object.fromEntries(
          [
            'followers',
            'following',
            'adViews',
            'lastAdView',
            'privacy',
            'verification',
            'business',
            'location',
            'usedApps',
          ].map((k) => [k, true]),
        ),
      ),
    );
    renderSection(PeopleSection);
    await screen.findByText('user_1');
    expect(columnHeaders()).toHaveLength(14);

    const row = within(screen.getByText('User 100007').closest('tr') as HTMLElement);
    for (const text of [
      'ID: 100007',
      '1,250 coins',
      'Points: 80',
      '1,007',
      '207',
      '37',
      'Never',
      'Private',
    ]) {
      expect(row.getByText(text)).toBeInTheDocument();
    }
    for (const text of [
      'Unverified',
      'Business',
      'DE (eu-central)',
      'Alpha',
      'Beta',
      '+1',
      formatDate('2026-11-20T10:30:00.000Z'),
      'iOS',
    ]) {
      expect(row.getByText(text)).toBeInTheDocument();
    }
    expect(row.queryByText('Gamma')).not.toBeInTheDocument();
    expect(row.getByTestId('avatar-placeholder')).toBeInTheDocument();
    expect(row.getByText('Add Coins')).toBeInTheDocument();

    // A real avatar goes through the image proxy minus cache parameters, and falls back on error.
    const firstRow = screen.getByText('user_1').closest('tr') as HTMLElement;
    const img = firstRow.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute(
      'src',
      `http://api.test/api/admin/image-proxy?url=${encodeURIComponent('https://cdn.example.com/a/1.jpg')}`,
    );
    expect(within(firstRow).getByText('Public')).toBeInTheDocument();
    expect(within(firstRow).getByText('Verified')).toBeInTheDocument();
    expect(within(firstRow).getByText('Personal')).toBeInTheDocument();
    fireEvent.error(img);
    expect(within(firstRow).getByTestId('avatar-placeholder')).toBeInTheDocument();
    expect(firstRow.querySelector('img')).toBeNull();
  });

  it('shows the default columns and remembers a shown column across reloads', async () => {
    installFakeApi({ [LIST]: personsListRoute(makePeople(2)) });
    const user = setup();
    const first = renderSection(PeopleSection);
    await screen.findByText('user_1');
    expect(columnHeaders()).toEqual([
      'User',
      'Coins & Points',
      'Platform',
      'Last Updated',
      'Actions',
    ]);

    await user.click(button('Customize Columns'));
    expect(checkbox('User')).toBeDisabled();
    expect(checkbox('User')).toBeChecked();
    expect(checkbox('Followers')).not.toBeChecked();
    await user.click(checkbox('Followers'));
    await user.click(checkbox('Platform'));
    const followersNoPlatform = ['User', 'Coins & Points', 'Followers', 'Last Updated', 'Actions'];
    expect(columnHeaders()).toEqual(followersNoPlatform);
    expect(JSON.parse(localStorage.getItem(COLUMN_STORAGE_KEY) ?? '{}')).toMatchObject({
      followers: true,
      platform: false,
    });

    first.unmount();
    renderSection(PeopleSection);
    await screen.findByText('user_1');
    expect(columnHeaders()).toEqual(followersNoPlatform);
  });

  it('searches by username with Enter and with the Search button, from page 1', async () => {
    const people = [...makePeople(30), makePerson(99, { customName: 'zed_walker' })];
    const calls = installFakeApi({ [LIST]: personsListRoute(people, 2) });
    const user = setup();
    renderSection(PeopleSection);
    await screen.findByText('user_1');
    await user.click(button('Next'));
    await screen.findByText('Page 2 of 2');

    const box = screen.getByPlaceholderText('Search by username...');
    await user.type(box, '  zed {Enter}');
    expect(await screen.findByText('zed_walker')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 users')).toBeInTheDocument();
    expect(callsTo(calls, '/api/admin/persons/list').at(-1)?.query.toString()).toBe(
      'page=1&pageSize=20&customName=zed',
    );

    await user.clear(box);
    await user.type(box, 'nobody');
    await user.click(button('Search'));
    expect(await screen.findByText('No users found matching your criteria')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 users')).toBeInTheDocument();
    expect(callsTo(calls, '/api/admin/persons/list').at(-1)?.query.get('customName')).toBe(
      'nobody',
    );
  });

  it('searches by user ID with one lookup, and a failed lookup shows an empty list', async () => {
    const people = makePeople(3);
    const calls = installFakeApi({
      [LIST]: personsListRoute(people),
      [QUERY]: personsQueryRoute(people),
    });
    const user = setup();
    renderSection(PeopleSection);
    await screen.findByText('user_1');

    await chooseOption(SEARCH_BY, 'User ID');
    const box = await screen.findByPlaceholderText('Search by user ID...');
    await user.type(box, '100003{Enter}');
    await waitFor(() => expect(screen.queryByText('user_1')).not.toBeInTheDocument());
    expect(screen.getByText('user_3')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 users')).toBeInTheDocument();
    expect(callsTo(calls, '/api/admin/persons/query').map((c) => c.query.toString())).toEqual([
      'id=100003',
    ]);

    await user.clear(box);
    await user.type(box, '424242');
    await user.click(button('Search'));
    expect(await screen.findByText('No users found matching your criteria')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(callsTo(calls, '/api/admin/persons/query')).toHaveLength(2);
    expect(callsTo(calls, '/api/admin/persons/list')).toHaveLength(1);
  });

  it('never blocks Search while a search is slow: the newest search wins', async () => {
    const people = makePeople(3);
    const stalled = deferred<FakeReply>();
    const listRoute = personsListRoute(people);
    installFakeApi({
      // The username search for 'slow' hangs (a slow server); everything else answers at once.
      [LIST]: (req) => (req.query.get('customName') === 'slow' ? stalled.promise : listRoute(req)),
      [QUERY]: personsQueryRoute(people),
    });
    const user = setup();
    renderSection(PeopleSection);
    await screen.findByText('user_1');

    await user.type(screen.getByPlaceholderText('Search by username...'), 'slow{Enter}');
    // Still the plain, clickable Search button (antd's loading state would name it 'loading Search' and swallow clicks).
    const search = button('Search');
    expect(search).toBeEnabled();
    expect(within(search).queryByRole('img', { name: 'loading' })).toBeNull();

    await chooseOption(SEARCH_BY, 'User ID');
    const idBox = await screen.findByPlaceholderText('Search by user ID...');
    await user.clear(idBox);
    await user.type(idBox, '100002');
    await user.click(button('Search'));
    expect(await screen.findByText('user_2')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 users')).toBeInTheDocument();

    // The stalled answer arriving late changes nothing on screen.
    await act(async () => stalled.resolve(ok({ total: 0, page: 1, pageSize: 20, list: [] })));
    expect(screen.getByText('user_2')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 users')).toBeInTheDocument();
  });

  it('reports a failed load inline and as one toast, and retries', async () => {
    let failing = true;
    const list = personsListRoute(makePeople(2));
    installFakeApi({ [LIST]: (req) => (failing ? fail(500, 'Database unavailable') : list(req)) });
    const user = setup();
    const { toast } = renderSection(PeopleSection);

    expect(
      await screen.findByText('Error loading users: Database unavailable'),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Failed to load users: Database unavailable');

    failing = false;
    await user.click(button('Retry'));
    expect(await screen.findByText('user_2')).toBeInTheDocument();
    await act(async () => {});
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});

describe('a viewer', () => {
  it('is offered no Add Coins: neither the Actions column nor the details button', async () => {
    const person = makePerson(1, { customName: 'vera_view' });
    installFakeApi({ [LIST]: personsListRoute([person]) });
    renderSection(PeopleSection, undefined, { username: 'vera', role: 'viewer' });
    const user = setup();
    await user.click(await screen.findByText('vera_view'));
    const details = await waitFor(() => dialog('User Details'));
    const buttonsNamed = (root: ParentNode, name: string) => Array.from(root.querySelectorAll('button')).filter((b) => b.textContent?.trim() === name);
    expect(buttonsNamed(details, 'Add Coins')).toHaveLength(0);
    expect(buttonsNamed(details, 'Close')).toHaveLength(1);
    expect(buttonsNamed(document, 'Add Coins')).toHaveLength(0);
    expect(columnHeaders()).not.toContain('Actions');
  });
});

describe('Users sort and region in the URL', () => {
  afterEach(() => window.history.replaceState(null, '', '/users'));
  const header = (name: string) => Array.from(document.querySelectorAll<HTMLElement>('thead th')).find((th) => th.textContent === name)!;
  const lastList = (calls: FakeRequest[]) => callsTo(calls, '/api/admin/persons/list').at(-1)?.query.toString();

  it('a pasted link with a sort and a region asks for exactly that, shows the order on its header and the region as a chip', async () => {
    window.history.replaceState(null, '', '/users?region=EU&sort=money.desc&page=2');
    const calls = installFakeApi({ [LIST]: personsListRoute(makePeople(45), 2) });
    renderSection(PeopleSection);
    expect(await screen.findByText('Showing 21 to 40 of 45 users')).toBeInTheDocument();
    expect(lastList(calls)).toBe('page=2&pageSize=20&lastClientRegion=EU&sort=money.desc');
    expect(header('Coins & Points')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Last Updated')).not.toHaveAttribute('aria-sort');
    fireEvent.click(screen.getByLabelText('Remove filter Region: EU'));
    await waitFor(() => expect(lastList(calls)).toBe('page=1&pageSize=20&sort=money.desc'));
    expect(window.location.search).toBe('?sort=money.desc');
  });

  it('sorts by coins and by last update from the headers (keyboard too): highest first, ascending, then the default', async () => {
    window.history.replaceState(null, '', '/users');
    const calls = installFakeApi({ [LIST]: personsListRoute(makePeople(5)) });
    renderSection(PeopleSection);
    await screen.findByText('user_1');
    fireEvent.click(header('Last Updated'));
    await waitFor(() => expect(window.location.search).toBe('?sort=updatedAt.desc'));
    await waitFor(() => expect(lastList(calls)).toBe('page=1&pageSize=20&sort=updatedAt.desc'));
    fireEvent.keyDown(header('Last Updated'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(window.location.search).toBe('?sort=updatedAt.asc'));
    fireEvent.click(header('Last Updated'));
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(lastList(calls)).toBe('page=1&pageSize=20'));
    fireEvent.click(header('Coins & Points'));
    await waitFor(() => expect(lastList(calls)).toBe('page=1&pageSize=20&sort=money.desc'));
  });

  it('an invalid sort or region reads as the default list, and the address bar says so', async () => {
    window.history.replaceState(null, '', '/users?sort=coins.up&region=E%20U');
    const calls = installFakeApi({ [LIST]: personsListRoute(makePeople(3)) });
    renderSection(PeopleSection);
    await screen.findByText('user_1');
    expect(lastList(calls)).toBe('page=1&pageSize=20');
    expect(window.location.search).toBe('');
    expect(screen.queryByText(/^Region:/)).not.toBeInTheDocument();
  });
});

test('Export CSV sends the list filters, the sort and the columns shown by Customize Columns', async () => {
  window.history.replaceState(null, '', '/users?by=username&q=mia&region=EU&sort=updatedAt.asc');
  URL.createObjectURL = jest.fn(() => 'blob:x');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const calls = installFakeApi({
    [LIST]: personsListRoute(makePeople(3)),
    'GET /api/admin/persons/export': () => ({ text: 'User ID,Name\r\n1,mia\r\n', headers: { 'X-Total-Count': '1', 'Content-Disposition': 'attachment; filename="users-x.csv"' } }),
  });
  const { toast } = renderSection(PeopleSection);
  await screen.findByText('Showing 0 to 0 of 0 users');
  fireEvent.click(button('Customize Columns'));
  fireEvent.click(checkbox('Location'));
  fireEvent.click(button('Export CSV'));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Exported 1 users'));
  expect(callsTo(calls, '/api/admin/persons/export')[0].query.toString()).toBe(
    'customName=mia&lastClientRegion=EU&sort=updatedAt.asc&columns=user%2Ccoins%2Cplatform%2Clocation%2ClastUpdated%2Cactions',
  );
  expect(click).toHaveBeenCalledTimes(1);
  click.mockRestore();
});
