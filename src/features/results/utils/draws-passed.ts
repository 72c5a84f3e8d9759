import { DRAWS_PER_DAY, isPublished } from '@/shared/lottery-clock';

/**
 * How many of `date`'s draws have had their time by `now`: the rows its list will almost always
 * hold (a draw being made takes a row too), so a loading list can keep their room.
 */
export function drawsPassed(date: string, timeZone: string, now: Date = new Date()): number {
  let count = 0;
  for (let hour = 0; hour < DRAWS_PER_DAY; hour++)
    if (isPublished(date, hour, timeZone, now)) count++;
  return count;
}
