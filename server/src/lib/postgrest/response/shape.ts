/**
 * What the response stage needs to know of a request besides the result row: filled in by the
 * plan, read by render.ts. It lives here, with the response, so that the response stage reads
 * nothing of the stages before it.
 */
export type Representation = 'full' | 'minimal' | 'headers-only';

/** What the client accepts back: a JSON array, or one object (`vnd.pgrst.object+json`). */
export interface MediaType {
  singular: boolean;
  stripNulls: boolean;
  mime: string;
}

/** Everything the response needs besides the result row. */
export interface ResponseShape {
  action: 'read' | 'create' | 'update' | 'delete' | 'call';
  resource: string;
  offset: number;
  count: boolean;
  /**
   * How the total is counted (Prefer: count=…): `exact` in the statement; `planned` from the
   * planner's estimate (Plan.explain); `estimated` exactly up to max_rows, the estimate past it.
   */
  countMethod?: 'exact' | 'planned' | 'estimated';
  /** db-max-rows, for `count=estimated`. */
  maxRows?: number;
  head: boolean;
  media: MediaType;
  returning: Representation;
  preferenceApplied?: string;
  primaryKey: string[];
  returnsVoid: boolean;
  /** `Prefer: handling=strict, max-affected=n`: more affected rows roll the request back. */
  maxAffected?: number;
}
