import { avatarProxyUrl, CACHE_QUERY_PARAMS, IMAGE_PROXY_PATH } from './avatar';
import { configureTestClient, TEST_BASE_URL } from './testing/fakeFetch';

const proxied = (target: string): string => `${TEST_BASE_URL}/api/admin/image-proxy?url=${encodeURIComponent(target)}`;

/** The image URL the proxy is asked for. */
const targetOf = (proxyUrl: string | undefined): string | null =>
  proxyUrl ? new URL(proxyUrl).searchParams.get('url') : null;

beforeEach(() => configureTestClient({ directImageHosts: ['tiktokcdn.com', 'TikTokCDN-us.com'] }));

describe('avatarProxyUrl', () => {
  it('goes through the image proxy of the configured API', () => {
    expect(IMAGE_PROXY_PATH).toBe('/api/admin/image-proxy');
    expect(avatarProxyUrl('https://images.example.com/u/1.png')).toBe(proxied('https://images.example.com/u/1.png'));
  });

  it('strips every cache parameter and keeps the others in order', () => {
    expect(CACHE_QUERY_PARAMS).toEqual(['x-expires', 'x-signature', 'x-orig-expires', 'x-orig-sign']);
    const url = avatarProxyUrl(
      'https://images.example.com/a.jpeg?w=100&x-expires=1763733000&x-signature=abc%3D&x-orig-expires=1&x-orig-sign=zz&h=50',
    );
    expect(targetOf(url)).toBe('https://images.example.com/a.jpeg?w=100&h=50');
  });

  it('drops the "?" when only cache parameters were there, and keeps a fragment', () => {
    expect(targetOf(avatarProxyUrl('https://images.example.com/a.png?x-expires=1&x-signature=s'))).toBe(
      'https://images.example.com/a.png',
    );
    expect(targetOf(avatarProxyUrl('https://images.example.com/a.png?x-expires=1#top'))).toBe(
      'https://images.example.com/a.png#top',
    );
  });

  it('removes repeated cache parameters', () => {
    expect(targetOf(avatarProxyUrl('http://img.example.com/a.png?x-expires=1&x-expires=2&v=3'))).toBe(
      'http://img.example.com/a.png?v=3',
    );
  });

  it('encodes the image URL as one query value', () => {
    const url = avatarProxyUrl('https://img.example.com/a b.png?size=1&fmt=webp');
    expect(url).toBe(proxied('https://img.example.com/a%20b.png?size=1&fmt=webp'));
    expect(new URL(url ?? '').searchParams.getAll('url')).toHaveLength(1);
  });

  it('trims surrounding whitespace', () => {
    expect(avatarProxyUrl('  https://img.example.com/a.png \n')).toBe(proxied('https://img.example.com/a.png'));
  });

  it('uses the base URL configured at run time', () => {
    configureTestClient({ apiBaseUrl: 'https://admin.example.org/' });
    expect(avatarProxyUrl('https://img.example.com/a.png')).toBe(
      `https://admin.example.org/api/admin/image-proxy?url=${encodeURIComponent('https://img.example.com/a.png')}`,
    );
  });

  it('passes URLs of a direct host through untouched, cache parameters included', () => {
    const url = 'https://tiktokcdn.com/avatar.jpeg?x-expires=1763733000&x-signature=abc';
    expect(avatarProxyUrl(url)).toBe(url);
  });

  it('passes subdomains of a direct host through, whatever the letter case', () => {
    const url = 'https://p16-sign-va.tiktokcdn.com/tos/avatar.jpeg?x-expires=1&x-signature=s';
    expect(avatarProxyUrl(url)).toBe(url);
    expect(avatarProxyUrl('https://P77.TIKTOKCDN.COM/a.jpeg')).toBe('https://p77.tiktokcdn.com/a.jpeg');
    expect(avatarProxyUrl('http://p1.tiktokcdn-us.com/a.jpeg')).toBe('http://p1.tiktokcdn-us.com/a.jpeg');
  });

  it('proxies look-alike hosts that merely contain a direct host', () => {
    for (const url of [
      'https://eviltiktokcdn.com/a.jpeg',
      'https://tiktokcdn.com.evil.example/a.jpeg',
      'https://evil.example/tiktokcdn.com/a.jpeg',
      'https://evil.example/a.jpeg?h=tiktokcdn.com',
    ]) {
      expect(avatarProxyUrl(url)).toBe(proxied(url));
    }
  });

  it('proxies everything when no direct host is configured', () => {
    configureTestClient();
    const url = 'https://p16.tiktokcdn.com/a.jpeg?x-expires=1';
    expect(targetOf(avatarProxyUrl(url))).toBe('https://p16.tiktokcdn.com/a.jpeg');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['blank text', '   '],
  ])('gives undefined (placeholder) for %s', (_label, value) => {
    expect(avatarProxyUrl(value)).toBeUndefined();
  });

  it.each([
    ['junk', 'not a url'],
    ['a relative path', '/avatars/1.png'],
    ['a protocol-relative URL', '//img.example.com/a.png'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,iVBORw0KGgo='],
    ['ftp:', 'ftp://img.example.com/a.png'],
    ['file:', 'file:///etc/passwd'],
    ['a bare scheme', 'https://'],
  ])('rejects %s', (_label, value) => {
    expect(avatarProxyUrl(value)).toBeUndefined();
  });
});
