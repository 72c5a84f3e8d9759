import { orderSql, rangeSql, selectSql, whereSql } from './fragments.ts';
import { toOne } from '../plan/relationships.ts';
import type { EmbedNode } from '../plan/types.ts';
import { ident, qualified, type Params } from './sql.ts';

/** What the embedded resources of one level add to its SELECT: output columns and joins. */
export interface EmbedSql {
  selects: string[];
  joins: string;
}

/**
 * Embedded resources as PostgREST's readPlanToQuery compiles them: one LATERAL subquery per
 * embed, joined to the row of the level above by the foreign key's columns, in the same
 * statement. To-one embeds give `row_to_json(…)` (null when nothing matches), to-many give the
 * rows' `json_agg` (`[]` when none); `!inner` turns the LEFT JOIN into an INNER one, so a row
 * without a match is dropped before the level's LIMIT. Every table is read as the request's
 * role, so each one's row-level security applies.
 */
export function embedSql(
  schema: string,
  parent: string,
  nodes: EmbedNode[],
  params: Params,
): EmbedSql {
  const out: EmbedSql = { selects: [], joins: '' };
  for (const node of nodes) {
    out.joins += joinSql(schema, parent, node, params);
    if (node.empty) continue;
    const alias = ident(node.alias);
    out.selects.push(
      node.spread
        ? `${alias}.*`
        : toOne(node.rel)
          ? `row_to_json(${alias}.*)::jsonb AS ${ident(node.name)}`
          : `COALESCE(${alias}.${alias}, '[]') AS ${ident(node.name)}`,
    );
  }
  return out;
}

/**
 * Only the joins that can remove rows of the level (`!inner`, null tests): what its count must
 * include. A separate text, since every parameter of a statement must appear in it.
 */
export function countJoinsSql(
  schema: string,
  parent: string,
  nodes: EmbedNode[],
  params: Params,
): string {
  return nodes
    .filter((node) => node.join === 'inner' || node.nullFiltered)
    .map((node) => joinSql(schema, parent, node, params))
    .join('');
}

function joinSql(schema: string, parent: string, node: EmbedNode, params: Params): string {
  const alias = ident(node.alias);
  const kind = node.join === 'inner' ? 'INNER' : 'LEFT';
  const query = nodeQuery(schema, parent, node, params);
  if (toOne(node.rel)) return ` ${kind} JOIN LATERAL (${query}) AS ${alias} ON TRUE`;
  const agg = `SELECT json_agg(${alias})::jsonb AS ${alias} FROM (${query}) AS ${alias}`;
  const on = node.join === 'inner' ? `${alias}.${alias} IS NOT NULL` : 'TRUE';
  return ` ${kind} JOIN LATERAL (${agg}) AS ${alias} ON ${on}`;
}

/** The embedded rows of one parent row: its own columns, its own embeds, filters and page. */
function nodeQuery(schema: string, parent: string, node: EmbedNode, params: Params): string {
  const table = ident(node.alias.replace('pgrst_e', 'pgrst_t'));
  const nested = embedSql(schema, table, node.embeds, params);
  const columns =
    node.columns === '*' || node.columns.length > 0 ? [selectSql(table, node.columns, params)] : [];
  const on = node.rel.columns.map(
    ([parentCol, col]) => `${table}.${ident(col)} = ${parent}.${ident(parentCol)}`,
  );
  const filters = whereSql(table, node.where, params);
  const where = ` WHERE ${on.join(' AND ')}${filters === '' ? '' : ` AND${filters.slice(' WHERE'.length)}`}`;
  return (
    `SELECT ${[...columns, ...nested.selects].join(', ')} FROM ${qualified(schema, node.table)} AS ${table}` +
    `${nested.joins}${where}${orderSql(table, node.order, params)}${rangeSql(node.range, params)}`
  );
}
