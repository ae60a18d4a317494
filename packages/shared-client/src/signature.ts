import { nanoid } from 'nanoid';
import { hmacMd5Hex } from './hmacMd5';

export interface SignatureHeaders {
  'X-Timestamp': string;
  'X-Nonce': string;
  'X-Signature': string;
}

/** Hex HMAC-MD5 of `<timestamp>_<nonce>` under the signing key (spec 7). */
export function sign(timestamp: string, nonce: string, key: string): string {
  return hmacMd5Hex(`${timestamp}_${nonce}`, key);
}

/** Fresh timestamp (ms), 21-character nonce and their signature for one request. */
export function signatureHeaders(key: string, now: number = Date.now()): SignatureHeaders {
  const timestamp = String(now);
  const nonce = nanoid(21);
  return { 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': sign(timestamp, nonce, key) };
}
