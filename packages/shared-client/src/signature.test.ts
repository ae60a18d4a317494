import { createHmac } from 'node:crypto';
import { sign, signatureHeaders } from './signature';

const hmacMd5 = (key: string, message: string): string => createHmac('md5', key).update(message).digest('hex');

describe('sign', () => {
  it('matches a fixed HMAC-MD5 vector (checked with openssl)', () => {
    expect(sign('1700000000000', 'V1StGXR8_Z5jdHi6B-myT', 'growth-admin-test-key')).toBe(
      '15b22af7dd585dda409e67b3982a8299',
    );
  });

  it.each([
    ['1700000000000', 'V1StGXR8_Z5jdHi6B-myT', 'k'],
    ['1', 'a', 'a much longer signing key than sixty-four bytes, so HMAC has to hash the key first!!'],
    ['0', '', ''],
    ['1763733000123', 'ümlaut-ñ-and-€-nonce__', 'unicode-ключ'],
  ])('equals node:crypto HMAC-MD5 of "%s_%s" under %j', (ts, nonce, key) => {
    expect(sign(ts, nonce, key)).toBe(hmacMd5(key, `${ts}_${nonce}`));
  });

  it('is lower-case hex of 16 bytes and depends on every input', () => {
    const base = sign('1', 'n', 'k');
    expect(base).toMatch(/^[0-9a-f]{32}$/);
    expect(sign('2', 'n', 'k')).not.toBe(base);
    expect(sign('1', 'm', 'k')).not.toBe(base);
    expect(sign('1', 'n', 'j')).not.toBe(base);
  });
});

describe('signatureHeaders', () => {
  it('gives the ms timestamp, a 21-char nonce and their signature', () => {
    const h = signatureHeaders('key', 1763733000123);
    expect(h['X-Timestamp']).toBe('1763733000123');
    expect(h['X-Nonce']).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(h['X-Signature']).toBe(hmacMd5('key', `1763733000123_${h['X-Nonce']}`));
  });

  it('uses Date.now() by default and a fresh nonce each time', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1700000000000);
    try {
      const nonces = new Set(Array.from({ length: 50 }, () => signatureHeaders('key')['X-Nonce']));
      expect(nonces.size).toBe(50);
      expect(signatureHeaders('key')['X-Timestamp']).toBe('1700000000000');
    } finally {
      jest.restoreAllMocks();
    }
  });
});
