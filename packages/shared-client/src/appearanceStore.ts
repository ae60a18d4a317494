// The administrator's appearance choice (dark mode, compact density), remembered per browser in
// localStorage. One store in the shared-client singleton, so the shell that switches it and every
// remote that reads it (the charts) agree, and other tabs of the same origin follow. No React here:
// the shell's boot path (core) reads it too, so the layout's skeleton is dark from its first paint.

export interface Appearance {
  dark: boolean;
  compact: boolean;
}

export const APPEARANCE_STORAGE_KEY = 'growth-admin.appearance';
export const DEFAULT_APPEARANCE: Appearance = { dark: false, compact: false };

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

let cached: { raw: string | null; value: Appearance } | null = null;
/** A choice the storage refused (full, or disabled): it holds in this tab. */
let unsaved: string | null = null;

/** The stored choice; anything missing or malformed reads as the default (light, comfortable). */
export function getAppearance(): Appearance {
  const raw = unsaved ?? storage()?.getItem(APPEARANCE_STORAGE_KEY) ?? null;
  // The same object while nothing changed: useSyncExternalStore compares snapshots by identity.
  if (cached && cached.raw === raw) return cached.value;
  let value = DEFAULT_APPEARANCE;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<Appearance> | null) : null;
    if (parsed && typeof parsed === 'object') value = { dark: parsed.dark === true, compact: parsed.compact === true };
  } catch {
    value = DEFAULT_APPEARANCE;
  }
  cached = { raw, value };
  return value;
}

export function setAppearance(change: Partial<Appearance>): void {
  const raw = JSON.stringify({ ...getAppearance(), ...change });
  const store = storage();
  try {
    if (!store) throw new Error('no storage');
    store.setItem(APPEARANCE_STORAGE_KEY, raw);
    unsaved = null;
  } catch {
    unsaved = raw;
  }
  listeners.forEach((listener) => listener());
}

export function subscribeAppearance(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === APPEARANCE_STORAGE_KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
