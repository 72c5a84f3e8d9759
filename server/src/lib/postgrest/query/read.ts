import {
  bodySql,
  capBody,
  orderSql,
  rangeSql,
  RESPONSE_GUCS,
  selectSql,
  whereSql,
} from './fragments.ts';
import { countJoinsSql, embedSql } from './embed.ts';
import type { ReadPlan } from '../plan/types.ts';
import { Params, qualified, type Statement } from './sql.ts';

/**
 * GET on a table or view, as Statements.mainRead: the page in a CTE, the JSON body aggregated
 * by PostgreSQL, and the total counted only when asked (and only separately when paging).
 * Columns: total_result_set, page_total, body, response_headers, response_status.
 */
export function compileRead(plan: ReadPlan): Statement {
  const params = new Params();
  const from = qualified(plan.schema, plan.table);
  const paged = plan.range.limit !== undefined || plan.range.offset > 0;
  const embeds = embedSql(plan.schema, from, plan.embeds, params);
  const where = whereSql(from, plan.where, params);
  const own =
    plan.select === '*' || plan.select.length > 0 ? [selectSql(from, plan.select, params)] : [];
  const source =
    `SELECT ${[...own, ...embeds.selects].join(', ')} FROM ${from}${embeds.joins}${where}` +
    `${orderSql(from, plan.order, params)}${rangeSql(plan.range, params)}`;
  const limit = plan.countLimit === undefined ? '' : ` LIMIT ${plan.countLimit + 1}`;
  const countCte =
    plan.count && paged
      ? `, pgrst_source_count AS (SELECT 1 FROM ${from}${countJoinsSql(plan.schema, from, plan.embeds, params)}${where}${limit})`
      : '';
  const total = !plan.count
    ? 'null::bigint'
    : paged
      ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'
      : 'pg_catalog.count(_postgrest_t)';
  const body = plan.headersOnly ? "''" : bodySql(plan.singular, plan.stripNulls);
  const text = capBody(
    `WITH pgrst_source AS (${source})${countCte}`,
    `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${body} AS body, ` +
      `${RESPONSE_GUCS} FROM (SELECT * FROM pgrst_source) _postgrest_t`,
  );
  return { text, values: params.values };
}

/** `EXPLAIN` of the count query (postExplain): the planner's estimate of the matching rows. */
export function compileExplain(plan: ReadPlan): Statement {
  const params = new Params();
  const from = qualified(plan.schema, plan.table);
  const joins = countJoinsSql(plan.schema, from, plan.embeds, params);
  const where = whereSql(from, plan.where, params);
  const text = `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from}${joins}${where}`;
  return { text, values: params.values };
}
