import { REGION_CODES, REGION_NAMES, regionName } from './regions';

describe('regions', () => {
  it('lists spec 3 codes in order with their names', () => {
    expect(REGION_CODES).toEqual(['NA', 'EU', 'AME', 'LA', 'AP']);
    expect(REGION_NAMES.AME).toBe('Middle East');
  });
  it('names known codes and passes others through', () => {
    expect(regionName('AP')).toBe('Asia Pacific');
    expect(regionName('XX')).toBe('XX');
    expect(regionName('')).toBe('Unknown');
    expect(regionName(undefined)).toBe('Unknown');
  });
});
