/** A timestamp column as an ISO 8601 string (drivers answer Date objects or text). */
export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
