import {
  invalidBody,
  invalidRpcMethod,
  notSupported,
  unsupportedMethod,
} from '../response/errors.ts';
import { parseJson, toPayload } from './body.ts';
import { checkProfile, negotiateMediaType, parsePreferences } from './parse-headers.ts';
import { applyRangeHeader } from './parse-order.ts';
import { parseQuery } from './parse-query.ts';
import type { ApiRequest, Headers, QueryParams, RestRequest } from './types.ts';

export const EXPOSED_SCHEMAS = ['public'];

export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Only JSON bodies: PostgREST's CSV and form bodies are not implemented here. */
export function checkContentType(headers: Headers): void {
  const type = (header(headers, 'content-type') ?? 'application/json')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type === 'application/json' || type === '') return;
  if (type === 'text/csv' || type === 'application/x-www-form-urlencoded')
    throw notSupported(`A ${type} request body`);
  throw invalidBody(`Content-Type not acceptable: ${type}`);
}

/**
 * PostgREST also embeds into a function's rows; this stack embeds into reads and into what a
 * write returns only (docs/decisions/014-resource-embedding.md).
 */
function refuseEmbedding(query: QueryParams): void {
  const related = query.order.some((term) => term.relation !== undefined);
  if (query.embeds.length > 0 || query.embedded.size > 0 || related)
    throw notSupported('Embedding a resource into what a function call returns');
}

/** The method, checked against the resource (PostgREST's getAction). */
function checkMethod(method: string, rpc: boolean, isRead: boolean): void {
  if (rpc && !isRead && method !== 'POST') throw invalidRpcMethod(method);
  if (!rpc && !['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
    if (method === 'PUT') throw notSupported('PUT (upsert of one row by primary key)');
    throw unsupportedMethod(method);
  }
}

/**
 * The body of a POST or PATCH: JSON only; to a function an empty body is `{}`. Its error is
 * kept, not thrown (ApiRequest's `payload`).
 */
function readPayload(req: RestRequest, rpc: boolean, query: QueryParams): ApiRequest['payload'] {
  try {
    checkContentType(req.headers);
    const empty = req.body === undefined || req.body.trim() === '';
    const json = rpc && empty ? {} : parseJson(req.body);
    return { value: toPayload(json, query.columns) };
  } catch (error) {
    return { error };
  }
}

/**
 * Reads everything a request says, before any schema is consulted (PostgREST's ApiRequest.hs):
 * the method, the profile, the preferences, the media type, the query string and the body.
 */
export function parseApiRequest(req: RestRequest): ApiRequest {
  const method = req.method.toUpperCase();
  const isRead = method === 'GET' || method === 'HEAD';
  const rpc = req.resource.kind === 'rpc';
  checkMethod(method, rpc, isRead);
  checkProfile(header(req.headers, isRead ? 'accept-profile' : 'content-profile'), EXPOSED_SCHEMAS);
  const preferences = parsePreferences(req.headers.prefer);
  const media = negotiateMediaType(header(req.headers, 'accept'));
  const query = parseQuery(req.query, rpc && isRead);
  if (rpc) refuseEmbedding(query);
  if (method === 'GET') query.range = applyRangeHeader(query.range, header(req.headers, 'range'));
  const api: ApiRequest = {
    method,
    resource: req.resource,
    isRead,
    preferences,
    media,
    query,
    body: req.body,
  };
  if (method === 'POST' || method === 'PATCH') api.payload = readPayload(req, rpc, query);
  return api;
}
