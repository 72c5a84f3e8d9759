import { actionPlan } from './plan/plan.ts';
import type { Plan, PlanOptions } from './plan/types.ts';
import { mainQuery, type MainQuery } from './query/main-query.ts';
import { parseApiRequest } from './request/api-request.ts';
import type { RestRequest } from './request/types.ts';
import type { SchemaCache } from './schema-cache/schema-cache.ts';

/** A request ready to run: its statements, and what its plan says of running and answering it. */
export type Prepared = MainQuery & Omit<Plan, 'action'>;

/**
 * PostgREST's stages for one request, each entered once (App.hs): request/ reads it, plan/
 * checks it against the schema cache into a plan of data, query/ writes that plan's SQL. The
 * REST service runs the statement and hands the row to response/ (rest/execute.ts).
 */
export function prepareRequest(
  req: RestRequest,
  cache: SchemaCache,
  options: PlanOptions = {},
): Prepared {
  const { action, ...plan } = actionPlan(parseApiRequest(req), cache, options);
  return { ...mainQuery(action), ...plan };
}
