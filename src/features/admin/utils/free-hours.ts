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
 * or null when the day is full.
 */
export function reconcileHour(current: number | null, free: readonly number[]): number | null {
  if (current !== null && free.includes(current)) return current;
  return free[0] ?? null;
}
