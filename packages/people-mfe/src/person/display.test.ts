import { displayName, formatCoins, formatLocation, usedAppsPreview } from './display';
import { replacePersonInList } from './personCache';
import { makePeople, makePerson } from '../test-utils/people';

describe('person display', () => {
  it('falls back to "User {customId}" without a name', () => {
    expect(displayName({ customName: 'ann', customId: '42' })).toBe('ann');
    expect(displayName({ customName: '  ', customId: '42' })).toBe('User 42');
  });

  it('formats coins as counts', () => {
    expect(formatCoins(1250)).toBe('1,250');
    expect(formatCoins(undefined)).toBe('0');
  });

  it('reads the location as "countryCode (lastClientRegion)"', () => {
    expect(formatLocation({ countryCode: 'US', lastClientRegion: 'us-east' })).toBe('US (us-east)');
    expect(formatLocation({ countryCode: 'FR', lastClientRegion: '' })).toBe('FR');
    expect(formatLocation({ countryCode: '', lastClientRegion: '' })).toBe('Unknown');
  });

  it('previews two used apps and counts the rest', () => {
    expect(usedAppsPreview(['a', 'b', 'c', 'd'])).toEqual({ apps: ['a', 'b'], more: 2 });
    expect(usedAppsPreview(['a'])).toEqual({ apps: ['a'], more: 0 });
    expect(usedAppsPreview(undefined)).toEqual({ apps: [], more: 0 });
  });

  it('replaces one person in a cached page', () => {
    const page = { total: 3, page: 1, pageSize: 20, list: makePeople(3) };
    const updated = makePerson(2, { money: 999 });
    expect(replacePersonInList(page, updated).list.map((p) => p.money)).toEqual([100, 999, 300]);
    expect(replacePersonInList(page, makePerson(9))).toBe(page);
  });
});
