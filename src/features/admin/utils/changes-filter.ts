import { addDays, isDateString, zonedInstant } from '@/shared/lottery-clock';

/** Rows per page of the Changes view: bounded, far below the stack's and PostgREST's max rows. */
export const CHANGES_PAGE_SIZE = 50;

/** `by` for changes no account made: the system's draws, the service role, SQL. */
export const BY_SYSTEM = 'system';

/** RFC 5321 caps an address at 254 characters; a longer `by` is no account's. */
const MAX_EMAIL_LENGTH = 254;

/** An id is a bigint from one sequence; 15 digits stay exact in a JavaScript number. */
const CURSOR_PATTERN = /^[1-9][0-9]{0,14}$/;

/**
 * The Changes view's filter and page, as the address holds them (`?changes_from=…`), so Back,
 * Forward, reload and a shared link show the same page. Dates are days on the lottery clock,
 * both inclusive; `before` is the id of the last change of the previous page (keyset paging).
 */
export type ChangesFilter = {
  from?: string;
  to?: string;
  /** An admin's e-mail, or BY_SYSTEM. */
  by?: string;
  before?: number;
};

export const CHANGES_PARAMS = {
  from: 'changes_from',
  to: 'changes_to',
  by: 'changes_by',
  before: 'changes_before',
} as const;

/** What the address says; anything malformed is left out rather than sent to the database. */
export function readChangesFilter(params: URLSearchParams): ChangesFilter {
  const filter: ChangesFilter = {};
  const from = params.get(CHANGES_PARAMS.from);
  const to = params.get(CHANGES_PARAMS.to);
  const by = params.get(CHANGES_PARAMS.by);
  const before = params.get(CHANGES_PARAMS.before);
  if (from && isDateString(from)) filter.from = from;
  if (to && isDateString(to)) filter.to = to;
  if (by && by.length <= MAX_EMAIL_LENGTH) filter.by = by;
  if (before && CURSOR_PATTERN.test(before)) filter.before = Number(before);
  return filter;
}

/** The address for `filter`, keeping every parameter that is not the Changes view's. */
export function writeChangesFilter(
  params: URLSearchParams,
  filter: ChangesFilter,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(CHANGES_PARAMS) as (keyof ChangesFilter)[]) {
    const value = filter[key];
    if (value === undefined || value === '') next.delete(CHANGES_PARAMS[key]);
    else next.set(CHANGES_PARAMS[key], String(value));
  }
  return next;
}

/** A From after its To matches nothing: nothing is asked, and the view says why. */
export function isChangesRangeReversed({ from, to }: ChangesFilter): boolean {
  return Boolean(from && to && from > to);
}

/** The instants of the lottery-clock days, as `at >= start` and `at < end`. */
export function changesInstants(
  { from, to }: ChangesFilter,
  timeZone: string,
): { start?: string; end?: string } {
  return {
    start: from ? zonedInstant(from, 0, 0, timeZone).toISOString() : undefined,
    end: to ? zonedInstant(addDays(to, 1), 0, 0, timeZone).toISOString() : undefined,
  };
}
