import HmacMD5 from 'crypto-js/hmac-md5';
import Hex from 'crypto-js/enc-hex';
import { nanoid } from 'nanoid';

export interface SignatureHeaders {
  'X-Timestamp': string;
  'X-Nonce': string;
  'X-Signature': string;
}

/** Hex HMAC-MD5 of `<timestamp>_<nonce>` under the signing key (spec 7). */
export function sign(timestamp: string, nonce: string, key: string): string {
  return HmacMD5(`${timestamp}_${nonce}`, key).toString(Hex);
}

/** Fresh timestamp (ms), 21-character nonce and their signature for one request. */
export function signatureHeaders(key: string, now: number = Date.now()): SignatureHeaders {
  const timestamp = String(now);
  const nonce = nanoid(21);
  return { 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': sign(timestamp, nonce, key) };
}
