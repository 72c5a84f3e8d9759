import { formatIsoDate } from './calendar.ts';
import type { DateRange } from './validate.ts';

/** Fills an array with uniformly random 16-bit values. Production uses the platform CSPRNG. */
export type RandomFill = (values: Uint16Array) => void;

export const cryptoFill: RandomFill = (values) => {
  crypto.getRandomValues(values);
};

/** Prizes are 0000-9999. */
export const PRIZE_COUNT = 10_000;
/**
 * Rejection sampling: a uint16 below 60,000 (the largest multiple of 10,000 under 2^16) maps to
 * `value % 10,000`, each prize from exactly six source values; 60,000-65,535 are drawn again.
 * Plain `% 10,000` over all 65,536 values would favour 0000-5535 by 7:6.
 */
export const ACCEPT_BELOW = Math.floor(65_536 / PRIZE_COUNT) * PRIZE_COUNT;
/** getRandomValues fills at most 65,536 bytes per call; a few KB keeps the rejects cheap. */
const BATCH = 2048;

/** `count` prize values, each uniform over 0-9999. */
export function drawPrizeValues(count: number, fill: RandomFill = cryptoFill): number[] {
  const out: number[] = [];
  const buffer = new Uint16Array(BATCH);
  while (out.length < count) {
    fill(buffer);
    for (const value of buffer) {
      if (value < ACCEPT_BELOW) out.push(value % PRIZE_COUNT);
      if (out.length === count) break;
    }
  }
  return out;
}

export const formatPrize = (value: number): string => String(value).padStart(4, '0');

/** A result row as the function inserts it; created_by and the timestamps come from the database. */
export interface ResultRow {
  draw_date: string;
  draw_hour: number;
  draw_time: string;
  first_prize: string;
}

/** One freshly drawn row for every hour 0-23 of every day in the range. */
export function candidateRows(range: DateRange, fill: RandomFill = cryptoFill): ResultRow[] {
  const prizes = drawPrizeValues(range.days * 24, fill);
  const rows: ResultRow[] = [];
  for (let day = 0; day < range.days; day++) {
    const date = formatIsoDate(range.firstDay + day);
    for (let hour = 0; hour < 24; hour++) {
      const hh = String(hour).padStart(2, '0');
      rows.push({
        draw_date: date,
        draw_hour: hour,
        draw_time: `${hh}:30:00`,
        first_prize: formatPrize(prizes[day * 24 + hour]!),
      });
    }
  }
  return rows;
}
