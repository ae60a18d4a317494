// GET /api/admin/image-proxy?url=<absolute url>. Browsers load it through <img src>, which cannot
// send the signature or token headers, so this route is public; the allowlist keeps it from being an
// open proxy. The demo avatar host is answered by a built-in SVG generator (there is no internet).
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { badRequest } from '../http/errors';
import { DEMO_AVATAR_HOST } from '../seed';
import { typed, type App, type RouteDeps } from './common';

const PALETTE = ['#4F46E5', '#10B981', '#F59E0B', '#EF4444', '#0EA5E9', '#8B5CF6', '#EC4899', '#14B8A6'];

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function initialsOf(name: string): string {
  const words = name.replace(/[0-9]+$/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = (words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)).toUpperCase();
  return letters.replace(/[^A-Z0-9?]/g, '') || '?';
}

/** An SVG avatar: initials on a colour picked from the name. */
export function avatarSvg(name: string): string {
  const color = PALETTE[hashString(name) % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="${color}"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="52" font-weight="600" fill="#fff">${initialsOf(name)}</text></svg>`;
}

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

export const imageProxyRoutes = ({ config, db }: RouteDeps) =>
  async function (app: App) {
    const r = typed(app);
    r.get(
      '/image-proxy',
      {
        config: { access: 'public' },
        schema: {
          tags: ['images'],
          summary:
            'Proxies an avatar image. Public (no token, no signature): <img src> cannot send headers. Allowlisted hosts (IMAGE_PROXY_HOSTS plus the demo avatar host), http(s), image/* only, at most 2 MB and 5 s; anything else 400',
          querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }, { additionalProperties: false }),
        },
      },
      async (req, reply) => {
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
      },
    );
  };
