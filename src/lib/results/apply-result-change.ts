import type { LotteryResult } from '@/lib/types';

/** The part of a supabase-js `postgres_changes` payload this app reads. */
export type ResultChange =
  | { eventType: 'INSERT'; new: LotteryResult; old: Partial<LotteryResult> }
  | { eventType: 'UPDATE'; new: LotteryResult; old: Partial<LotteryResult> }
  | { eventType: 'DELETE'; new: Partial<LotteryResult>; old: Partial<LotteryResult> };

export const newestFirst = (a: LotteryResult, b: LotteryResult) => b.draw_hour - a.draw_hour;

/**
 * One day's list after a change event. Returns the same array when the event does not touch it,
 * so React Query keeps its reference. A DELETE carries only the primary key (no replica
 * identity full), and an UPDATE may move a row to another day, so rows are matched by id.
 */
export function applyResultChange(
  list: LotteryResult[],
  date: string,
  change: ResultChange,
): LotteryResult[] {
  const id = change.eventType === 'DELETE' ? change.old.id : change.new.id;
  const kept = list.filter((row) => row.id !== id);
  if (change.eventType === 'DELETE' || change.new.draw_date !== date) {
    return kept.length === list.length ? list : kept;
  }
  const row = change.new;
  // (draw_date, draw_hour) is unique, so a row at the same hour is one the event replaces.
  return [...kept.filter((other) => other.draw_hour !== row.draw_hour), row].sort(newestFirst);
}
