import { addDays, DRAWS_PER_DAY, drawState, isPublished } from '@/shared/lottery-clock';

/** One published draw as the grid reads it. */
export interface GridDraw {
  draw_date: string;
  draw_hour: number;
  first_prize: string;
}

/** The grid's days on the lottery clock, newest first: today and the `days - 1` before it. */
export function gridDates(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => addDays(today, -index));
}

export const gridHours: readonly number[] = Array.from(
  { length: DRAWS_PER_DAY },
  (_, hour) => hour,
);

/**
 * What one cell shows: the number, nothing yet (a draw still ahead), the draw being made (its
 * time just passed, the number not in yet), a beacon draw waiting for its round (ADR 023: never
 * "no result"), or no result (missed, once the drawing window closed).
 */
export type GridCell =
  | { kind: 'prize'; prize: string }
  | { kind: 'upcoming' }
  | { kind: 'drawing' }
  | { kind: 'waiting' }
  | { kind: 'missing' };

/**
 * Looks up each cell in one pass over the rows. A row whose draw time is still ahead (only an
 * admin's session can read one: row-level security hides it from visitors) counts as upcoming.
 * `beaconSince` is lottery_settings.beacon_since: a late draw from then on awaits its round.
 */
export function gridCells(
  rows: GridDraw[],
  timeZone: string,
  now: Date,
  beaconSince?: string | null,
) {
  const prizes = new Map<string, string>();
  for (const row of rows) {
    if (isPublished(row.draw_date, row.draw_hour, timeZone, now)) {
      prizes.set(`${row.draw_date}/${row.draw_hour}`, row.first_prize);
    }
  }
  const cell = (date: string, hour: number): GridCell => {
    const prize = prizes.get(`${date}/${hour}`);
    const state = drawState(date, hour, timeZone, now, prize !== undefined, beaconSince);
    if (state === 'published') return { kind: 'prize', prize: prize! };
    return { kind: state };
  };
  return { cell, published: prizes.size };
}
