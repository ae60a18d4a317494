// Reading a scrape as an operator's query would: one sample's value by name and labels.

/** The value of the sample `name` whose labels include `labels`, summed over the rest; 0 when none. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(m[4]);
  }
  return total;
}

/** GET /metrics (with the token when given): the status and the text. */
export async function scrape(url: string, token?: string): Promise<{ status: number; text: string; contentType: string | null }> {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') };
}
