import type { FastifyRequest } from 'fastify';
import type { RestRequest } from '../lib/postgrest/request/types.ts';
import type { RequestSettings } from './execute.ts';

export type Resource = RestRequest['resource'];

/** `<table>` or `rpc/<fn>`, one segment each; anything deeper is not a PostgREST path. */
export function resourceOf(path: string): Resource | null {
  const parts = path.split('/');
  if (parts.length === 1 && parts[0] !== '') return { kind: 'table', name: parts[0]! };
  if (parts.length === 2 && parts[0] === 'rpc' && parts[1] !== '')
    return { kind: 'rpc', name: parts[1]! };
  return null;
}

/** What the planner reads of an HTTP request: method, resource, query string, headers, body. */
export function restRequest(request: FastifyRequest, resource: Resource): RestRequest {
  return {
    method: request.method,
    resource,
    query: request.url.split('?', 2)[1] ?? '',
    headers: request.headers,
    body: typeof request.body === 'string' ? request.body : undefined,
  };
}

function cookies(header: string | undefined): string {
  const out: Record<string, string> = {};
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return JSON.stringify(out);
}

/**
 * The `request.*` settings PostgREST gives SQL: the path below the API's prefix, the headers
 * without the cookie header, and the cookies on their own.
 */
export function requestSettings(request: FastifyRequest, prefix: string): RequestSettings {
  const path = request.url.split('?', 1)[0] ?? '';
  const { cookie, ...headers } = request.headers;
  return {
    method: request.method,
    path: path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path,
    headersJson: JSON.stringify(headers),
    cookiesJson: cookies(typeof cookie === 'string' ? cookie : undefined),
  };
}
