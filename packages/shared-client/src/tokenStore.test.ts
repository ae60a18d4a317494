import {
  clearSession,
  getSession,
  getToken,
  SESSION_STORAGE_KEY,
  setSession,
  subscribeSession,
  type StoredSession,
} from './tokenStore';

const admin: StoredSession = { token: 'tok-1', username: 'admin' };

/** What another tab's write looks like to this one. */
function otherTabWrites(key: string | null, newValue: string | null): void {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

const unsubscribes: Array<() => void> = [];
function listen(): jest.Mock<void, [StoredSession | null]> {
  const listener = jest.fn<void, [StoredSession | null]>();
  unsubscribes.push(subscribeSession(listener));
  return listener;
}

beforeEach(() => localStorage.clear());
afterEach(() => unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe()));

describe('reading and writing', () => {
  it('starts signed out', () => {
    expect(getSession()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('stores, reads and clears the session under its key', () => {
    // The key is a contract with every open tab and every stored session: a new one would sign everyone out.
    expect(SESSION_STORAGE_KEY).toBe('growth-admin.session');
    setSession(admin);
    expect(getSession()).toEqual(admin);
    expect(getToken()).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(admin);

    clearSession();
    expect(getSession()).toBeNull();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('replaces an earlier session', () => {
    setSession(admin);
    setSession({ token: 'tok-2', username: 'other' });
    expect(getSession()).toEqual({ token: 'tok-2', username: 'other' });
  });

  it('reads a session written before this module loaded (a reload keeps you signed in)', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(admin));
    expect(getToken()).toBe('tok-1');
  });

  it('keeps a stored role only when it is one of ours (a hand-edited role grants nothing in the UI)', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...admin, role: 'owner' }));
    expect(getSession()).toEqual({ ...admin, role: 'owner' });
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...admin, role: 'superuser' }));
    expect(getSession()).toEqual(admin);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...admin, role: '' }));
    expect(getSession()).toEqual(admin);
  });

  it('clearing when signed out is harmless', () => {
    expect(() => clearSession()).not.toThrow();
    expect(getSession()).toBeNull();
  });

  it.each([
    ['corrupt JSON', '{"token": "tok'],
    ['plain text', 'tok-1'],
    ['JSON null', 'null'],
    ['a JSON number', '42'],
    ['no token', '{"username":"admin"}'],
    ['an empty token', '{"token":"","username":"admin"}'],
    ['a non-string token', '{"token":123,"username":"admin"}'],
    ['an empty string', ''],
  ])('treats %s as signed out', (_label, raw) => {
    localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(getSession()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('keeps a token whose username is missing or not a string, with an empty username', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"token":"tok"}');
    expect(getSession()).toEqual({ token: 'tok', username: '' });
    localStorage.setItem(SESSION_STORAGE_KEY, '{"token":"tok","username":7}');
    expect(getSession()).toEqual({ token: 'tok', username: '' });
  });

  it('behaves as signed out when the browser denies storage', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(getSession()).toBeNull();
      expect(() => setSession(admin)).not.toThrow();
      expect(() => clearSession()).not.toThrow();
    } finally {
      if (descriptor) Object.defineProperty(window, 'localStorage', descriptor);
    }
  });
});

describe('listeners in this tab', () => {
  it('hear sign-in and sign-out, once each', () => {
    const listener = listen();
    setSession(admin);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith(admin);

    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenLastCalledWith(null);
  });

  it('all hear the change', () => {
    const first = listen();
    const second = listen();
    setSession(admin);
    expect(first).toHaveBeenCalledWith(admin);
    expect(second).toHaveBeenCalledWith(admin);
  });

  it('hear nothing when clearing an already signed-out store', () => {
    const listener = listen();
    clearSession();
    expect(listener).not.toHaveBeenCalled();
  });

  it('hear nothing after unsubscribing', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeSession(listener);
    unsubscribe();
    setSession(admin);
    clearSession();
    otherTabWrites(SESSION_STORAGE_KEY, JSON.stringify(admin));
    expect(listener).not.toHaveBeenCalled();
  });

  it('unsubscribing one leaves the others subscribed', () => {
    const kept = listen();
    const dropped = jest.fn();
    subscribeSession(dropped)();
    setSession(admin);
    expect(kept).toHaveBeenCalledWith(admin);
    expect(dropped).not.toHaveBeenCalled();
  });
});

describe('listeners across tabs (storage events)', () => {
  it('hear a sign-in in another tab', () => {
    const listener = listen();
    otherTabWrites(SESSION_STORAGE_KEY, JSON.stringify(admin));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(admin);
  });

  it('hear a sign-out in another tab, by removal or by clearing all storage', () => {
    const listener = listen();
    otherTabWrites(SESSION_STORAGE_KEY, null);
    expect(listener).toHaveBeenLastCalledWith(null);
    otherTabWrites(null, null);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenLastCalledWith(null);
  });

  it('hear a corrupt value from another tab as a sign-out', () => {
    const listener = listen();
    otherTabWrites(SESSION_STORAGE_KEY, '{oops');
    expect(listener).toHaveBeenCalledWith(null);
  });

  it('ignore other keys', () => {
    const listener = listen();
    otherTabWrites('some-other-key', JSON.stringify(admin));
    expect(listener).not.toHaveBeenCalled();
  });
});
