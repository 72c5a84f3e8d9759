// Which lottery timezone and hours a live benchmark uses, and the statistics both report.
import {
  DRAWS_PER_DAY,
  isPublished,
  nextDayStart,
  todayIn,
} from '../../src/shared/lottery-clock.ts';

/** Zones a few hours apart, so at any instant several of them have drawn many hours today. */
const CANDIDATE_ZONES = [
  'UTC',
  'Asia/Bangkok',
  'Asia/Kolkata',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Asia/Tokyo',
];

/** Today's hours whose draw time has passed in `timeZone`: the results the Today page shows. */
export function publishedHoursToday(timeZone: string, now = new Date()): number[] {
  const today = todayIn(timeZone, now);
  return Array.from({ length: DRAWS_PER_DAY }, (_, hour) => hour).filter((hour) =>
    isPublished(today, hour, timeZone, now),
  );
}

/**
 * LOTTERY_TIMEZONE if set, else the candidate with the most published hours today whose day
 * does not end within `marginMs`: just after the lottery's midnight no hour is public yet, and a
 * day that ends mid-run would move the Today page to another date.
 */
export function chooseLotteryZone(marginMs = 10 * 60_000, now = new Date()): string {
  const configured = process.env.LOTTERY_TIMEZONE;
  if (configured) return configured;
  const usable = CANDIDATE_ZONES.filter(
    (zone) => nextDayStart(zone, now).getTime() - now.getTime() > marginMs,
  );
  const best = usable.sort(
    (a, b) => publishedHoursToday(b, now).length - publishedHoursToday(a, now).length,
  )[0];
  if (!best) throw new Error('No candidate lottery timezone is usable now');
  return best;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? NaN,
  };
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** A positive integer from `--name=value`, the environment, or the default. */
export function countOption(name: string, envName: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = arg?.slice(name.length + 3) ?? process.env[envName];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} / ${envName} must be a positive integer`);
  return value;
}
