// HMAC-MD5 (RFC 2104 over RFC 1321's MD5) of UTF-8 text, as hex: the request signature's only
// cryptography (signature.ts). The browser's Web Crypto has no MD5, and crypto-js brought its whole
// core (word arrays, encoders, a hasher framework) to the dashboard's first load for this one
// function: 2.8 kB gzip against well under 1 kB here. Tested against node:crypto's HMAC-MD5.

/** Each round's four rotation amounts, round by round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** The 64 additive constants: the integer part of 2^32 × |sin(i + 1)|. */
const CONSTANTS = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

/** The MD5 digest (16 bytes) of `bytes`. */
export function md5(bytes: Uint8Array): Uint8Array {
  const length = bytes.length;
  // The message, a 1 bit, zeros up to 56 bytes mod 64, then its length in bits (64-bit little-endian).
  const padded = new Uint8Array((((length + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, (length << 3) >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(length / 2 ** 29), true);
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  const words: number[] = [];
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let j = 0; j < 16; j++) words[j] = view.getUint32(offset + 4 * j, true);
    let [a, b, c, d] = state;
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const mixed = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const word = round === 0 ? i : round === 1 ? (5 * i + 1) & 15 : round === 2 ? (3 * i + 5) & 15 : (7 * i) & 15;
      const sum = (a + mixed + CONSTANTS[i] + words[word]) | 0;
      const shift = SHIFTS[(round << 2) | (i & 3)];
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    state[0] = (state[0] + a) | 0;
    state[1] = (state[1] + b) | 0;
    state[2] = (state[2] + c) | 0;
    state[3] = (state[3] + d) | 0;
  }
  const digest = new Uint8Array(16);
  const out = new DataView(digest.buffer);
  state.forEach((word, i) => out.setUint32(4 * i, word, true));
  return digest;
}

/**
 * `text` as UTF-8 bytes (what TextEncoder gives, a lone surrogate as U+FFFD; written out because
 * jsdom, where every package's tests sign their calls, has no TextEncoder).
 */
export function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return new Uint8Array(bytes);
}

const BLOCK = 64;

/** Lower-case hex HMAC-MD5 of `message` under `key`, both read as UTF-8. */
export function hmacMd5Hex(message: string, key: string): string {
  let keyBytes = utf8(key);
  if (keyBytes.length > BLOCK) keyBytes = md5(keyBytes);
  const text = utf8(message);
  const inner = new Uint8Array(BLOCK + text.length);
  const outer = new Uint8Array(BLOCK + 16);
  for (let i = 0; i < BLOCK; i++) {
    inner[i] = (keyBytes[i] ?? 0) ^ 0x36;
    outer[i] = (keyBytes[i] ?? 0) ^ 0x5c;
  }
  inner.set(text, BLOCK);
  outer.set(md5(inner), BLOCK);
  return Array.from(md5(outer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
