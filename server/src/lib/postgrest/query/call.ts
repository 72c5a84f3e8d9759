import {
  bodySql,
  capBody,
  orderSql,
  rangeSql,
  RESPONSE_GUCS,
  selectSql,
  whereSql,
} from './fragments.ts';
import type { CallPlan } from '../plan/types.ts';
import type { FunctionParam } from '../schema-cache/schema-cache.ts';
import { ident, Params, qualified, type Statement } from './sql.ts';

function named(param: FunctionParam, value: string): string {
  return `${param.variadic ? 'VARIADIC ' : ''}${ident(param.name)} := ${value}`;
}

/** `FROM` and the call itself (callPlanToQuery). Parameter types come from the catalog. */
function callSql(plan: CallPlan, params: Params): { from: string; call: string } {
  const fn = qualified(plan.schema, plan.routine.name);
  const { args } = plan;
  if (args.kind === 'single')
    return { from: '', call: `${fn}(${params.add(args.body)}::${args.param.type})` };
  if (args.kind === 'query') {
    const list = args.values.map(([p, v]) => named(p, `${params.add(v)}::${p.type}`));
    return { from: '', call: `${fn}(${list.join(', ')})` };
  }
  if (args.params.length === 0) return { from: '', call: `${fn}()` };
  const typed = args.params.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  const list = args.params.map((p) => named(p, `pgrst_body.${ident(p.name)}`));
  return {
    from: `json_to_record(${params.add(args.body)}) AS pgrst_body(${typed}), LATERAL `,
    call: `${fn}(${list.join(', ')})`,
  };
}

/**
 * POST/GET /rpc/fn, as Statements.mainCall: the call in a CTE, then select, filters, order and
 * range over its rows, then the body shaped by what the function returns.
 */
export function compileCall(plan: CallPlan): Statement {
  const params = new Params();
  const { routine } = plan;
  const { from, call } = callSql(plan, params);
  const composite = routine.returnsComposite;
  const source = composite
    ? `SELECT pgrst_call.* FROM ${from}${call} pgrst_call`
    : `SELECT pgrst_call.pgrst_scalar FROM ${from}${call} AS pgrst_call(pgrst_scalar)`;
  const q = 'pgrst_source';
  const columns = composite
    ? selectSql(q, plan.select, params)
    : routine.returnsVoid
      ? '1 AS pgrst_scalar'
      : `${q}.pgrst_scalar`;
  const where = composite ? whereSql(q, plan.where, params) : '';
  const order = composite ? orderSql(q, plan.order, params) : '';
  const page = routine.returnsSet ? rangeSql(plan.range, params) : '';
  const paged = routine.returnsSet && (plan.range.limit !== undefined || plan.range.offset > 0);
  const countCte =
    plan.count && paged ? `, pgrst_source_count AS (SELECT 1 FROM ${q}${where})` : '';
  const total = !plan.count
    ? 'null::bigint'
    : paged
      ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'
      : 'pg_catalog.count(_postgrest_t)';
  const text = capBody(
    `WITH pgrst_source AS (${source})${countCte}`,
    `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${callBody(plan)} AS body, ` +
      `${RESPONSE_GUCS} FROM (SELECT ${columns} FROM ${q}${where}${order}${page}) _postgrest_t`,
  );
  return { text, values: params.values };
}

/** asJsonF with a routine: one value for a non-set function, an array for a set. */
function callBody(plan: CallPlan): string {
  const { routine } = plan;
  if (plan.headersOnly || routine.returnsVoid) return "''";
  const column = routine.returnsComposite ? '_postgrest_t' : '_postgrest_t.pgrst_scalar';
  return bodySql(plan.singular || !routine.returnsSet, plan.stripNulls, column);
}
