// The version a package's export surface needs (scripts/package-surface.ts, the check shared-client
// and the UI kit run in their surface tests): a removal a major, an addition a minor, nothing no bump.
import { neededVersion } from '../../../scripts/package-surface';

test('an export removed needs a major, one added a minor, the same exports in another order nothing', () => {
  const before = { version: '1.4.2', exports: ['a', 'b'] };
  expect(neededVersion(before, ['a'])).toBe('2.0.0');
  expect(neededVersion(before, ['a', 'b', 'c'])).toBe('1.5.0');
  expect(neededVersion(before, ['a', 'c'])).toBe('2.0.0');
  expect(neededVersion(before, ['b', 'a'])).toBeNull();
});
