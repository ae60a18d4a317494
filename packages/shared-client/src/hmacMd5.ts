// HMAC-MD5 (RFC 2104 over RFC 1321) of UTF-8 text, as lower-case hex: what request signing needs
// (signature.ts), and no more. The browser's SubtleCrypto has no MD5; a general crypto library cost
// the first page load three times these bytes. Checked against node:crypto in signature.test.ts.

/** Per-round shift amounts, four per round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** The sine-derived constants: floor(|sin(i + 1)| * 2^32). */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

const utf8 = (text: string): number[] => {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return bytes;
};

/** MD5 of `input`, as 16 bytes. */
function md5(input: number[]): number[] {
  const bytes = [...input, 0x80];
  while (bytes.length % 64 !== 56) bytes.push(0);
  const bits = input.length * 8;
  for (let i = 0; i < 8; i++) bytes.push(i < 4 ? (bits >>> (8 * i)) & 255 : i === 4 ? Math.floor(bits / 2 ** 32) & 255 : 0);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let o = 0; o < bytes.length; o += 64) {
    const m = Array.from({ length: 16 }, (_, j) => bytes[o + 4 * j] | (bytes[o + 4 * j + 1] << 8) | (bytes[o + 4 * j + 2] << 16) | (bytes[o + 4 * j + 3] << 24));
    let [a, b, c, d] = h;
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const x = (a + f + K[i] + m[g]) | 0;
      const s = SHIFTS[round * 4 + (i % 4)];
      [a, d, c] = [d, c, b];
      b = (b + ((x << s) | (x >>> (32 - s)))) | 0;
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
  }
  return h.flatMap((word) => [word & 255, (word >>> 8) & 255, (word >>> 16) & 255, (word >>> 24) & 255]);
}

/** Hex HMAC-MD5 of `message` under `key` (both UTF-8). */
export function hmacMd5Hex(message: string, key: string): string {
  let k = utf8(key);
  if (k.length > 64) k = md5(k);
  const pad = (fill: number) => Array.from({ length: 64 }, (_, i) => (k[i] ?? 0) ^ fill);
  const digest = md5([...pad(0x5c), ...md5([...pad(0x36), ...utf8(message)])]);
  return digest.map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
