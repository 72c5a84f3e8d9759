import { isCostlyOperator } from '../operators.ts';
import type { LogicTree, QueryParams } from '../request/types.ts';

/** Past this many leaves, a filter tree is costly per row whatever its operators. */
const COSTLY_LEAVES = 32;

function visit(tree: LogicTree, counter: { leaves: number; costly: boolean }): void {
  if (tree.kind === 'expr') {
    for (const child of tree.children) visit(child, counter);
    return;
  }
  counter.leaves++;
  const op = tree.filter.operation;
  if ((op.kind === 'quant' || op.kind === 'fts') && isCostlyOperator(op.op)) counter.costly = true;
  if (op.kind === 'in' && op.values.length > COSTLY_LEAVES) counter.costly = true;
}

function isCostly(query: Pick<QueryParams, 'where'>): boolean {
  const counter = { leaves: 0, costly: false };
  for (const tree of query.where) visit(tree, counter);
  return counter.costly || counter.leaves > COSTLY_LEAVES;
}

/**
 * Which lane of the admission (rest/admission.ts) a request waits in, so that no kind
 * of request can take every database connection from the plain reads every visitor makes
 * (ADR 011; the cost rules, ADR 020):
 * - `costly`: filters whose cost per row the visitor chooses (may run until statement_timeout),
 *   at any level, or more than a few embeds, or embeds of embeds of embeds; an offset past
 *   DEEP_OFFSET (every skipped row is read); an order no index gives, unless an equality on an
 *   indexed column keeps the rows to sort few; a call of a function declared costly (its COST);
 * - `bulk`: a read that may return up to max_rows rows, having neither a small limit nor an
 *   equality on an indexed column; a page past the first few; every read with an embed;
 * - `plain`: everything else (the Today page's day query, a page of 50, every write).
 */
export type Lane = 'plain' | 'bulk' | 'costly';

/** A limit at most this is a page, not a bulk read. */
const SMALL_PAGE = 100;
/** `in.(…)` with at most this many values on an indexed column is still a selective read. */
const SELECTIVE_IN = 4;
/**
 * An offset past this reads more rows to skip them than a bulk read may return (max_rows,
 * 1,000 in config.toml): `offset=12900&limit=100` reads 13,000 rows for 100. Paging that deep
 * is a crawler's, not a page's: the app pages by date, never past its first 50.
 */
export const DEEP_OFFSET = 1_000;
/**
 * A function whose `COST` (pg_proc.procost, in units of cpu_operator_cost; 100 for SQL and
 * PL/pgSQL unless declared) is at least this is costly to call: `alter function … cost 10000`
 * in a migration marks it, PostgreSQL's own property, read with the schema cache.
 */
export const COSTLY_FUNCTION = 1_000;

function selective(tree: LogicTree, indexed: ReadonlySet<string>): boolean {
  if (tree.kind !== 'filter') return false;
  const { field, negated, operation: op } = tree.filter;
  if (negated || field.json.length > 0 || !indexed.has(field.name)) return false;
  if (op.kind === 'quant') return op.op === 'eq' && op.quantifier === undefined;
  return op.kind === 'in' && op.values.length <= SELECTIVE_IN;
}

/**
 * The first order term decides whether PostgreSQL can read the rows in order from an index or
 * must sort every row that matches: a column that leads no index (pg_index, schema-cache.ts
 * `indexed`), a JSON path, or a column of an embedded resource. Later terms only break ties,
 * which an incremental sort does cheaply.
 */
function sortsEveryRow(order: QueryParams['order'], indexed: ReadonlySet<string>): boolean {
  const [first] = order;
  if (first === undefined) return false;
  return (
    first.relation !== undefined || first.field.json.length > 0 || !indexed.has(first.field.name)
  );
}

/** Past this many embeds, or this deep, a read joins enough per row to be costly. */
const COSTLY_EMBEDS = { count: 4, depth: 2 };

export function laneOf(
  query: Pick<QueryParams, 'where' | 'range'> & Partial<Pick<QueryParams, 'embedded' | 'order'>>,
  read?: { indexed: ReadonlySet<string>; embeds?: { count: number; depth: number } },
  call?: { cost: number },
): Lane {
  if (isCostly(query)) return 'costly';
  for (const params of query.embedded?.values() ?? []) if (isCostly(params)) return 'costly';
  if (query.range.offset > DEEP_OFFSET) return 'costly';
  if (call !== undefined) return call.cost >= COSTLY_FUNCTION ? 'costly' : 'plain';
  if (read === undefined) return 'plain';
  const embeds = read.embeds ?? { count: 0, depth: 0 };
  if (embeds.count > COSTLY_EMBEDS.count || embeds.depth > COSTLY_EMBEDS.depth) return 'costly';
  const few = query.where.some((tree) => selective(tree, read.indexed));
  if (!few && sortsEveryRow(query.order ?? [], read.indexed)) return 'costly';
  // An embed reads up to max_rows rows of another table for each row: never the Today page's lane.
  if (embeds.count > 0) return 'bulk';
  if (few) return 'plain';
  const { offset, limit } = query.range;
  return limit !== undefined && limit <= SMALL_PAGE && offset <= SMALL_PAGE ? 'plain' : 'bulk';
}
