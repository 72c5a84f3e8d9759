import type pg from 'pg';
import { expect } from 'vitest';
import {
  describe as describeRequest,
  send,
  type FuzzRequest,
  type FuzzResponse,
} from './http-client.ts';

/** One checksum per table of `public` and `auth`: any change to any row changes one. */
export async function checksums(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') order by 1, 2`,
    [['public', 'auth']],
  );
  const out: Record<string, string> = {};
  for (const { schema, name } of tables) {
    // Identifiers come from pg_catalog, quoted with format('%I'); no request input reaches here.
    const { rows } = await pool.query<{ sql: string }>(
      `select format('select count(*)::text || '':'' || coalesce(md5(string_agg(t::text, '','' order by t::text)), '''') as sum from %I.%I t', $1::text, $2::text) as sql`,
      [schema, name],
    );
    const { rows: sums } = await pool.query<{ sum: string }>(rows[0]!.sql);
    out[`${schema}.${name}`] = sums[0]!.sum;
  }
  return out;
}

/** Runs `tasks` with at most `limit` in flight. */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (body: unknown, keys: string[]) => isObject(body) && keys.every((k) => k in body);

/**
 * Whether an error body is the real service's: PostgREST's {code,message,details,hint}, GoTrue's
 * {code,error_code,msg} (or {code,message} with X-Supabase-Api-Version 2024-01-01, or OAuth's
 * {error,error_description}), the edge runtime's {code,message} or the function's {error}, and
 * the gateway's (Kong) {message} for a missing or bad key and unknown routes.
 */
export function errorShapeProblem(request: FuzzRequest, response: FuzzResponse): string | null {
  if (response.status < 400 || request.method === 'HEAD' || response.text === '') return null;
  if (
    request.surface === 'auth' &&
    response.status === 404 &&
    response.text === '404 page not found'
  )
    return null;
  if (request.surface === 'static' && /text\/html/.test(String(response.headers['content-type'])))
    return null;
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return `error body is not JSON: ${response.text.slice(0, 120)}`;
  }
  const gateway = has(body, ['message']) && Object.keys(body as object).length === 1;
  const ok = {
    rest: has(body, ['code', 'message', 'details', 'hint']) || gateway,
    auth:
      has(body, ['code', 'error_code', 'msg']) ||
      has(body, ['code', 'message']) ||
      has(body, ['error', 'error_description']) ||
      gateway,
    functions: has(body, ['code', 'message']) || has(body, ['error']),
    static: gateway || has(body, ['statusCode', 'message']),
  }[request.surface];
  return ok ? null : `unexpected error body: ${response.text.slice(0, 160)}`;
}

export interface Failure {
  request: string;
  problem: string;
}

/** Sends every request and collects each 5xx, malformed error body or dropped connection. */
export async function fuzzHttp(
  baseUrl: string,
  requests: readonly FuzzRequest[],
  failures: Failure[],
): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  await runLimited(requests, 16, async (request) => {
    let response: FuzzResponse;
    try {
      response = await send(baseUrl, request);
    } catch (error) {
      // A truncated upload ends in our own hang-up; anything else means the server dropped us.
      if (!request.truncate)
        failures.push({
          request: describeRequest(request),
          problem: `no response: ${String(error)}`,
        });
      return;
    }
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status >= 500)
      failures.push({
        request: describeRequest(request),
        problem: `${response.status} ${response.text.slice(0, 200)}`,
      });
    const shape = errorShapeProblem(request, response);
    if (shape)
      failures.push({ request: describeRequest(request), problem: `${response.status} ${shape}` });
  });
  return statuses;
}

export function reportFailures(label: string, failures: readonly Failure[]): void {
  for (const f of failures.slice(0, 50)) console.error(`[${label}] ${f.problem}\n    ${f.request}`);
  if (failures.length > 50) console.error(`[${label}] …and ${failures.length - 50} more`);
  expect(failures.map((f) => `${f.problem} <= ${f.request}`)).toEqual([]);
}
