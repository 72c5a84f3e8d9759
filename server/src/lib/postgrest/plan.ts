import { invalidRpcMethod, notSupported, unsupportedMethod } from './errors.ts';
import { checkProfile, negotiateMediaType, parsePreferences } from './parse-headers.ts';
import { applyRangeHeader } from './parse-order.ts';
import { parseQuery } from './parse-query.ts';
import { planCall } from './plan-call.ts';
import { planTable } from './plan-table.ts';
import {
  EXPOSED_SCHEMAS,
  header,
  type Plan,
  type ResponseShape,
  type RestRequest,
} from './request.ts';
import type { SchemaCache } from './schema-cache.ts';

export type { Headers, Plan, ResponseShape, RestRequest } from './request.ts';
export { EXPOSED_SCHEMAS } from './request.ts';

/** Turns a request into one SQL statement and the shape of its response (PostgREST's Plan.hs). */
export function planRequest(req: RestRequest, cache: SchemaCache): Plan {
  const method = req.method.toUpperCase();
  const isRead = method === 'GET' || method === 'HEAD';
  const rpc = req.resource.kind === 'rpc';
  if (rpc && !isRead && method !== 'POST') throw invalidRpcMethod(method);
  if (!rpc && !['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
    if (method === 'PUT') throw notSupported('PUT (upsert of one row by primary key)');
    throw unsupportedMethod(method);
  }
  checkProfile(header(req.headers, isRead ? 'accept-profile' : 'content-profile'), EXPOSED_SCHEMAS);
  const prefs = parsePreferences(req.headers.prefer);
  const media = negotiateMediaType(header(req.headers, 'accept'));
  const query = parseQuery(req.query, rpc && isRead);
  if (method === 'GET') query.range = applyRangeHeader(query.range, header(req.headers, 'range'));
  const shape: ResponseShape = {
    action: 'read',
    resource: req.resource.name,
    offset: query.range.offset,
    count: prefs.count !== undefined,
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
    ? planCall(req, cache, query, shape, common, method)
    : planTable(req, cache, query, shape, common, prefs);
  if (prefs.timezone !== undefined) plan.timezone = prefs.timezone;
  return plan;
}
