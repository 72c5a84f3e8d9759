import type { Messages } from '@/shared/i18n/messages';
import { publishedAt, wallClock } from '@/shared/lottery-clock';

/** How long before its draw a commitment was published, and whether that keeps the promise. */
export interface CommitmentLead {
  /** Milliseconds from the commitment to the draw moment (negative: published after it). */
  ms: number;
  /**
   * Published on an earlier day than the draw's, on the lottery clock: the README's "at least
   * the day before" (ADR 012: each tick commits today and tomorrow). A fresh stack's first day,
   * or a day the scheduler did not reach in time, is committed the same day, minutes before.
   */
  dayBefore: boolean;
}

export function commitmentLead(
  committedAt: string,
  date: string,
  hour: number,
  timeZone: string,
): CommitmentLead {
  const committed = new Date(committedAt);
  const ms = publishedAt(date, hour, timeZone).getTime() - committed.getTime();
  return { ms, dayBefore: wallClock(timeZone, committed).date < date };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * `2 days 3 hours`, `1 hour 5 minutes`, `12 minutes`, `less than a minute` (rounded down), in the
 * page's language: each pair is one ICU message with its plurals (ADR 027).
 */
export function formatLead(ms: number, i18n: Messages): string {
  const abs = Math.abs(ms);
  if (abs < MINUTE) return i18n._('verify.leadUnderMinute');
  const days = Math.floor(abs / DAY);
  const hours = Math.floor((abs % DAY) / HOUR);
  const minutes = Math.floor((abs % HOUR) / MINUTE);
  if (days > 0)
    return hours > 0
      ? i18n._('verify.leadDaysHours', { days, hours })
      : i18n._('verify.leadDays', { days });
  if (hours > 0)
    return minutes > 0
      ? i18n._('verify.leadHoursMinutes', { hours, minutes })
      : i18n._('verify.leadHours', { hours });
  return i18n._('verify.leadMinutes', { minutes });
}
