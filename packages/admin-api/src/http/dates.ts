// A date a route takes, read the one way the contract defines (api-contract's dates.ts). The schema
// has refused a bad one already; these serve code that reads the value, and say the same sentence.
import { DATE_RULES, parseCalendarDay, parseInstant } from '@growth-admin/api-contract';
import { badRequest } from './errors';

/** An instant field as a Date, or a 400 naming the field. */
export function instantParam(field: string, value: string): Date {
  const at = parseInstant(value);
  if (!at) throw badRequest(`${field} ${DATE_RULES['date-time']}`);
  return at;
}

/** A calendar-day field as its midnight UTC in epoch ms, or a 400 naming the field. */
export function dayParam(field: string, value: string): number {
  const ms = parseCalendarDay(value);
  if (ms === null) throw badRequest(`${field} ${DATE_RULES.date}`);
  return ms;
}
