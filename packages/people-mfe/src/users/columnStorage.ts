// Persists the column choice per browser, under a key owned by this remote.
import { type ColumnVisibility, parseColumnVisibility } from './columns';

export const COLUMN_STORAGE_KEY = 'growth-admin.people-mfe.user-columns';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage disabled: the choice just lasts for this visit
  }
}

export function loadColumnVisibility(): ColumnVisibility {
  return parseColumnVisibility(storage()?.getItem(COLUMN_STORAGE_KEY) ?? null);
}

export function saveColumnVisibility(visibility: ColumnVisibility): void {
  try {
    storage()?.setItem(COLUMN_STORAGE_KEY, JSON.stringify(visibility));
  } catch {
    // quota or privacy mode: keep the in-memory choice
  }
}
