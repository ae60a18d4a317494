import {
  expiryError,
  originError,
  remoteNameError,
  servedFromOrigin,
  teamError,
  tokenNameError,
} from './remoteForm';
import type { RemoteReleases } from '@growth-admin/shared-client';

test.each([
  ['', 'Enter a name'],
  ['a'.repeat(41), 'At most 40 characters'],
  ['1tickets', 'Start with a lower-case letter'],
  ['-tickets', 'Start with a lower-case letter'],
  ['Tickets', 'Start with a lower-case letter'],
  ['tick_ets', 'Use lower-case letters, digits and - only'],
  ['tickets!', 'Use lower-case letters, digits and - only'],
  ['tickets', null],
  ['t', null],
  ['a'.repeat(40), null],
  ['help-desk-2', null],
])('remote name %p: %p', (name, message) => expect(remoteNameError(name)).toBe(message));

test.each([
  ['', 'Enter the origin its files are served from'],
  ['cdn.example.com', 'Start with http:// or https://'],
  ['ftp://cdn.example.com', 'Start with http:// or https://'],
  [
    'https://cdn.example.com/',
    'Only the scheme, host and port, without a path (e.g. https://cdn.example.com)',
  ],
  [
    'https://cdn.example.com/tickets',
    'Only the scheme, host and port, without a path (e.g. https://cdn.example.com)',
  ],
  [
    'https://cdn.example.com?x=1',
    'Only the scheme, host and port, without a path (e.g. https://cdn.example.com)',
  ],
  ['https://cdn.example.com:99999', 'Not a valid host'],
  [`https://${'a'.repeat(300)}.com`, 'At most 300 characters'],
  ['https://cdn.example.com', null],
  ['http://localhost:3100', null],
])('origin %p: %p', (origin, message) => expect(originError(origin)).toBe(message));

test('team, token name and expiry', () => {
  expect(teamError('  ')).toBe('Enter the team');
  expect(teamError('x'.repeat(101))).toBe('At most 100 characters');
  expect(teamError('support')).toBeNull();
  expect(tokenNameError('')).toBe('Enter a name');
  expect(tokenNameError('ci token')).toBe('Use letters, digits and . _ - only');
  expect(tokenNameError('x'.repeat(101))).toBe('At most 100 characters');
  expect(tokenNameError('Tickets_CI.2-b')).toBeNull();
  expect(expiryError('')).toBe('Enter the days until it expires');
  for (const bad of ['0', '366', '1.5', '-3', 'ten'])
    expect(expiryError(bad)).toBe('A whole number of days from 1 to 365');
  expect(expiryError('1')).toBeNull();
  expect(expiryError(365)).toBeNull();
});

test('the origin releases are served from is the first manifest URL’s, else nothing', () => {
  const row = (manifestUrl: string | null) =>
    ({
      remote: 'x',
      active: manifestUrl === null ? null : { manifestUrl },
      canary: null,
      canRollBack: false,
    }) as unknown as RemoteReleases;
  expect(servedFromOrigin(undefined)).toBe('');
  expect(servedFromOrigin([row(null)])).toBe('');
  expect(
    servedFromOrigin([
      row(null),
      row('not a url'),
      row('https://cdn.example.com:8443/orders/1.0.0/mf-manifest.json'),
    ]),
  ).toBe('https://cdn.example.com:8443');
});
