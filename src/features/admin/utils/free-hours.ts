/** Draws run every hour of the day: hours 0-23. */
export const DRAW_HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

/** The hours of a day that have no result yet, in order. */
export function freeHours(takenHours: readonly number[]): number[] {
  const taken = new Set(takenHours);
  return DRAW_HOURS.filter((hour) => !taken.has(hour));
}

/**
 * The hour the form should hold once the free hours are known: the current choice while it is
 * still free (so a list refresh does not yank the admin's selection), otherwise the first free hour,
 * or null when the day is full. With `keep` (the admin has typed a prize for this date) the choice
 * stays even when taken meanwhile: the form then names the clash instead of moving the number to
 * an hour the admin did not pick.
 */
export function reconcileHour(
  current: number | null,
  free: readonly number[],
  keep = false,
): number | null {
  if (current !== null && (keep || free.includes(current))) return current;
  return free[0] ?? null;
}
