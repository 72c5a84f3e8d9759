/**
 * pg_cron's schedule strings, as far as the local stack needs them (ADR 012): the interval form
 * `'N seconds'` (pg_cron >= 1.5, 1-59 seconds) and five-field cron (minute hour day-of-month month
 * day-of-week) whose fields are `*`, numbers, comma lists and `*∕n` steps. Times are UTC, pg_cron's
 * default `cron.timezone`. Anything else is null: the scheduler logs it once and skips the job.
 */
export type Schedule =
  | { kind: 'interval'; ms: number }
  | { kind: 'cron'; fields: CronFields; dayOfMonthAny: boolean; dayOfWeekAny: boolean };

export interface CronFields {
  minute: Set<number>;
  hour: Set<number>;
  dayOfMonth: Set<number>;
  month: Set<number>;
  dayOfWeek: Set<number>;
}

const INTERVAL = /^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$/i;
const RANGES: Array<[keyof CronFields, number, number]> = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['dayOfMonth', 1, 31],
  ['month', 1, 12],
  // 7 is Sunday too, as in cron.
  ['dayOfWeek', 0, 7],
];

function parseField(text: string, min: number, max: number): Set<number> | null {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const step = /^\*\/([0-9]{1,2})$/.exec(part);
    if (part === '*' || step) {
      const by = step ? Number(step[1]) : 1;
      if (by < 1) return null;
      for (let v = min; v <= max; v += by) values.add(v);
    } else if (/^[0-9]{1,2}$/.test(part) && Number(part) >= min && Number(part) <= max) {
      values.add(Number(part));
    } else {
      return null;
    }
  }
  return values;
}

export function parseSchedule(text: string): Schedule | null {
  const interval = INTERVAL.exec(text);
  if (interval) return { kind: 'interval', ms: Number(interval[1]) * 1000 };
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const fields: Partial<CronFields> = {};
  for (const [index, [name, min, max]] of RANGES.entries()) {
    const values = parseField(parts[index]!, min, max);
    if (!values) return null;
    fields[name] = values;
  }
  const full = fields as CronFields;
  if (full.dayOfWeek.delete(7)) full.dayOfWeek.add(0);
  return {
    kind: 'cron',
    fields: full,
    dayOfMonthAny: parts[2] === '*',
    dayOfWeekAny: parts[4] === '*',
  };
}

/** Whether a cron schedule fires in the UTC minute that contains `at`. */
export function cronMatches(schedule: Extract<Schedule, { kind: 'cron' }>, at: Date): boolean {
  const { fields } = schedule;
  if (!fields.minute.has(at.getUTCMinutes()) || !fields.hour.has(at.getUTCHours())) return false;
  if (!fields.month.has(at.getUTCMonth() + 1)) return false;
  const dom = fields.dayOfMonth.has(at.getUTCDate());
  const dow = fields.dayOfWeek.has(at.getUTCDay());
  // cron's rule: when both day fields are restricted, either one matching is enough.
  if (!schedule.dayOfMonthAny && !schedule.dayOfWeekAny) return dom || dow;
  return dom && dow;
}

/** The first time after `after` (ms) at which the schedule is due; null if none within ~4 years. */
export function nextRun(schedule: Schedule, after: number): number | null {
  if (schedule.kind === 'interval') return after + schedule.ms;
  let minute = Math.floor(after / 60_000) * 60_000 + 60_000;
  for (let i = 0; i < 4 * 366 * 24 * 60; i++, minute += 60_000) {
    if (cronMatches(schedule, new Date(minute))) return minute;
  }
  return null;
}
