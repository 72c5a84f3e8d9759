import type { ResponseShape } from './response/shape.ts';
import { compileDelete, compileInsert, compileUpdate } from './query/mutate.ts';
import { compileExplain, compileRead, type ReadPlan } from './query/read.ts';
import { embedShape, planEmbeds } from './embed-plan.ts';
import { invalidBody, notSupported } from './response/errors.ts';
import { laneOf } from './plan/lane.ts';
import { fromPgError } from './response/pg-errors.ts';
import { preferenceApplied } from './request/parse-headers.ts';
import type { Common, Plan } from './plan/types.ts';
import { findColumns, findTable } from './resolve.ts';
import type { SchemaCache } from './schema-cache/schema-cache.ts';
import type { Statement } from './query/sql.ts';
import type { ApiRequest, Payload } from './request/types.ts';

/**
 * Hosted Supabase preloads pg-safeupdate for the API's connections: an UPDATE or DELETE without
 * a WHERE clause fails at parse analysis, before any grant or policy is checked, with SQLSTATE
 * 21000 and no detail or hint (safeupdate.c); PostgREST answers it 400 (Error.hs). The compiled
 * statement has a WHERE exactly when the request has a filter, so the check is made here.
 * An empty PATCH compiles to no UPDATE at all, as in PostgREST, and is not refused.
 */
function safeUpdateError(command: 'DELETE' | 'UPDATE') {
  return fromPgError({ code: '21000', message: `${command} requires a WHERE clause` }, false);
}

/** The body the request stage read, or the error it kept, thrown here where PostgREST meets it. */
export function payloadOf(api: ApiRequest): Payload {
  const parsed = api.payload ?? { error: new Error('payloadOf: no body read for this method') };
  if ('error' in parsed) throw parsed.error;
  return parsed.value;
}

/** GET/HEAD/POST/PATCH/DELETE on a table or view: one statement, checked against the cache. */
export function planTable(
  api: ApiRequest,
  cache: SchemaCache,
  shape: ResponseShape,
  common: Common,
  maxRows: number | undefined,
): Plan {
  const { method, query, preferences: prefs } = api;
  const table = findTable(cache, api.resource.name);
  shape.primaryKey = table.primaryKey;
  if (method === 'GET' || method === 'HEAD') {
    const embeds = planEmbeds(cache, table.name, query, maxRows);
    const read: ReadPlan = {
      ...common,
      embeds,
      table: table.name,
      where: query.where,
      order: query.order,
      range: query.range,
      count: shape.count,
      countLimit: shape.countMethod === 'estimated' ? maxRows : undefined,
      headersOnly: shape.head,
    };
    const statement = compileRead(read);
    const explained = shape.countMethod === 'planned' || shape.countMethod === 'estimated';
    shape.preferenceApplied = preferenceApplied(prefs, ['count']);
    const lane = laneOf(query, { indexed: table.indexed, embeds: embedShape(embeds) });
    return {
      statement,
      explain: explained ? compileExplain(read) : undefined,
      readOnly: true,
      verifyBeforeCommit: false,
      response: shape,
      lane,
    };
  }
  if (method !== 'POST' && (query.range.limit !== undefined || query.range.offset > 0)) {
    throw notSupported(`limit/offset on ${method}`);
  }
  const mutation = {
    ...common,
    table: table.name,
    returning: shape.returning,
    primaryKey: table.primaryKey,
    // What a write returns may embed too; PostgREST leaves its levels uncapped (treeRestrictRange).
    embeds: planEmbeds(cache, table.name, query, undefined),
  };
  let statement: Statement;
  if (method === 'DELETE') {
    shape.action = 'delete';
    if (query.where.length === 0) throw safeUpdateError('DELETE');
    statement = compileDelete({ ...mutation, where: query.where });
  } else {
    const payload = payloadOf(api);
    const columns = findColumns(table, payload.keys);
    if (method === 'POST') {
      shape.action = 'create';
      const onConflictColumns = query.onConflict ?? table.primaryKey;
      statement = compileInsert({
        ...mutation,
        body: JSON.stringify(payload.rows),
        columns,
        useDefaults: prefs.missing === 'default',
        onConflict:
          prefs.resolution && onConflictColumns.length > 0
            ? { columns: onConflictColumns, resolution: prefs.resolution }
            : undefined,
      });
    } else {
      if (!payload.isObject) throw invalidBody('A PATCH body must be a single JSON object');
      shape.action = 'update';
      if (query.where.length === 0 && columns.length > 0) throw safeUpdateError('UPDATE');
      statement = compileUpdate({
        ...mutation,
        body: JSON.stringify(payload.rows[0]),
        columns,
        where: query.where,
      });
    }
  }
  const kinds =
    shape.action === 'create'
      ? (['resolution', 'missing', 'return', 'count'] as const)
      : (['missing', 'return', 'count'] as const);
  shape.preferenceApplied = preferenceApplied(prefs, [...kinds]);
  return {
    statement,
    readOnly: false,
    verifyBeforeCommit: common.singular || shape.maxAffected !== undefined,
    response: shape,
  };
}
