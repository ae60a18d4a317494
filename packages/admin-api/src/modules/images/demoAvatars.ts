// The demo data's avatar host: never fetched (there may be no internet); the proxy draws these.
export const DEMO_AVATAR_HOST = 'avatars.demo.growth-admin.local';

const PALETTE = ['#4F46E5', '#10B981', '#F59E0B', '#EF4444', '#0EA5E9', '#8B5CF6', '#EC4899', '#14B8A6'];

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Up to two letters or digits from a name ('mia_patel2998' → 'MP'); '?' when it has none. */
export function initialsOf(name: string): string {
  const words = name.replace(/[0-9]+$/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = (words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)).toUpperCase();
  return letters.replace(/[^A-Z0-9?]/g, '') || '?';
}

/** An SVG avatar: initials (only [A-Z0-9?], so nothing of the name becomes markup) on a colour picked from the name. */
export function avatarSvg(name: string): string {
  const color = PALETTE[hashString(name) % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="${color}"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="52" font-weight="600" fill="#fff">${initialsOf(name)}</text></svg>`;
}
