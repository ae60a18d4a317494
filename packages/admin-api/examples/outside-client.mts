// Calling the admin API from outside, as the README shows: a client typed by openapi-typescript
// from the served OpenAPI document, and openapi-fetch with one middleware that signs every call.
//   npx openapi-typescript "$API_URL/api/docs/json" -o examples/adminApi.d.ts
//   API_URL=... ADMIN_SIGNING_KEY=... ADMIN_USERNAME=... ADMIN_PASSWORD=... npx tsx examples/outside-client.mts
import { createHmac, randomBytes } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { paths } from './adminApi.js';

const { API_URL = 'http://localhost:4000', ADMIN_SIGNING_KEY = '', ADMIN_USERNAME = '', ADMIN_PASSWORD = '' } = process.env;
let token = '';

const api = createClient<paths>({ baseUrl: API_URL });
api.use({
  onRequest({ request }) {
    // X-Signature = hex HMAC-MD5 of `<timestamp>_<nonce>`; a nonce is used once, within 5 minutes.
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('base64url').slice(0, 21);
    request.headers.set('X-Timestamp', timestamp);
    request.headers.set('X-Nonce', nonce);
    request.headers.set('X-Signature', createHmac('md5', ADMIN_SIGNING_KEY).update(`${timestamp}_${nonce}`).digest('hex'));
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
});

const signIn = await api.POST('/api/admin/login', { body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } });
if (!signIn.data) throw new Error(`sign-in failed: ${signIn.error?.message}`);
token = signIn.data.data.token;

const users = await api.GET('/api/admin/persons/list', { params: { query: { page: 1, pageSize: 3 } } });
if (!users.data) throw new Error(`list failed: ${users.error?.message}`);
console.log(`${users.data.data.total} users; first: ${users.data.data.list.map((p) => p.customName).join(', ')}`);

await api.POST('/api/admin/logout');
