import type { ResponseShape } from './response/shape.ts';
import { invalidRpcMethod, notSupported, unsupportedMethod } from './response/errors.ts';
import { checkProfile, negotiateMediaType, parsePreferences } from './parse-headers.ts';
import { laneOf } from './plan/lane.ts';
import { applyRangeHeader } from './parse-order.ts';
import { parseQuery } from './parse-query.ts';
import { planCall } from './plan-call.ts';
import { planTable } from './plan-table.ts';
import { EXPOSED_SCHEMAS, header, type Plan, type RestRequest } from './request.ts';
import type { SchemaCache } from './schema-cache/schema-cache.ts';
import { restrictRange } from './range.ts';
import type { QueryParams } from './types.ts';

export type { Headers, Plan, RestRequest } from './request.ts';
export type { ResponseShape } from './response/shape.ts';
export { EXPOSED_SCHEMAS } from './request.ts';

/** What the operator configures: `[api] max_rows` of supabase/config.toml (db-max-rows). */
export interface PlanOptions {
  maxRows?: number;
}

export { restrictRange } from './range.ts';

/**
 * PostgREST also embeds into a function's rows; this stack embeds into reads and into what a
 * write returns only (docs/decisions/014-resource-embedding.md).
 */
function refuseEmbedding(query: QueryParams): void {
  const related = query.order.some((term) => term.relation !== undefined);
  if (query.embeds.length > 0 || query.embedded.size > 0 || related)
    throw notSupported('Embedding a resource into what a function call returns');
}

/** Turns a request into one SQL statement and the shape of its response (PostgREST's Plan.hs). */
export function planRequest(req: RestRequest, cache: SchemaCache, options: PlanOptions = {}): Plan {
  const method = req.method.toUpperCase();
  const isRead = method === 'GET' || method === 'HEAD';
  const rpc = req.resource.kind === 'rpc';
  if (rpc && !isRead && method !== 'POST') throw invalidRpcMethod(method);
  if (!rpc && !['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
    if (method === 'PUT') throw notSupported('PUT (upsert of one row by primary key)');
    throw unsupportedMethod(method);
  }
  checkProfile(header(req.headers, isRead ? 'accept-profile' : 'content-profile'), EXPOSED_SCHEMAS);
  const prefs = parsePreferences(req.headers.prefer);
  const media = negotiateMediaType(header(req.headers, 'accept'));
  const query = parseQuery(req.query, rpc && isRead);
  if (rpc) refuseEmbedding(query);
  if (method === 'GET') query.range = applyRangeHeader(query.range, header(req.headers, 'range'));
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
    ? planCall(req, cache, query, shape, common, method)
    : planTable(req, cache, query, shape, common, prefs, options.maxRows);
  if (prefs.timezone !== undefined) plan.timezone = prefs.timezone;
  plan.lane ??= laneOf(query);
  return plan;
}
