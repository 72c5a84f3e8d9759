import { badToken, headerSafe, hostileText, pathSafe } from './atoms.ts';
import { hugeBody, jsonBody, type Credentials } from './grammar-bodies.ts';
import type { FuzzRequest } from './http-client.ts';
import type { Prng } from './prng.ts';

// /functions/v1 and the static files: traversal, odd names and methods. The function's bodies
// never validate, so even an admin's call cannot create a row.

const TRAVERSALS = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  '..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
  '%252e%252e%252fetc%252fpasswd',
  '/etc/passwd',
  '//etc/passwd',
  'generate-lottery-results/../../../package.json',
  'generate-lottery-results/..%2Fhandler.ts',
  'generate-lottery-results%00.ts',
  '.env',
  '.git/config',
  'generate-lottery-results/handler.ts',
  '%2e',
  '..',
  '.',
  '~',
  'node_modules/.bin/vite',
];

function functionBody(rng: Prng): Buffer {
  const date = () =>
    rng.pick([
      '2024-02-30',
      '2024-1-01',
      '01/02/2024',
      '9999-99-99',
      '',
      '2024-13-01',
      '+002024-01-01',
      '2024-01-01T00:00',
      hostileText(rng),
    ]);
  return rng.oneOf(
    () => Buffer.from(JSON.stringify({ fromDate: date(), toDate: date() })),
    () =>
      Buffer.from(
        JSON.stringify({
          fromDate: '2024-01-01',
          toDate: '2024-01-01',
          first_prize: '0000',
          [hostileText(rng)]: 1,
        }),
      ),
    // Far longer than the 366-day cap: refused before any row is made.
    () => Buffer.from(JSON.stringify({ fromDate: '1900-01-01', toDate: '2999-12-31' })),
    () => Buffer.from(JSON.stringify({ fromDate: '2024-01-01' })),
    () => jsonBody(rng),
    () => Buffer.from(JSON.stringify({ fromDate: 'x'.repeat(20_000), toDate: '2024-01-01' })),
  );
}

export function functionsRequest(rng: Prng, creds: Credentials): FuzzRequest {
  const headers: Record<string, string> = {};
  const who = rng.int(0, 6);
  if (who >= 1) headers.apikey = creds.anonKey;
  if (who === 1) headers.authorization = `Bearer ${creds.anonKey}`;
  if (who === 2) headers.authorization = `Bearer ${creds.userToken}`;
  if (who === 3)
    headers.authorization = `Bearer ${badToken(rng, [creds.userToken, creds.anonKey])}`;
  if (who === 4)
    headers.authorization = rng.pick([
      'Bearer',
      'Basic Zm9vOmJhcg==',
      'Bearer  two  spaces',
      headerSafe(hostileText(rng)),
    ]);
  // Admins are let through to body validation, with bodies that never validate.
  if (who >= 5) headers.authorization = `Bearer ${creds.adminToken}`;
  if (rng.chance(0.4))
    headers['content-type'] = rng.pick([
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      ';;',
      headerSafe(hostileText(rng)),
    ]);
  const name = rng.oneOf(
    () => 'generate-lottery-results',
    () => `generate-lottery-results/${pathSafe(hostileText(rng))}`,
    () => rng.pick(TRAVERSALS),
    () => pathSafe(hostileText(rng)),
  );
  const method = rng.pick([
    'POST',
    'POST',
    'POST',
    'GET',
    'PUT',
    'DELETE',
    'PATCH',
    'OPTIONS',
    'HEAD',
    'TRACE',
  ]);
  const request: FuzzRequest = {
    surface: 'functions',
    method,
    path: `/functions/v1/${name}`,
    headers,
  };
  if (method !== 'GET' && method !== 'HEAD') {
    request.body = rng.chance(0.008) ? hugeBody(rng) : functionBody(rng);
    request.truncate = rng.chance(0.01);
  }
  return request;
}

export function staticRequest(rng: Prng): FuzzRequest {
  const path = rng.oneOf(
    () => `/${rng.pick(TRAVERSALS)}`,
    () => `/assets/${rng.pick(TRAVERSALS)}`,
    () => `/${pathSafe(hostileText(rng))}`,
    () =>
      rng.pick([
        '/',
        '/history',
        '/admin',
        '/index.html',
        '/assets/',
        '/assets',
        '//',
        '/%00',
        '/assets/app.js',
        '/assets/app.js.br',
      ]),
  );
  const headers: Record<string, string> = {};
  if (rng.chance(0.5)) headers.accept = rng.pick(['text/html', '*/*', 'application/json']);
  if (rng.chance(0.3))
    headers['accept-encoding'] = rng.pick(['br', 'gzip', 'br;q=x', 'identity;q=0', 'zstd', '*']);
  if (rng.chance(0.3))
    headers.range = rng.pick([
      'bytes=0-0',
      'bytes=5-1',
      'bytes=-1',
      'bytes=0-1,2-3',
      'items=0-1',
      'bytes=99999999999999999999-',
    ]);
  if (rng.chance(0.1)) headers['if-none-match'] = headerSafe(hostileText(rng));
  return {
    surface: 'static',
    method: rng.pick(['GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE']),
    path,
    headers,
  };
}
