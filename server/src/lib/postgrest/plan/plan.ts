import type { ApiRequest } from '../request/types.ts';
import type { ResponseShape } from '../response/shape.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { planCall } from './plan-call.ts';
import { planTable } from './plan-table.ts';
import { restrictRange } from './range.ts';
import type { Plan, PlanOptions } from './types.ts';

/**
 * Checks a parsed request against the schema cache and decides what to run, as data (PostgREST's
 * Plan.hs actionPlan): the table or function, its embeds, filters, order and range, the
 * transaction's mode and the shape of the response. No SQL: query/ writes it from this.
 */
export function actionPlan(
  parsed: ApiRequest,
  cache: SchemaCache,
  options: PlanOptions = {},
): Plan {
  const { method, isRead, media, preferences: prefs } = parsed;
  const rpc = parsed.resource.kind === 'rpc';
  const range = rpc || isRead ? restrictRange(parsed.query.range, options.maxRows) : undefined;
  const api = range ? { ...parsed, query: { ...parsed.query, range } } : parsed;
  const { query } = api;
  const shape: ResponseShape = {
    action: 'read',
    resource: api.resource.name,
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
  return plan;
}
