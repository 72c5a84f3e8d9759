import { LIMITS } from '../limits.ts';
import { IS_VALUES, OPERATORS, type OperatorSpec } from '../operators.ts';
import { arrayLiteral, ident, type Params } from './sql.ts';
import type { PlanFilter, PlanLogicTree, PlanOrderTerm } from '../plan/types.ts';
import type { Field, Operation, Range, SelectItem } from '../request/types.ts';

/** A column (and its JSON path) of `qualifier`, as pgFmtField: keys are parameters too. */
export function fieldSql(qualifier: string, field: Field, params: Params): string {
  let sql = field.name === '*' ? `${qualifier}.*` : `${qualifier}.${ident(field.name)}`;
  for (const step of field.json) {
    sql += `${step.arrow}${params.add(step.key)}${step.index ? '::int' : ''}`;
  }
  return sql;
}

/**
 * SQL type names that are keywords, not identifiers: they cannot be quoted, so they map to
 * their catalog names. Every other cast is a quoted identifier (`::text` → `"text"`).
 */
const KEYWORD_TYPES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  dec: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
};

export function castType(type: string): string {
  const normalised = type.trim().toLowerCase().replace(/\s+/g, ' ');
  return ident(KEYWORD_TYPES[normalised] ?? type.trim());
}

/** The output name of a select item: its alias, else the last JSON key, else (for a cast) the column. */
function outputName(item: SelectItem): string | undefined {
  if (item.alias !== undefined) return item.alias;
  const last = item.field.json.at(-1);
  if (last) return last.index ? item.field.name : last.key;
  return item.cast !== undefined ? item.field.name : undefined;
}

export function selectSql(qualifier: string, select: SelectItem[] | '*', params: Params): string {
  if (select === '*') return `${qualifier}.*`;
  return select
    .map((item) => {
      let sql = fieldSql(qualifier, item.field, params);
      if (item.cast !== undefined) sql = `CAST(${sql} AS ${castType(item.cast)})`;
      const name = outputName(item);
      return name === undefined ? sql : `${sql} AS ${ident(name)}`;
    })
    .join(', ');
}

/** The right-hand side of a filter (pgFmtFilter in SqlFragment.hs). */
function operationSql(operation: Operation, params: Params): string {
  switch (operation.kind) {
    case 'quant': {
      const spec: OperatorSpec = OPERATORS[operation.op];
      const value = spec.wildcard ? operation.value.replace(/\*/g, '%') : operation.value;
      const placeholder = params.add(value);
      const rhs = operation.quantifier
        ? `${operation.quantifier.toUpperCase()}(${placeholder})`
        : placeholder;
      return `${spec.sql} ${rhs}`;
    }
    case 'simple':
      return `${OPERATORS[operation.op].sql} ${params.add(operation.value)}`;
    case 'in':
      // `= ANY` rather than IN: an empty list is valid (`in.()` matches nothing).
      return `${OPERATORS.in.sql}(${params.add(operation.values.length === 1 && operation.values[0] === '' ? '{}' : arrayLiteral(operation.values))})`;
    case 'is':
      return `${OPERATORS.is.sql} ${IS_VALUES[operation.value]}`;
    case 'isdistinct':
      return `${OPERATORS.isdistinct.sql} ${params.add(operation.value)}`;
    case 'fts': {
      const language =
        operation.language === undefined ? '' : `${params.add(operation.language)}, `;
      return `@@ ${OPERATORS[operation.op].sql}(${language}${params.add(operation.value)})`;
    }
  }
}

export function filterSql(qualifier: string, filter: PlanFilter, params: Params): string {
  if (filter.embed) {
    // `books=is.null` tests the embedded resource itself (pgFmtFilter's CoercibleFilterNullEmbed).
    return `${ident(filter.embed.alias)} IS ${filter.negated ? '' : 'NOT '}DISTINCT FROM NULL`;
  }
  const sql = `${fieldSql(qualifier, filter.field, params)} ${operationSql(filter.operation, params)}`;
  return filter.negated ? `NOT (${sql})` : sql;
}

export function logicSql(qualifier: string, tree: PlanLogicTree, params: Params): string {
  if (tree.kind === 'filter') return filterSql(qualifier, tree.filter, params);
  const joined = tree.children
    .map((child) => logicSql(qualifier, child, params))
    .join(` ${tree.op.toUpperCase()} `);
  return `${tree.negated ? 'NOT ' : ''}(${joined})`;
}

export function whereSql(qualifier: string, where: PlanLogicTree[], params: Params): string {
  if (where.length === 0) return '';
  return ` WHERE ${where.map((tree) => logicSql(qualifier, tree, params)).join(' AND ')}`;
}

export function orderSql(qualifier: string, order: PlanOrderTerm[], params: Params): string {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    const owner = term.embed ? ident(term.embed.alias) : qualifier;
    let sql = fieldSql(owner, term.field, params);
    if (term.direction) sql += ` ${term.direction.toUpperCase()}`;
    if (term.nulls) sql += ` NULLS ${term.nulls.toUpperCase()}`;
    return sql;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

/** LIMIT/OFFSET as parameters, so every page of one query shares a prepared statement. */
export function rangeSql(range: Range, params: Params): string {
  if (range.limit === undefined && range.offset === 0) return '';
  const limit = range.limit === undefined ? 'ALL' : params.add(String(range.limit));
  return ` LIMIT ${limit} OFFSET ${params.add(String(range.offset))}`;
}

/** The aggregated body, as asJsonF / asJsonSingleF: text, so Node passes it through unparsed. */
export function bodySql(singular: boolean, stripNulls: boolean, column = '_postgrest_t'): string {
  const agg = stripNulls ? `json_strip_nulls(json_agg(${column}))` : `json_agg(${column})`;
  return singular ? `coalesce((${agg}->0)::text, 'null')` : `coalesce(${agg}, '[]')::text`;
}

export const RESPONSE_GUCS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, " +
  "nullif(current_setting('response.status', true), '') AS response_status";

/**
 * The result row with its body withheld when it is larger than LIMITS.responseBytes:
 * `body_bytes` says how large it was, so the caller answers an error instead of receiving a
 * string too long for V8 (which would throw inside the pg driver and end the process).
 * `ctes` is the statement's `WITH …` list; a data-modifying CTE must stay at the top level.
 */
export function capBody(ctes: string, select: string, mutation = false): string {
  const cap = LIMITS.responseBytes;
  return (
    `${ctes}, pgrst_r AS (${select}) ` +
    'SELECT pgrst_r.total_result_set, pgrst_r.page_total, ' +
    `CASE WHEN octet_length(pgrst_r.body) > ${cap} THEN NULL ELSE pgrst_r.body END AS body, ` +
    'octet_length(pgrst_r.body) AS body_bytes, pgrst_r.response_headers, pgrst_r.response_status' +
    `${mutation ? ', pgrst_r.response_inserted' : ''} FROM pgrst_r`
  );
}
