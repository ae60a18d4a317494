import {
  defaultColumnVisibility,
  parseColumnVisibility,
  setColumnVisible,
  USER_COLUMNS,
  visibleColumns,
} from './columns';
import { COLUMN_STORAGE_KEY, loadColumnVisibility, saveColumnVisibility } from './columnStorage';

const titles = (v = defaultColumnVisibility()) => visibleColumns(v).map((c) => c.title);

describe('user table columns', () => {
  it('lists every column of the spec, in order', () => {
    expect(USER_COLUMNS.map((c) => c.title)).toEqual([
      'User',
      'Coins & Points',
      'Platform',
      'Followers',
      'Following',
      'Ad Views',
      'Last Ad View',
      'Privacy',
      'Verification',
      'Business Status',
      'Location',
      'Used Apps',
      'Last Updated',
      'Actions',
    ]);
  });

  it('shows exactly the spec defaults', () => {
    expect(titles()).toEqual(['User', 'Coins & Points', 'Platform', 'Last Updated', 'Actions']);
  });

  it('shows and hides columns but never hides the user column', () => {
    let v = setColumnVisible(defaultColumnVisibility(), 'followers', true);
    v = setColumnVisible(v, 'platform', false);
    v = setColumnVisible(v, 'user', false);
    expect(titles(v)).toEqual(['User', 'Coins & Points', 'Followers', 'Last Updated', 'Actions']);
  });

  it('reads a stored choice leniently', () => {
    expect(parseColumnVisibility(null)).toEqual(defaultColumnVisibility());
    expect(parseColumnVisibility('not json')).toEqual(defaultColumnVisibility());
    expect(parseColumnVisibility('[true]')).toEqual(defaultColumnVisibility());
    const v = parseColumnVisibility(
      JSON.stringify({ location: true, actions: false, user: false, bogus: true, usedApps: 'yes' }),
    );
    expect(titles(v)).toEqual(['User', 'Coins & Points', 'Platform', 'Location', 'Last Updated']);
  });

  it('round-trips through localStorage under its own key', () => {
    localStorage.clear();
    expect(loadColumnVisibility()).toEqual(defaultColumnVisibility());
    saveColumnVisibility(setColumnVisible(defaultColumnVisibility(), 'usedApps', true));
    expect(JSON.parse(localStorage.getItem(COLUMN_STORAGE_KEY) ?? '{}').usedApps).toBe(true);
    expect(loadColumnVisibility().usedApps).toBe(true);
  });
});
