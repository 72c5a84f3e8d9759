import { DRAW_DATES } from '@/lib/draw-date-range';

/** The draw a failed write was about, as the admin saw it: `2024-05-01` and `14:30`. */
export type DrawLabel = { date: string; time: string };

type ErrorLike = { code?: unknown; message?: unknown };

/**
 * Turns an error from supabase-js (PostgREST, Auth or Functions) into the sentence for the Error
 * toast. Constraint and permission failures arrive as raw PostgreSQL text ("duplicate key value
 * violates unique constraint …"), so the codes an admin can actually cause get plain sentences;
 * anything else is the service's own message.
 */
export function resultErrorMessage(error: unknown, draw?: DrawLabel): string {
  const { code, message } = (error ?? {}) as ErrorLike;
  const text = typeof message === 'string' ? message : '';
  switch (code) {
    case '23505': // unique_violation on (draw_date, draw_hour)
      return draw
        ? `A result for ${draw.date} ${draw.time} already exists`
        : 'A result for this draw already exists';
    case '23514': // check_violation
      if (text.includes('first_prize')) return 'The first prize must be exactly four digits';
      // lottery_results_draw_date_range (ADR 020)
      if (text.includes('draw_date_range'))
        return `The draw date must be between ${DRAW_DATES.first} and ${DRAW_DATES.last}`;
      return 'The draw date or time is not valid';
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return 'The date is not valid';
    case 'insufficient_aal': // api/write-guard.ts: refused at aal1
      return 'Confirm with your authenticator code to change results';
    case '42501': // insufficient_privilege, including row-level security
      return "You don't have permission to change results";
    case 'PGRST301': // PostgREST: JWT expired or invalid
    case 'PGRST303':
      return 'Your session has expired. Please log in again.';
  }
  // postgrest-js reports a network failure as `TypeError: Failed to fetch` with an empty code.
  if (/failed to fetch|networkerror|load failed/i.test(text)) {
    return 'Could not reach the server. Check your connection and try again.';
  }
  return text || 'Something went wrong';
}
