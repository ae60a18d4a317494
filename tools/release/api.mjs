// The release commands' calls to the admin API: signed like every call (HMAC-MD5 of
// `<timestamp>_<nonce>` under the signing key) and authorised by a deploy token, never a password.
import { createHmac, randomBytes } from 'node:crypto';

export class ReleaseApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** @param {{ apiUrl: string, token: string, signingKey: string }} o */
export function releaseApi({ apiUrl, token, signingKey }) {
  async function call(method, path, body) {
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('base64url').slice(0, 21);
    const headers = {
      Authorization: `Bearer ${token}`,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': createHmac('md5', signingKey).update(`${timestamp}_${nonce}`).digest('hex'),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response;
    try {
      response = await fetch(`${apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      throw new ReleaseApiError(0, 'API_UNREACHABLE', `the admin API at ${apiUrl} cannot be reached (${err.cause?.code ?? err.message})`);
    }
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ReleaseApiError(response.status, 'NOT_JSON', `the admin API answered HTTP ${response.status} without JSON`);
    }
    if (!response.ok) throw new ReleaseApiError(response.status, json.code ?? 'ERROR', json.message ?? `HTTP ${response.status}`);
    return json.data;
  }
  return {
    register: (input) => call('POST', '/api/admin/releases', input),
    promote: (remote) => call('POST', `/api/admin/releases/${encodeURIComponent(remote)}/promote`),
    rollback: (remote, to) => call('POST', `/api/admin/releases/${encodeURIComponent(remote)}/rollback`, to ? { to } : {}),
    history: (remote) => call('GET', `/api/admin/releases/${encodeURIComponent(remote)}`),
    judgement: (remote) => call('GET', `/api/admin/releases/${encodeURIComponent(remote)}/judgement`),
    registerPreview: (remote, input) => call('POST', `/api/admin/releases/${encodeURIComponent(remote)}/previews`, input),
    previews: (remote) => call('GET', `/api/admin/releases/${encodeURIComponent(remote)}/previews`),
    deletePreview: (remote, label) => call('DELETE', `/api/admin/releases/${encodeURIComponent(remote)}/previews/${encodeURIComponent(label)}`),
  };
}
