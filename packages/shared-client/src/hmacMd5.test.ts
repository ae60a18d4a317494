import { createHash, createHmac } from 'node:crypto';
import { hmacMd5Hex, md5, utf8 } from './hmacMd5';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

test("MD5: RFC 1321's test suite", () => {
  expect(hex(md5(utf8('')))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  expect(hex(md5(utf8('a')))).toBe('0cc175b9c0f1b6a831c399e269772661');
  expect(hex(md5(utf8('abc')))).toBe('900150983cd24fb0d6963f7d28e17f72');
  expect(hex(md5(utf8('message digest')))).toBe('f96b697d7cb7938d525a2f31aaf161d0');
  expect(hex(md5(utf8('abcdefghijklmnopqrstuvwxyz')))).toBe('c3fcd3d76192e4007dfb496cca67e13b');
  expect(hex(md5(utf8('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')))).toBe('d174ab98d277d9f5a5611c2c9f419d9f');
  expect(hex(md5(utf8('1234567890'.repeat(8))))).toBe('57edf4a22be3c955ac49da2e2107b67a');
});

test('MD5 equals node:crypto at every length around the padding and block boundaries', () => {
  for (let length = 0; length <= 200; length++) {
    const bytes = new Uint8Array(Array.from({ length }, (_, i) => (i * 31 + length) & 255));
    expect(hex(md5(bytes))).toBe(createHash('md5').update(bytes).digest('hex'));
  }
});

test("HMAC-MD5: RFC 2202's test cases with text keys and messages", () => {
  expect(hmacMd5Hex('what do ya want for nothing?', 'Jefe')).toBe('750c783e6ab0b503eaa86e310a5db738');
  // (a key longer than the block is hashed first)
  expect(hmacMd5Hex('Test Using Larger Than Block-Size Key - Hash Key First', '\u00aa'.repeat(80))).toBe(
    createHmac('md5', Buffer.from('\u00aa'.repeat(80), 'utf8')).update('Test Using Larger Than Block-Size Key - Hash Key First').digest('hex'),
  );
});

test('HMAC-MD5 equals node:crypto for keys and messages of every length around the block, in any script', () => {
  const alphabet = ['a', 'Z', '0', '_', '-', 'é', '€', 'ключ', '中', '𝄞'];
  const text = (length: number, seed: number) => Array.from({ length }, (_, i) => alphabet[(i * 7 + seed) % alphabet.length]).join('');
  for (const keyLength of [0, 1, 21, 63, 64, 65, 100]) {
    for (const messageLength of [0, 1, 34, 55, 56, 63, 64, 65, 119, 120, 300]) {
      const key = text(keyLength, keyLength);
      const message = text(messageLength, messageLength + 3);
      expect(hmacMd5Hex(message, key)).toBe(createHmac('md5', key).update(message).digest('hex'));
    }
  }
});

test("UTF-8 as node's (and the browser's TextEncoder): every width, and a lone surrogate as U+FFFD", () => {
  for (const text of ['', 'plain', 'é', '€', '中文', '𝄞 clef', 'ключ', 'a\ud800b', '\udc00', 'x\ud834']) {
    expect(hex(utf8(text))).toBe(Buffer.from(text, 'utf8').toString('hex'));
  }
});
