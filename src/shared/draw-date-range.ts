/**
 * The draw dates the database accepts (constraint lottery_results_draw_date_range, ADR 020).
 * A database migrated while older rows lay outside keeps them (the constraint is NOT VALID
 * until the operator fixes them), so the pages still meet such dates and show them as they are.
 */
export const DRAW_DATES = { first: '2000-01-01', last: '2099-12-31' } as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A `yyyy-MM-dd` day inside DRAW_DATES (the pattern makes string order date order). */
export function isInDrawRange(date: string): boolean {
  return DATE_PATTERN.test(date) && date >= DRAW_DATES.first && date <= DRAW_DATES.last;
}

/**
 * Which side of every calendar day a date PostgreSQL wrote is on, when it is none the app can
 * parse: `infinity` and years past 9999 are later than any draw, `-infinity`, BC dates and
 * years before 100 earlier. Text that is no date at all counts as past: it is never "scheduled".
 */
export function sideOfOddDate(date: string): 'past' | 'future' {
  if (date === 'infinity' || /^\d{5,}-/.test(date)) return 'future';
  return 'past';
}
