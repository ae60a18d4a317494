// The Users table's columns (spec 2 "Users screen") and which ones show by default.
// Pure data and functions so the defaults and the toggling rules are tested on their own.

export type ColumnId =
  | 'user'
  | 'coins'
  | 'platform'
  | 'followers'
  | 'following'
  | 'adViews'
  | 'lastAdView'
  | 'privacy'
  | 'verification'
  | 'business'
  | 'location'
  | 'usedApps'
  | 'lastUpdated'
  | 'actions';

export interface ColumnSpec {
  id: ColumnId;
  title: string;
  defaultVisible: boolean;
  /** Only the user column is mandatory: it carries the name that opens the details. */
  hideable: boolean;
}

export const USER_COLUMNS: readonly ColumnSpec[] = [
  { id: 'user', title: 'User', defaultVisible: true, hideable: false },
  { id: 'coins', title: 'Coins & Points', defaultVisible: true, hideable: true },
  { id: 'platform', title: 'Platform', defaultVisible: true, hideable: true },
  { id: 'followers', title: 'Followers', defaultVisible: false, hideable: true },
  { id: 'following', title: 'Following', defaultVisible: false, hideable: true },
  { id: 'adViews', title: 'Ad Views', defaultVisible: false, hideable: true },
  { id: 'lastAdView', title: 'Last Ad View', defaultVisible: false, hideable: true },
  { id: 'privacy', title: 'Privacy', defaultVisible: false, hideable: true },
  { id: 'verification', title: 'Verification', defaultVisible: false, hideable: true },
  { id: 'business', title: 'Business Status', defaultVisible: false, hideable: true },
  { id: 'location', title: 'Location', defaultVisible: false, hideable: true },
  { id: 'usedApps', title: 'Used Apps', defaultVisible: false, hideable: true },
  { id: 'lastUpdated', title: 'Last Updated', defaultVisible: true, hideable: true },
  { id: 'actions', title: 'Actions', defaultVisible: true, hideable: true },
];

export type ColumnVisibility = Record<ColumnId, boolean>;

const SPEC_BY_ID = new Map(USER_COLUMNS.map((c) => [c.id, c]));

export function isColumnId(value: string): value is ColumnId {
  return SPEC_BY_ID.has(value as ColumnId);
}

export function defaultColumnVisibility(): ColumnVisibility {
  return Object.fromEntries(USER_COLUMNS.map((c) => [c.id, c.defaultVisible])) as ColumnVisibility;
}

/** Shows or hides one column; asking to hide a mandatory column changes nothing. */
export function setColumnVisible(
  visibility: ColumnVisibility,
  id: ColumnId,
  visible: boolean,
): ColumnVisibility {
  if (!visible && !SPEC_BY_ID.get(id)?.hideable) return visibility;
  return { ...visibility, [id]: visible };
}

/** The columns to render, in the table's order. */
export function visibleColumns(visibility: ColumnVisibility): ColumnSpec[] {
  return USER_COLUMNS.filter((c) => !c.hideable || visibility[c.id]);
}

/**
 * Reads a stored choice leniently: unknown keys and non-boolean values are ignored and
 * columns added after the choice was saved take their defaults, so an old or corrupt entry
 * never breaks the screen.
 */
export function parseColumnVisibility(raw: string | null): ColumnVisibility {
  const visibility = defaultColumnVisibility();
  if (!raw) return visibility;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return visibility;
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return visibility;
  for (const [key, value] of Object.entries(stored)) {
    if (isColumnId(key) && typeof value === 'boolean') {
      Object.assign(visibility, setColumnVisible(visibility, key, value));
    }
  }
  return visibility;
}
