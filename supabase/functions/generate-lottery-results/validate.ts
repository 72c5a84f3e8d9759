import { formatIsoDate, isIsoDateShaped, parseIsoDate } from './calendar.ts';

/** At most 366 days per call, so a whole leap year fits and nothing larger does. */
export const MAX_RANGE_DAYS = 366;
/** The body is two short dates; anything this large is not a request we expect. */
export const MAX_BODY_BYTES = 16 * 1024;
const FIELDS = ['fromDate', 'toDate'] as const;

/** A validated inclusive range of calendar days. */
export interface DateRange {
  fromDate: string;
  toDate: string;
  /** Day number of fromDate (days since 1970-01-01). */
  firstDay: number;
  /** Number of days in [fromDate, toDate], 1 to MAX_RANGE_DAYS. */
  days: number;
}

export type Validation = { ok: true; range: DateRange } | { ok: false; error: string };

const fail = (error: string): Validation => ({ ok: false, error });

/** Parses and validates the raw request body. Messages are safe to show: they never echo input beyond a 10-character date. */
export function parseRequestBody(text: string): Validation {
  if (text.trim() === '')
    return fail('Request body must be a JSON object with fromDate and toDate');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail('Request body is not valid JSON');
  }
  return validateRange(body);
}

function checkDate(name: string, value: unknown): number | string {
  if (typeof value !== 'string') return `${name} must be a string in yyyy-MM-dd format`;
  // Length first: a megabyte-long string is refused without running a pattern over it.
  if (value.length !== 10 || !isIsoDateShaped(value))
    return `${name} must be a date in yyyy-MM-dd format`;
  return parseIsoDate(value) ?? `${name} is not a valid calendar date: ${value}`;
}

/** lottery_results_draw_date_range (migration 20250601000800): the dates a draw may have. */
const DRAW_DATES = { first: '2000-01-01', last: '2099-12-31' } as const;

/**
 * Validates `{ fromDate, toDate }`. Unknown fields are refused rather than ignored: this is the
 * draw machine, and a caller who sends `first_prize` or `overwrite` must learn that it has no
 * effect instead of believing it did.
 */
export function validateRange(body: unknown): Validation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return fail('Request body must be a JSON object with fromDate and toDate');
  }
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    const names = unknown.slice(0, 5).map((key) => JSON.stringify(key.slice(0, 40)));
    return fail(`Unknown field(s) ${names.join(', ')}: only fromDate and toDate are accepted`);
  }
  // Same sentence as the admin form's date-range check, so both ends agree.
  if (
    record.fromDate == null ||
    record.toDate == null ||
    record.fromDate === '' ||
    record.toDate === ''
  ) {
    return fail('Please select both from and to dates: fromDate and toDate are required');
  }
  const from = checkDate('fromDate', record.fromDate);
  if (typeof from === 'string') return fail(from);
  const to = checkDate('toDate', record.toDate);
  if (typeof to === 'string') return fail(to);
  if (from > to) return fail('From date must be before or equal to To date');
  const days = to - from + 1;
  if (days > MAX_RANGE_DAYS) {
    return fail(
      `The range spans ${days} days; at most ${MAX_RANGE_DAYS} days can be generated per call`,
    );
  }
  // The database's draw date range (ADR 020), in the admin's words, before any row is tried.
  if ((record.fromDate as string) < DRAW_DATES.first || (record.toDate as string) > DRAW_DATES.last)
    return fail(`The draw date must be between ${DRAW_DATES.first} and ${DRAW_DATES.last}`);
  return {
    ok: true,
    range: { fromDate: formatIsoDate(from), toDate: formatIsoDate(to), firstDay: from, days },
  };
}
