import type { Range } from '../request/types.ts';

/**
 * db-max-rows as restrictRange in RangeQuery.hs: at most `maxRows` rows from the offset. Reads
 * and calls only, on every level of embedding (treeRestrictRange); PostgREST leaves what a
 * mutation returns alone.
 */
export function restrictRange(range: Range, maxRows: number | undefined): Range {
  if (maxRows === undefined) return range;
  return { ...range, limit: Math.min(range.limit ?? maxRows, maxRows) };
}
