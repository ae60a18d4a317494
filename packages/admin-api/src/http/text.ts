// Input text PostgreSQL must store as sent or not at all: it cannot hold NUL, and a lone UTF-16
// surrogate would be replaced silently. Walks the value without recursion, so a deeply nested body
// cannot exhaust the stack.

export const MAX_JSON_DEPTH = 64;

/** The path of the first string (or key) that is not storable text, with the reason; null when all are. */
export function findUnstorableText(root: unknown): { field: string; reason: string } | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  const check = (text: string, field: string) => {
    if (text.includes('\u0000')) return { field: field || 'value', reason: 'must not contain NUL characters' };
    if (!text.isWellFormed()) return { field: field || 'value', reason: 'must be valid Unicode text (it holds a lone surrogate)' };
    return null;
  };
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const bad = check(value, path);
      if (bad) return bad;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push([v, `${path}[${i}]`]));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const field = path ? `${path}.${k}` : k;
        const bad = check(k, field);
        if (bad) return bad;
        stack.push([v, field]);
      }
    }
  }
  return null;
}

/** How deeply arrays and objects nest in JSON text, counted without parsing (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123 /* [ { */) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125 /* ] } */) depth--;
  }
  return max;
}
