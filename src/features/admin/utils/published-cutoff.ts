import { DRAWS_PER_DAY, isPublished } from '@/shared/lottery-clock';

/** The latest draw whose time has come: results up to it are public, later ones scheduled. */
export type PublishedCutoff = { date: string; hour: number };

/** `hour` is -1 before today's first draw: every result of today is then still scheduled. */
export function publishedCutoff(today: string, timeZone: string, now: Date): PublishedCutoff {
  let hour = -1;
  while (hour + 1 < DRAWS_PER_DAY && isPublished(today, hour + 1, timeZone, now)) hour += 1;
  return { date: today, hour };
}

/** PostgREST `or` filters (dates compare as yyyy-MM-dd) for both sides of the cutoff. */
export function publishedFilter({ date, hour }: PublishedCutoff): string {
  return `draw_date.lt.${date},and(draw_date.eq.${date},draw_hour.lte.${hour})`;
}

export function scheduledFilter({ date, hour }: PublishedCutoff): string {
  return `draw_date.gt.${date},and(draw_date.eq.${date},draw_hour.gt.${hour})`;
}
