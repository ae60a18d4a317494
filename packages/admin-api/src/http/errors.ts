// The failure envelope: `{ message, code }` with a 4xx/5xx status.
import { DATE_RULES } from '@growth-admin/api-contract';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Seconds after which a retry may succeed (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'VALIDATION_ERROR') => new ApiError(400, code, message);
export const notFound = (message: string, code = 'NOT_FOUND') => new ApiError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new ApiError(409, code, message);
export const unauthorized = (message: string, code = 'UNAUTHORIZED') => new ApiError(401, code, message);
export const forbidden = (message: string, code: string) => new ApiError(403, code, message);

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  propertyName?: string;
}

/** Friendlier sentences for unknown keys in the two map-like project fields. */
const MAP_KEY_HINTS: Record<string, string> = {
  iapCountryLimits: 'is not a 2-letter upper-case country code',
  productIdList: 'is not a product slot (10001 to 10006)',
};

/** `/a/0/b` → `a[0].b`, prefixed by the parent path. */
function fieldName(path: string, extra?: string): string {
  const parts = path.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

const PART_NAMES: Record<string, string> = { body: 'request body', querystring: 'query string', params: 'path', headers: 'headers' };

/** One human sentence naming the field, from the first schema violation. */
export function validationMessage(errors: AjvLikeError[], context: string | undefined): string {
  const e = errors[0];
  if (!e) return 'The request is invalid';
  const p = e.params;
  const where = PART_NAMES[context ?? ''] ?? context ?? 'request';
  switch (e.keyword) {
    case 'required':
      return `${fieldName(e.instancePath, String(p.missingProperty))} is required`;
    case 'additionalProperties': {
      const parent = fieldName(e.instancePath);
      const hint = MAP_KEY_HINTS[parent];
      if (hint) return `${parent}: "${String(p.additionalProperty)}" ${hint}`;
      return `${fieldName(e.instancePath, String(p.additionalProperty))} is not an allowed field`;
    }
  }
  if (e.propertyName !== undefined) return `${fieldName(e.instancePath) || where} has an invalid key "${e.propertyName}"`;
  const field = fieldName(e.instancePath);
  if (!field) {
    if (e.keyword === 'type' && context === 'body') return 'The request body must be a JSON object';
    return `The ${where} ${e.message ?? 'is invalid'}`;
  }
  switch (e.keyword) {
    case 'type':
      return `${field} must be ${p.type === 'integer' ? 'an integer' : p.type === 'object' || p.type === 'array' ? `an ${p.type}` : `a ${p.type}`}`;
    case 'minimum':
      return `${field} must be at least ${p.limit}`;
    case 'maximum':
      return `${field} must be at most ${p.limit}`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${p.limit}`;
    case 'minLength':
      return Number(p.limit) <= 1 ? `${field} must not be empty` : `${field} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${field} must be at most ${p.limit} characters`;
    case 'maxItems':
      return `${field} must have at most ${p.limit} items`;
    case 'maxProperties':
      return `${field} must have at most ${p.limit} entries`;
    case 'uniqueItems':
      return `${field} must not contain duplicates`;
    case 'enum':
      return `${field} must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${field} must be ${String(p.allowedValue)}`;
    case 'format': {
      const rule = DATE_RULES[p.format as keyof typeof DATE_RULES];
      return rule ? `${field} ${rule}` : `${field} has an invalid format`;
    }
    case 'pattern':
      return `${field} has an invalid format`;
    case 'propertyNames':
      return `${field} has an invalid key ${p.propertyName === undefined ? '' : `"${String(p.propertyName)}"`}`.trim();
    default:
      return `${field} ${e.message ?? 'is invalid'}`;
  }
}
