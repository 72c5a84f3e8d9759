import {
  badToken,
  headerSafe,
  hostileText,
  identifier,
  pathSafe,
  TABLES,
  urlText,
} from './atoms.ts';
import { OPERATORS as SERVER_OPERATORS } from '../../server/src/lib/postgrest/operators.ts';
import { hugeBody, jsonBody, type Credentials } from './grammar-bodies.ts';
import type { FuzzRequest } from './http-client.ts';
import type { Prng } from './prng.ts';

/** Every operator the server knows (its one table), then spellings it must refuse or read apart. */
const OPERATORS = [
  ...Object.keys(SERVER_OPERATORS),
  'not.eq',
  'not.not.eq',
  'not.in',
  'eq(any)',
  'like(all)',
  'fts(english)',
  "fts('x')",
  'zz',
  'first_prize',
  '',
  'not',
  'not.',
  'EQ',
  'eq%20',
];
const READ_METHODS = ['GET', 'HEAD'];
const ALL_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PATCH',
  'DELETE',
  'PUT',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'get',
];

function value(rng: Prng): string {
  return rng.oneOf(
    () => urlText(rng),
    () => String(rng.int(-5, 30)),
    () => `(${rng.repeat(rng.int(0, 4), () => urlText(rng), ',')})`,
    () => `{${rng.repeat(rng.int(0, 3), () => urlText(rng), ',')}`,
    () => rng.pick(['null', 'true', 'unknown', 'NULL', '2024-01-01', '2024-02-30', '0042']),
  );
}

function condition(rng: Prng, depth: number): string {
  if (depth > 0 && rng.chance(0.3)) {
    const logic = rng.pick(['or', 'and', 'not.or', 'not.and', 'xor', 'or', 'not.not.or']);
    return `${logic}(${rng.repeat(rng.int(0, 3), () => condition(rng, depth - 1), ',')})`;
  }
  return `${identifier(rng)}.${rng.pick(OPERATORS)}.${value(rng)}`;
}

function logicParam(rng: Prng): string {
  const key = rng.pick(['or', 'and', 'not.or', 'not.and', 'or', 'lottery_results.or']);
  return rng.oneOf(
    () => `${key}=(${rng.repeat(rng.int(0, 3), () => condition(rng, 3), ',')})`,
    () => `${key}=${rng.repeat(rng.int(1, 30), () => '(')}`,
    () => `${key}=(${condition(rng, 1)}${rng.repeat(rng.int(0, 3), () => ')')}`,
    () =>
      `${key}=${rng.repeat(rng.int(50, 400), () => '(')}a.eq.1${rng.repeat(rng.int(0, 400), () => ')')}`,
  );
}

function param(rng: Prng): string {
  return rng.oneOf(
    () => `${identifier(rng)}=${rng.pick(OPERATORS)}.${value(rng)}`,
    () => `${identifier(rng)}=${value(rng)}`,
    () => logicParam(rng),
    () =>
      `select=${rng.repeat(
        rng.int(0, 4),
        () =>
          rng.oneOf(
            () => identifier(rng),
            () => `${identifier(rng)}::${urlText(rng)}`,
            () => `x:${identifier(rng)}`,
            () => `${identifier(rng)}(${identifier(rng)})`,
            () => `${identifier(rng)}->>${urlText(rng)}`,
            () => '*',
          ),
        ',',
      )}`,
    () =>
      `order=${rng.repeat(rng.int(0, 3), () => `${identifier(rng)}${rng.pick(['', '.asc', '.desc', '.nullsfirst', '.sideways', '.desc.nullslast', '.asc.asc'])}`, ',')}`,
    () =>
      `${rng.pick(['limit', 'offset'])}=${rng.pick(['-1', '0', '1', '1e3', '99999999999999999999', 'abc', '', urlText(rng)])}`,
    () => `${rng.pick(['on_conflict', 'columns', 'apikey', 'select', 'order'])}=${urlText(rng)}`,
    () => `${urlText(rng)}=${urlText(rng)}`,
    () => urlText(rng),
  );
}

function restHeaders(rng: Prng, creds: Credentials, write: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const who = rng.int(0, 9);
  const readOnlyPower = !write && who >= 8;
  if (who !== 0) {
    headers.apikey =
      who === 1
        ? badToken(rng, [creds.anonKey])
        : readOnlyPower && who === 9
          ? creds.serviceRoleKey
          : creds.anonKey;
  }
  if (who >= 3 && who <= 5) headers.authorization = `Bearer ${creds.userToken}`;
  if (who === 6)
    headers.authorization =
      rng.pick(['Bearer ', 'Basic abc', 'bearer', '']) +
      badToken(rng, [creds.userToken, creds.anonKey]);
  if (who === 8 && readOnlyPower) headers.authorization = `Bearer ${creds.adminToken}`;
  if (rng.chance(0.25))
    headers.range = rng.pick([
      '0-9',
      '5-1',
      '-1',
      'a-b',
      '0-',
      '99999999999999999999-',
      'items=0-1',
      '0-9,10-20',
    ]);
  if (rng.chance(0.25)) headers['range-unit'] = rng.pick(['items', 'bytes', '']);
  if (rng.chance(0.3))
    headers.prefer = rng.pick([
      'return=representation',
      'count=exact',
      'count=planned',
      'count=nope',
      'resolution=merge-duplicates',
      'resolution=ignore-duplicates',
      'missing=default',
      'tx=rollback',
      'tx=commit',
      'handling=strict, foo=bar',
      'max-affected=0',
      'return=headers-only',
      'params=single-object',
      headerSafe(hostileText(rng)),
    ]);
  if (rng.chance(0.3))
    headers.accept = rng.pick([
      'application/vnd.pgrst.object+json',
      'application/vnd.pgrst.plan+json',
      'text/csv',
      'application/geo+json',
      'application/octet-stream',
      'text/plain',
      '*/*;q=x',
      'application/json;nulls=stripped',
      'application/vnd.pgrst.array+json;nulls=stripped',
      headerSafe(hostileText(rng)),
    ]);
  if (rng.chance(0.2))
    headers[rng.pick(['accept-profile', 'content-profile'])] = rng.pick([
      'public',
      'auth',
      'private',
      'pg_catalog',
      'extensions',
      '',
      headerSafe(hostileText(rng)),
    ]);
  if (rng.chance(0.5))
    headers['content-type'] = rng.pick([
      'application/json',
      'application/json; charset=latin1',
      'text/csv',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'text/plain',
      'application/vnd.pgrst.object+json',
      '',
      ';;;',
      headerSafe(hostileText(rng)),
    ]);
  return headers;
}

export function restRequest(rng: Prng, creds: Credentials): FuzzRequest {
  const write = rng.chance(0.45);
  const method = write ? rng.pick(ALL_METHODS) : rng.pick(READ_METHODS);
  const isWrite = !READ_METHODS.includes(method);
  const table = rng.chance(0.7)
    ? rng.pick(TABLES)
    : rng.chance(0.5)
      ? `rpc/${identifier(rng)}`
      : pathSafe(hostileText(rng));
  const params = Array.from({ length: rng.int(0, 5) }, () => param(rng));
  const query = params.length > 0 ? `?${params.join('&')}` : rng.pick(['', '?', '?&&', '?=']);
  const request: FuzzRequest = {
    surface: 'rest',
    method,
    path: `/rest/v1/${table}${query}`,
    headers: restHeaders(rng, creds, isWrite),
  };
  if (isWrite || rng.chance(0.05)) {
    request.body = rng.chance(0.006) ? hugeBody(rng) : jsonBody(rng);
    request.truncate = rng.chance(0.01);
  }
  return request;
}
