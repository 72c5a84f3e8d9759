import { preferenceApplied } from '../request/parse-headers.ts';
import type { ApiRequest, Payload } from '../request/types.ts';
import { invalidBody, notSupported } from '../response/errors.ts';
import { fromPgError } from '../response/pg-errors.ts';
import type { ResponseShape } from '../response/shape.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { embedShape, planEmbeds } from './embed-plan.ts';
import { laneOf } from './lane.ts';
import { findColumns, findTable } from './resolve.ts';
import type { ActionPlan, Common, Plan, ReadPlan } from './types.ts';

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

/** GET/HEAD/POST/PATCH/DELETE on a table or view: its plan, checked against the cache. */
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
    const { embeds, where, order } = planEmbeds(cache, table.name, query, maxRows);
    const read: ReadPlan = {
      ...common,
      embeds,
      table: table.name,
      where,
      order,
      range: query.range,
      count: shape.count,
      countLimit: shape.countMethod === 'estimated' ? maxRows : undefined,
      headersOnly: shape.head,
    };
    const explained = shape.countMethod === 'planned' || shape.countMethod === 'estimated';
    shape.preferenceApplied = preferenceApplied(prefs, ['count']);
    const lane = laneOf(query, { indexed: table.indexed, embeds: embedShape(embeds) });
    return {
      action: { kind: 'read', plan: read, explain: explained },
      readOnly: true,
      verifyBeforeCommit: false,
      response: shape,
      lane,
    };
  }
  if (method !== 'POST' && (query.range.limit !== undefined || query.range.offset > 0)) {
    throw notSupported(`limit/offset on ${method}`);
  }
  // What a write returns may embed too; PostgREST leaves its levels uncapped (treeRestrictRange).
  const { embeds, where } = planEmbeds(cache, table.name, query, undefined);
  const mutation = {
    ...common,
    table: table.name,
    returning: shape.returning,
    primaryKey: table.primaryKey,
    embeds,
  };
  let action: ActionPlan;
  if (method === 'DELETE') {
    shape.action = 'delete';
    if (query.where.length === 0) throw safeUpdateError('DELETE');
    action = { kind: 'delete', plan: { ...mutation, where } };
  } else {
    const payload = payloadOf(api);
    const columns = findColumns(table, payload.keys);
    if (method === 'POST') {
      shape.action = 'create';
      const onConflictColumns = query.onConflict ?? table.primaryKey;
      action = {
        kind: 'insert',
        plan: {
          ...mutation,
          body: JSON.stringify(payload.rows),
          columns,
          useDefaults: prefs.missing === 'default',
          onConflict:
            prefs.resolution && onConflictColumns.length > 0
              ? { columns: onConflictColumns, resolution: prefs.resolution }
              : undefined,
        },
      };
    } else {
      if (!payload.isObject) throw invalidBody('A PATCH body must be a single JSON object');
      shape.action = 'update';
      if (query.where.length === 0 && columns.length > 0) throw safeUpdateError('UPDATE');
      action = {
        kind: 'update',
        plan: { ...mutation, body: JSON.stringify(payload.rows[0]), columns, where },
      };
    }
  }
  const kinds =
    shape.action === 'create'
      ? (['resolution', 'missing', 'return', 'count'] as const)
      : (['missing', 'return', 'count'] as const);
  shape.preferenceApplied = preferenceApplied(prefs, [...kinds]);
  return {
    action,
    readOnly: false,
    verifyBeforeCommit: common.singular || shape.maxAffected !== undefined,
    response: shape,
    lane: laneOf(query),
  };
}
