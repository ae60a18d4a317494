// The password, token and signature primitives on their own (no server): stored hashes that are
// not ours never verify, the cost parameters come from the stored hash, comparisons are exact.
import { randomBytes, scryptSync } from 'node:crypto';
import { configFromEnv } from '../src/config';
import { generatePassword, hashPassword, hashToken, newSessionToken, signatureMatches, signRequest, verifyPassword } from '../src/security';

const storedWith = (password: string, n: number, r = 8, p = 1) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: n, r, p });
  return `scrypt$${n}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

describe('passwords', () => {
  it('hashes with scrypt N=16384 r=8 p=1 and a fresh salt; the password verifies, another does not', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await hashPassword('correct horse')).not.toBe(stored);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
  });

  it('takes the cost parameters from the stored hash (an older, cheaper hash still verifies)', async () => {
    expect(await verifyPassword('pw', storedWith('pw', 1024, 4, 2))).toBe(true);
    expect(await verifyPassword('other', storedWith('pw', 1024, 4, 2))).toBe(false);
    // (the cheaper cost the test servers store passwords at: PASSWORD_HASH_COST, test/helpers.ts)
    const cheap = await hashPassword('pw', 1024);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(await verifyPassword('other', cheap)).toBe(false);
  });

  it('never verifies a stored value that is not a whole scrypt hash of ours', async () => {
    const good = storedWith('pw', 1024);
    const [, n, r, p, salt, hash] = good.split('$');
    for (const stored of [
      ['bcrypt', n, r, p, salt, hash].join('$'), // another scheme with the same parts
      ['scrypt', n, r, p, '', hash].join('$'), // no salt
      ['scrypt', n, r, p, salt, ''].join('$'), // no hash
      ['scrypt', n, r, p, salt].join('$'),
      ['scrypt', n, r, p, salt, hash.slice(0, 40)].join('$'), // a shorter hash
      '',
    ]) {
      expect({ stored, verifies: await verifyPassword('pw', stored) }).toEqual({ stored, verifies: false });
    }
  });

  it('generates 16-character base64url passwords, each new', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(generatePassword()).not.toBe(a);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it("is scrypt's N for new passwords: 16384 unless set, a power of two from 1024, anything else refused by name", () => {
    expect(configFromEnv({}).passwordHashCost).toBe(16384);
    expect(configFromEnv({ PASSWORD_HASH_COST: '1024' }).passwordHashCost).toBe(1024);
    expect(configFromEnv({ PASSWORD_HASH_COST: '65536' }).passwordHashCost).toBe(65536);
    for (const raw of ['1000', '512', '0', 'lots', '2097152']) {
      expect(() => configFromEnv({ PASSWORD_HASH_COST: raw })).toThrow(`PASSWORD_HASH_COST must be a power of two from 1024 to 1048576 (scrypt's N), not "${raw}"`);
    }
  });
});

describe('session tokens', () => {
  it('are 43 base64url characters (32 random bytes), stored as their SHA-256 hex', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSessionToken()).not.toBe(token);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('request signatures', () => {
  it('are the hex HMAC-MD5 of `<timestamp>_<nonce>` under the key', () => {
    // HMAC-MD5("key", "1700000000000_abc") computed independently (openssl dgst -md5 -hmac key)
    expect(signRequest('1700000000000', 'abc', 'key')).toBe('5f3e4753d9530db09dd56839e0084bd2');
    expect(signRequest('1700000000000', 'abc', 'key')).not.toBe(signRequest('1700000000000', 'abd', 'key'));
    expect(signRequest('1700000000000', 'abc', 'key')).not.toBe(signRequest('1700000000000', 'abc', 'kez'));
    expect(signRequest('1_2', '3', 'key')).toBe(signRequest('1', '2_3', 'key')); // the joined text is what is signed
  });

  it('match exactly, case-insensitively in the hex digits, never by length or prefix', () => {
    const sig = signRequest('1700000000000', 'abc', 'key');
    expect(signatureMatches(sig, sig)).toBe(true);
    expect(signatureMatches(sig.toUpperCase(), sig)).toBe(true);
    expect(signatureMatches(sig.slice(0, -1), sig)).toBe(false);
    expect(signatureMatches(`${sig}0`, sig)).toBe(false);
    expect(signatureMatches('', sig)).toBe(false);
    expect(signatureMatches(`${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`, sig)).toBe(false);
  });
});
