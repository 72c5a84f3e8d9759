/**
 * Bounds on what one request may ask of the database (docs/reliability.md lists each with the
 * attack it stops). PostgREST itself has none of these: it relies on PostgreSQL failing with
 * "stack depth limit exceeded" or "target lists can have at most 1664 entries" (54xxx, a 500).
 * Here each is a 4xx before any SQL is built (request/bounds.ts), and the response's size is
 * checked in SQL (query/fragments.ts capBody). The admission's lanes are plan/lane.ts.
 */
export const LIMITS = {
  /**
   * Distinct items in `select=`, columns and embedded resources at every level together:
   * `*,*,*,…` can no longer multiply the response, nor a hundred embeds multiply the joins.
   */
  selectItems: 100,
  /**
   * Nesting of embedded resources (`a(b(c(…)))`). Each level may return up to max_rows rows per
   * row of the level above; PostgREST has no bound and relies on statement_timeout.
   */
  embedDepth: 4,
  /** Nesting of `and=(…)`/`or=(…)`; supabase-js clients rarely pass 3. */
  logicDepth: 32,
  /** Nesting of arrays and objects in a JSON body; PostgreSQL's json parser recurses too. */
  jsonDepth: 64,
  /**
   * Bytes of one response body, checked in SQL before the body leaves PostgreSQL: far below
   * V8's longest string (~512 MiB, ERR_STRING_TOO_LONG inside the pg driver), far above any
   * page of this app under `max_rows`.
   */
  responseBytes: 64 * 1024 * 1024,
} as const;
