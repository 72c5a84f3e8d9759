import { findRelationship, toOne } from './relationships.ts';
import { notSupported, PostgrestError } from '../response/errors.ts';
import { fromPgError } from '../response/pg-errors.ts';
import { restrictRange } from './range.ts';
import { findTable } from './resolve.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import type {
  EmbedParams,
  EmbedRequest,
  LogicTree,
  OrderTerm,
  QueryParams,
} from '../request/types.ts';
import type { EmbedNode, PlanLogicTree, PlanOrderTerm } from './types.ts';

/** PGRST118 (RelatedOrderNotToOne): only a to-one embed's column can order its parent. */
function relatedOrderNotToOne(origin: string, target: string): PostgrestError {
  return new PostgrestError(400, {
    code: 'PGRST118',
    message: `A related order on '${target}' is not possible`,
    details: `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  });
}

/** `order=authors(name)`: binds each related term to the embed it names, which must be to-one. */
function bindRelatedOrder(origin: string, order: OrderTerm[], nodes: EmbedNode[]): PlanOrderTerm[] {
  return order.map((term) => {
    if (term.relation === undefined) return term;
    const node = nodes.find((n) => n.name === term.relation);
    if (!node) throw notEmbedded(term.relation, false);
    if (!toOne(node.rel)) throw relatedOrderNotToOne(origin, term.relation);
    return { ...term, embed: node };
  });
}

/** PGRST108 (NotEmbedded): a parameter names a path that `select=` does not embed. */
function notEmbedded(path: string, aliased: boolean): PostgrestError {
  return new PostgrestError(400, {
    code: 'PGRST108',
    message: `'${path}' is not an embedded resource in this request`,
    details: aliased ? 'Target names are not allowed in filters if they have an alias' : null,
    hint: aliased ? null : `Verify that '${path}' is included in the 'select' query parameter.`,
  });
}

/** PGRST120: only `is.null` / `not.is.null` may test an embedded resource itself. */
function unacceptableFilter(name: string): PostgrestError {
  return new PostgrestError(400, {
    code: 'PGRST120',
    message: `Bad operator on the '${name}' embedded resource`,
    details: 'Only is null or not is null filters are allowed on embedded resources',
  });
}

/**
 * Binds the filters of one level that test an embedded resource for null (PostgREST's
 * CoercibleFilterNullEmbed) to that embed, so they compile against the join rather than a column.
 */
function bindNullFilters(where: LogicTree[], nodes: EmbedNode[]): PlanLogicTree[] {
  const visit = (tree: LogicTree): PlanLogicTree => {
    if (tree.kind === 'expr') return { ...tree, children: tree.children.map(visit) };
    const { filter } = tree;
    const node = nodes.find((n) => n.name === filter.field.name);
    if (!node || filter.field.json.length > 0) return tree;
    const op = filter.operation;
    // PostgREST's addNullEmbedFilters takes `is.null` and `not.is.null` only.
    if (op.kind !== 'is' || op.value !== 'null') throw unacceptableFilter(node.name);
    node.nullFiltered = true;
    return { kind: 'filter', filter: { ...filter, embed: node } };
  };
  return where.map(visit);
}

/**
 * Two embeds of one level under one name (`a:x(*),a:y(*)`, or `x(*),x(*)`) would give each row
 * a duplicate JSON key. PostgREST names each embed's lateral join `<parent>_<alias or
 * target>_<depth>` (Plan.hs addRels' aggAlias), so PostgreSQL refuses the statement at parse
 * analysis with 42712, which PostgREST answers 400 with PostgreSQL's own message.
 */
function refuseDuplicateNames(parent: string, nodes: EmbedNode[], depth: number): void {
  const seen = new Set<string>();
  for (const node of nodes) {
    if (seen.has(node.name)) {
      const join = `${parent}_${node.name}_${depth}`;
      throw fromPgError(
        { code: '42712', message: `table name "${join}" specified more than once` },
        false,
      );
    }
    seen.add(node.name);
  }
}

/**
 * Resolves every embedded resource of `select=` against the schema cache's foreign keys, gives
 * each its `path.col=…`, `path.order=…`, `path.limit=…` parameters, and caps every level at
 * max_rows as PostgREST's treeRestrictRange does. A parameter whose path embeds nothing is
 * PGRST108. The top level's filters and order come back bound to the embeds they name.
 */
export function planEmbeds(
  cache: SchemaCache,
  origin: string,
  query: Pick<QueryParams, 'embeds' | 'embedded' | 'where' | 'order'>,
  maxRows: number | undefined,
): { embeds: EmbedNode[]; where: PlanLogicTree[]; order: PlanOrderTerm[] } {
  const used = new Set<string>();
  let counter = 0;
  const aliasedTargets = new Set<string>();
  const build = (parent: string, requests: EmbedRequest[], prefix: string): EmbedNode[] => {
    const nodes = requests.map((request) => {
      const name = request.alias ?? request.target;
      const path = prefix + name;
      if (request.alias !== undefined) aliasedTargets.add(prefix + request.target);
      const rel = findRelationship(cache, parent, request.target, request.hint);
      const table = findTable(cache, rel.foreignTable).name;
      const params: EmbedParams = query.embedded.get(path) ?? {
        where: [],
        order: [],
        range: { offset: 0 },
      };
      used.add(path);
      const select = request.select;
      const node: EmbedNode = {
        name,
        alias: `pgrst_e${++counter}`,
        table,
        rel,
        join: request.join ?? 'left',
        columns: select.columns,
        where: [],
        order: [],
        range: toOne(rel) ? { offset: 0 } : restrictRange(params.range, maxRows),
        embeds: build(table, select.embeds, `${path}.`),
        empty: select.embeds.length === 0 && select.columns !== '*' && select.columns.length === 0,
        nullFiltered: false,
        spread: request.spread === true,
      };
      if (node.spread && !toOne(rel))
        throw notSupported(`Spreading a one-to-many embedded resource (\`...${name}(…)\`)`);
      node.where = bindNullFilters(params.where, node.embeds);
      node.order = bindRelatedOrder(table, params.order, node.embeds);
      return node;
    });
    // After every relationship of the level resolved: PGRST200/201 are PostgREST's plan errors,
    // answered before any SQL runs; 42712 comes from PostgreSQL.
    refuseDuplicateNames(parent, nodes, prefix.split('.').length);
    return nodes;
  };
  const embeds = build(origin, query.embeds, '');
  const where = bindNullFilters(query.where, embeds);
  const order = bindRelatedOrder(origin, query.order, embeds);
  for (const path of query.embedded.keys()) {
    if (!used.has(path)) throw notEmbedded(path, aliasedTargets.has(path));
  }
  return { embeds, where, order };
}

/** How many embeds, and how deep: the admission lane reads these (lane.ts laneOf). */
export function embedShape(nodes: EmbedNode[], depth = 1): { count: number; depth: number } {
  let count = 0;
  let deepest = nodes.length > 0 ? depth : depth - 1;
  for (const node of nodes) {
    const inner = embedShape(node.embeds, depth + 1);
    count += 1 + inner.count;
    deepest = Math.max(deepest, inner.depth);
  }
  return { count, depth: deepest };
}
