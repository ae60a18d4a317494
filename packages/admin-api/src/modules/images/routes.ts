// GET /api/admin/image-proxy?url=<absolute url>. Browsers load it through <img src>, which cannot
// send the signature or token headers, so this route is public; the allowlist keeps it from being an
// open proxy. The demo avatar host is answered by a built-in SVG generator (there is no internet).
import { images } from '@growth-admin/api-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { serve } from '../../http/serve';
import { avatarSvg, DEMO_AVATAR_HOST } from './demoAvatars';

function hostAllowed(url: URL, allowlist: string[]): boolean {
  const host = url.hostname.toLowerCase();
  const hostPort = url.port ? `${host}:${url.port}` : host;
  return allowlist.some((entry) => {
    const e = entry.toLowerCase();
    return e === host || e === hostPort;
  });
}

function sendImage(reply: FastifyReply, contentType: string, body: Buffer | string) {
  return reply
    .header('Content-Type', contentType)
    .header('Cache-Control', 'public, max-age=86400')
    .header('X-Content-Type-Options', 'nosniff')
    // An SVG opened directly must not run scripts on the API origin.
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .send(body);
}

export function imageRoutes(app: FastifyInstance, { config, db }: RouteDeps): void {
  serve(app, images.proxyImage, async (req, reply) => {
    let url: URL;
    try {
      url = new URL(req.query.url);
    } catch {
      throw badRequest('url must be an absolute http(s) URL', 'IMAGE_URL_INVALID');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url must use http or https', 'IMAGE_URL_INVALID');
    if (url.username || url.password) throw badRequest('url must not contain credentials', 'IMAGE_URL_INVALID');

    if (url.hostname.toLowerCase() === DEMO_AVATAR_HOST) {
      const m = /^\/u\/([A-Za-z0-9_-]{1,64})\.svg$/.exec(url.pathname);
      if (!m) throw badRequest('url is not a demo avatar (/u/<customId>.svg)', 'IMAGE_NOT_FOUND');
      const rows = await db.query<{ name: string }>('select custom_name as name from persons where custom_id = $1', [m[1]]);
      return sendImage(reply, 'image/svg+xml', avatarSvg(url.searchParams.get('name') ?? rows[0]?.name ?? m[1]));
    }
    if (!hostAllowed(url, config.imageProxyHosts)) throw badRequest(`url host ${url.host} is not allowed by the image proxy`, 'IMAGE_HOST_NOT_ALLOWED');

    let upstream: Response;
    try {
      upstream = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(config.imageProxyTimeoutMs), headers: { accept: 'image/*' } });
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
      throw badRequest(timedOut ? 'url: the image took too long to load' : 'url: the image could not be loaded', timedOut ? 'IMAGE_TIMEOUT' : 'IMAGE_FETCH_FAILED');
    }
    const fail = async (message: string, code: string) => {
      await upstream.body?.cancel().catch(() => undefined);
      return badRequest(message, code);
    };
    if (upstream.status !== 200) throw await fail(`url: the image host answered ${upstream.status}`, 'IMAGE_FETCH_FAILED');
    const type = (upstream.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!/^image\/[a-z0-9.+-]+$/.test(type)) throw await fail(`url is not an image (content type ${type || 'missing'})`, 'IMAGE_NOT_AN_IMAGE');
    const declared = Number(upstream.headers.get('content-length') ?? '0');
    if (declared > config.imageProxyMaxBytes) throw await fail('url: the image is larger than 2 MB', 'IMAGE_TOO_LARGE');
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of upstream.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > config.imageProxyMaxBytes) throw badRequest('url: the image is larger than 2 MB', 'IMAGE_TOO_LARGE');
        chunks.push(Buffer.from(chunk));
      }
    } catch (err) {
      await upstream.body?.cancel().catch(() => undefined);
      if ((err as { statusCode?: number }).statusCode === 400) throw err;
      throw badRequest('url: the image took too long to load', 'IMAGE_TIMEOUT');
    }
    return sendImage(reply, type, Buffer.concat(chunks));
  });
}
