// The one reading of a date in the API. Every route that takes a date declares it with `Instant` or
// `CalendarDay` (JSON Schema formats `date-time` and `date`), and every check of such a value, the
// server's validator and TypeBox's alike, runs `parseInstant` or `parseCalendarDay`: a date that does
// not exist (2026-02-30, which JavaScript's Date reads as 2 March) is refused, never rolled over.
import { FormatRegistry, Type } from '@sinclair/typebox';

/** 2026-11-23T08:30Z, 2026-11-23T08:30:15.123456+01:00: seconds and fractions optional, the zone required. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The formats' names (JSON Schema's own, so the OpenAPI document says what they are). No maxLength
 * beside them: the anchored patterns bound the length, and one rule gives one message.
 */
export const INSTANT_FORMAT = 'date-time';
export const DAY_FORMAT = 'date';

/** What a field of each format must be, after its name: the 400 message of a value that is not. */
export const DATE_RULES: Record<typeof INSTANT_FORMAT | typeof DAY_FORMAT, string> = {
  [INSTANT_FORMAT]: 'must be a real date and time with a zone (ISO 8601, e.g. 2026-11-23T00:00:00Z)',
  [DAY_FORMAT]: 'must be a real calendar day (YYYY-MM-DD, e.g. 2026-11-23)',
};

/** Midnight UTC (epoch ms) of year-month-day when that day exists in the calendar, else null. */
function realDay(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 30 February over into March: a day that exists comes back as itself.
  return new Date(ms).getUTCDate() === day && new Date(ms).getUTCMonth() === month - 1 ? ms : null;
}

/** A calendar day YYYY-MM-DD as midnight UTC in epoch ms, or null when it is no real day. */
export function parseCalendarDay(text: string): number | null {
  const m = DAY.exec(text);
  return m ? realDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** An ISO 8601 date and time with its zone as a Date, or null when it is malformed or no real instant. */
export function parseInstant(text: string): Date | null {
  const m = INSTANT.exec(text);
  if (!m) return null;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const [offsetHours, offsetMinutes] = [Number(m[8] ?? 0), Number(m[9] ?? 0)];
  if (realDay(Number(m[1]), Number(m[2]), Number(m[3])) === null) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  return new Date(text); // the shape and every field checked: the engine reads it exactly
}

export const isInstant = (text: string): boolean => parseInstant(text) !== null;
export const isCalendarDay = (text: string): boolean => parseCalendarDay(text) !== null;

/** The formats for a JSON Schema validator (the server's Ajv): the same two functions. */
export const DATE_FORMATS: ReadonlyArray<readonly [string, (text: string) => boolean]> = [
  [INSTANT_FORMAT, isInstant],
  [DAY_FORMAT, isCalendarDay],
];
// TypeBox's own checks (Value.Check, the tests' answer checks) read the formats the same way.
for (const [name, check] of DATE_FORMATS) if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);

/** An instant: ISO 8601 with its zone (`2026-11-17T00:00:00.000Z`, `2026-11-17T00:00:00+01:00`). */
export const Instant = (description: string) => Type.String({ format: INSTANT_FORMAT, description, examples: ['2026-11-23T00:00:00Z'] });

/** A calendar day, YYYY-MM-DD. */
export const CalendarDay = (description: string) => Type.String({ format: DAY_FORMAT, description, examples: ['2026-11-23'] });
