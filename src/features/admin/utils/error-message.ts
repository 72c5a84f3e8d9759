import { DRAW_DATES } from '@/shared/draw-date-range';
import { current } from '@/i18n/i18n';

/** The draw a failed write was about, as the admin saw it: `2024-05-01` and `14:30`. */
export type DrawLabel = { date: string; time: string };

type ErrorLike = { code?: unknown; message?: unknown };

/** api/update-result.ts: the row was deleted meanwhile (PostgREST reports success). */
export const RESULT_GONE = 'result_gone';

/**
 * Turns an error from supabase-js (PostgREST, Auth or Functions) into the sentence for the Error
 * toast. Constraint and permission failures arrive as raw PostgreSQL text ("duplicate key value
 * violates unique constraint …"), so the codes an admin can actually cause get plain sentences;
 * anything else is the service's own message on an English page, and `fallback` (or a sentence
 * naming the code) on another language's.
 */
export function resultErrorMessage(error: unknown, draw?: DrawLabel, fallback?: string): string {
  const { code, message } = (error ?? {}) as ErrorLike;
  const text = typeof message === 'string' ? message : '';
  const i18n = current();
  switch (code) {
    case '23505': // unique_violation on (draw_date, draw_hour)
      return draw
        ? i18n._('admin.error.duplicateDraw', { date: draw.date, time: draw.time })
        : i18n._('admin.error.duplicate');
    case '23514': // check_violation
      if (text.includes('first_prize')) return i18n._('admin.error.prize');
      // lottery_results_draw_date_range (ADR 020)
      if (text.includes('draw_date_range'))
        return i18n._('admin.error.dateRange', { first: DRAW_DATES.first, last: DRAW_DATES.last });
      return i18n._('admin.error.drawInvalid');
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return i18n._('admin.error.dateInvalid');
    case RESULT_GONE:
      return i18n._('admin.error.gone');
    case 'insufficient_aal': // api/write-guard.ts: refused at aal1
      return i18n._('admin.error.aal');
    case '42501': // insufficient_privilege, including row-level security
      return i18n._('admin.error.permission');
    case 'PGRST301': // PostgREST: JWT expired or invalid
    case 'PGRST303':
      return i18n._('admin.error.sessionExpired');
  }
  // postgrest-js reports a network failure as `TypeError: Failed to fetch` with an empty code.
  if (/failed to fetch|networkerror|load failed/i.test(text)) {
    return i18n._('account.unreachable');
  }
  if (i18n.locale === 'en') return text || fallback || i18n._('error.title');
  // The service's own sentence is English: another language's page says what failed in its own
  // words, naming the code when there is one, never the English alone.
  if (typeof code === 'string' && code) return i18n._('account.error.other', { code });
  return fallback ?? i18n._('error.title');
}
