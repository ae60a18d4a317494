// The stored session over localStorage. Listeners hear sign-in and sign-out from this tab
// (direct notification) and from other tabs (the browser's `storage` event).
import { isRole } from './roles';
import type { Role } from './types';

export interface StoredSession {
  token: string;
  username: string;
  /** The role at sign-in (the shell refreshes it from /me); absent in sessions from before roles. */
  role?: Role;
}

export const SESSION_STORAGE_KEY = 'growth-admin.session';

type Listener = (session: StoredSession | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled by the browser, or no window at all
  }
}

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof value.token !== 'string' || !value.token) return null;
    const session: StoredSession = { token: value.token, username: typeof value.username === 'string' ? value.username : '' };
    if (value.role && isRole(value.role)) session.role = value.role;
    return session;
  } catch {
    return null;
  }
}

function notify(session: StoredSession | null): void {
  listeners.forEach((listener) => listener(session));
}

export function getSession(): StoredSession | null {
  return parse(storage()?.getItem(SESSION_STORAGE_KEY) ?? null);
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function setSession(session: StoredSession): void {
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify(session);
}

export function clearSession(): void {
  const hadSession = getSession() !== null;
  storage()?.removeItem(SESSION_STORAGE_KEY);
  if (hadSession) notify(null);
}

/** Calls `listener` on every sign-in and sign-out, in this tab or another. Returns an unsubscribe. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener(parse(event.newValue));
  };
  // (globalThis is the window in a browser; without one there are no other tabs to hear)
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
