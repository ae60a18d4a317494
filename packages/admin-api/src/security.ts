// Passwords (scrypt), session tokens (32 random bytes, stored as SHA-256) and request signatures.
import { createHash, createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** scrypt's N for passwords stored from now on, unless the server is configured otherwise (PASSWORD_HASH_COST). */
export const DEFAULT_PASSWORD_HASH_COST = 16384;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEYLEN = 64;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEYLEN, { N: n, r, p, maxmem: 256 * n * r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * `scrypt$N$r$p$salt$hash` (base64), at cost `n`. A hash records its own cost and verifying
 * honours it, so the cost can change without invalidating stored hashes.
 */
export async function hashPassword(password: string, n = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, n, SCRYPT_R, SCRYPT_P);
  return `scrypt$${n}$${SCRYPT_R}$${SCRYPT_P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A dummy hash at cost `n`, so an unknown username costs the same scrypt work as a wrong password. */
const dummyHashes = new Map<number, Promise<string>>();
export function dummyPasswordHash(n = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  if (!dummyHashes.has(n)) dummyHashes.set(n, hashPassword(randomBytes(16).toString('hex'), n));
  return dummyHashes.get(n)!;
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Hex HMAC-MD5 of `<timestamp>_<nonce>` (spec 7). */
export function signRequest(timestamp: string, nonce: string, key: string): string {
  return createHmac('md5', key).update(`${timestamp}_${nonce}`).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(received: string, expected: string): boolean {
  const a = Buffer.from(received.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
