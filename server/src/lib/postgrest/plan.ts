import type { ResponseShape } from './response/shape.ts';
import { laneOf } from './plan/lane.ts';
import type { Plan } from './plan/types.ts';
import { planCall } from './plan-call.ts';
import { planTable } from './plan-table.ts';
import { parseApiRequest } from './request/api-request.ts';
import type { RestRequest } from './request/types.ts';
import type { SchemaCache } from './schema-cache/schema-cache.ts';
import { restrictRange } from './range.ts';

export type { Plan } from './plan/types.ts';
export type { RestRequest } from './request/types.ts';

/** What the operator configures: `[api] max_rows` of supabase/config.toml (db-max-rows). */
export interface PlanOptions {
  maxRows?: number;
}

/** Turns a request into one SQL statement and the shape of its response (PostgREST's Plan.hs). */
export function planRequest(req: RestRequest, cache: SchemaCache, options: PlanOptions = {}): Plan {
  const api = parseApiRequest(req);
  const { method, isRead, query, media } = api;
  const prefs = api.preferences;
  const rpc = req.resource.kind === 'rpc';
  if (rpc || isRead) query.range = restrictRange(query.range, options.maxRows);
  const shape: ResponseShape = {
    action: 'read',
    resource: req.resource.name,
    offset: query.range.offset,
    // PostgREST counts exactly for `exact` and `estimated` (shouldCount); `planned` asks EXPLAIN.
    count: prefs.count === 'exact' || prefs.count === 'estimated',
    countMethod: prefs.count,
    maxRows: options.maxRows,
    head: method === 'HEAD',
    media,
    returning: prefs.return ?? 'minimal',
    primaryKey: [],
    returnsVoid: false,
    maxAffected: prefs.handling === 'strict' ? prefs.maxAffected : undefined,
  };
  const common = {
    schema: cache.schema,
    select: query.select,
    singular: media.singular,
    stripNulls: media.stripNulls,
  };

  const plan = rpc
    ? planCall(api, cache, shape, common)
    : planTable(api, cache, shape, common, options.maxRows);
  if (prefs.timezone !== undefined) plan.timezone = prefs.timezone;
  plan.lane ??= laneOf(query);
  return plan;
}
