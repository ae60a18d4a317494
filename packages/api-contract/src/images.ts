// The avatar image proxy: public, because <img src> cannot send our headers.
import { Type } from '@sinclair/typebox';
import { route } from './route';

export const proxyImage = route({
  method: 'GET',
  path: '/api/admin/image-proxy',
  operationId: 'proxyImage',
  tag: 'images',
  summary: 'Proxy an avatar image',
  description:
    'Fetches an image from an allowlisted host (http or https, an image content type, at most 2 MB and 5 s) and answers its bytes, publicly cacheable for a day. Public: no token, no signature.',
  access: 'public',
  querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048, description: 'The absolute image URL' }) }, { additionalProperties: false }),
  data: null,
  raw: { status: 200, contentType: 'image/*', description: 'The image' },
  errors: [
    { status: 400, code: 'IMAGE_URL_INVALID', when: 'the URL is not an absolute http(s) URL without credentials' },
    { status: 400, code: 'IMAGE_HOST_NOT_ALLOWED', when: 'the host is not on the allowlist' },
    { status: 400, code: 'IMAGE_NOT_FOUND', when: 'not a demo avatar path' },
    { status: 400, code: 'IMAGE_NOT_AN_IMAGE', when: 'the host answered something other than an image' },
    { status: 400, code: 'IMAGE_TOO_LARGE', when: 'the image is larger than 2 MB' },
    { status: 400, code: 'IMAGE_TIMEOUT', when: 'the host took longer than 5 s' },
    { status: 400, code: 'IMAGE_FETCH_FAILED', when: 'the host could not be reached or did not answer 200' },
  ],
});
