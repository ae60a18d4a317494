import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, configureClient, getSession } from '@growth-admin/shared-client';
import { LoginScreen } from './LoginScreen';
import { noteSignedOut, signedOutNotice } from './signOutNotice';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function stubFetch(answer: () => Answer | Promise<Answer>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body, headers = {} } = await answer();
    // jsdom has no Response: the client only reads ok, status, statusText, headers and text().
    const get = (name: string) => headers[name.toLowerCase()] ?? null;
    return { ok: status < 400, status, statusText: '', headers: { get }, text: async () => JSON.stringify(body) } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

beforeEach(() => {
  configureClient({ apiBaseUrl: 'http://api.test', signingKey: 'k' });
  clearSession();
});

describe('Admin Login', () => {
  it('shows the title, subtitle and fields of the spec', () => {
    render(<LoginScreen onSignedIn={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to access the admin dashboard')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('requires both fields without sending a request, and clears the error on edit', async () => {
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    render(<LoginScreen onSignedIn={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both username and password');
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on failure shows the error and clears the password', async () => {
    const calls = stubFetch(() => ({ status: 401, body: { message: 'Wrong credentials', code: 'INVALID_CREDENTIALS' } }));
    render(<LoginScreen onSignedIn={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'bad');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('admin');
    expect(getSession()).toBeNull();
  });

  it('disables the fields while submitting, then stores the session', async () => {
    let release: (a: Answer) => void = () => undefined;
    const calls = stubFetch(() => new Promise<Answer>((resolve) => (release = resolve)));
    const onSignedIn = jest.fn();
    render(<LoginScreen onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toBeDisabled());
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(calls).toHaveLength(1));
    release({ status: 200, body: { data: { token: 't1', user: { username: 'admin' } } } });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('admin'));
    expect(getSession()).toEqual({ token: 't1', username: 'admin' });
    expect(calls[0]).toMatchObject({ url: 'http://api.test/api/admin/login', body: { username: 'admin', password: 'secret' } });
  });
});

describe('Admin Login refused by the password throttle', () => {
  afterEach(() => {
    // React's scheduler queued its next turn on the fake clock: run it before the real one is back,
    // or the next test's screen never updates (the turn it waits for was dropped with the fake clock).
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });
  // The answer arrives through promises (and, the first time, modules loading): wait on the real
  // event loop, never moving the fake clock, until the screen says something; then React's effects
  // run (its scheduler's zero-delay timers). A fixed number of turns was too few on a loaded machine.
  const realSetImmediate = jest.requireActual<typeof import('node:timers')>('node:timers').setImmediate;
  const settle = async () => {
    for (let i = 0; i < 1000 && !screen.queryByRole('alert'); i++) await act(async () => await new Promise((resolve) => realSetImmediate(resolve)));
    act(() => jest.advanceTimersByTime(0));
  };
  const refusal = (code: string, seconds: number): Answer => ({
    status: 429,
    body: { code, message: 'ignored: the screen says it in its own countdown' },
    headers: { 'retry-after': String(seconds) },
  });

  it('says which limit and counts down from Retry-After, Sign in disabled until the end; never "Invalid"', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = stubFetch(() => refusal('THROTTLED_ACCOUNT_ADDRESS', 3));
    render(<LoginScreen onSignedIn={jest.fn()} />);
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'right-or-not');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong passwords for this account from your network. Try again in 3 s.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 2 s.');
    await user.type(screen.getByLabelText('Password'), 'x'); // typing does not end the wait
    await user.keyboard('{Enter}');
    expect(calls).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 1 s.');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByText(/Invalid|failed/)).toBeNull();
  });

  it('says the address limit in minutes; another username does not lift it, while it lifts an account limit', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let answer = refusal('THROTTLED_ADDRESS', 845);
    stubFetch(() => answer);
    render(<LoginScreen onSignedIn={jest.fn()} />);
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong passwords from your network. Try again in 14 min 5 s.');
    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(845_000));
    answer = refusal('THROTTLED_ACCOUNT_ADDRESS', 60);
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 60 s.');
    await user.type(screen.getByLabelText('Username'), '3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('Admin Login after a session ended', () => {
  afterEach(() => sessionStorage.clear());

  it.each([
    ['SESSION_EXPIRED', 'Your session has expired. Please sign in again.'],
    ['TOKEN_INVALID', 'Your session has ended. Please sign in again.'],
  ])('after a 401 %s says why beside the spec texts, keeps it while typing, and forgets it once signed in', async (code, message) => {
    noteSignedOut({ code });
    stubFetch(() => ({ status: 200, body: { data: { token: 't'.repeat(43), user: { username: 'admin', role: 'owner' } } } }));
    const onSignedIn = jest.fn();
    render(<LoginScreen onSignedIn={onSignedIn} />);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to access the admin dashboard')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(message);
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    expect(screen.getByRole('status')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('admin'));
    expect(signedOutNotice()).toBeNull();
  });

  it('shows nothing for a first visit or another 401', () => {
    noteSignedOut({ code: 'UNAUTHORIZED' });
    render(<LoginScreen onSignedIn={jest.fn()} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
