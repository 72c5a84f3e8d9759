import { BAD_ESCAPES, badToken, headerSafe, hostileText } from './atoms.ts';
import { hugeBody, jsonBody, type Credentials } from './grammar-bodies.ts';
import type { FuzzRequest } from './http-client.ts';
import type { Prng } from './prng.ts';

// /auth/v1. Nothing generated here can succeed at a write: sign-ups
// always break a rule, passwords are always wrong, the real session only reads.

const AUTH_PATHS = [
  'signup',
  'token',
  'token?grant_type=password',
  'token?grant_type=refresh_token',
  'token?grant_type=pkce',
  'token?grant_type=',
  'user',
  'logout',
  'logout?scope=nope',
  'logout?scope=%00',
  'settings',
  'health',
  'recover',
  'otp',
  'verify',
  'admin/users',
  'authorize?provider=github',
  'callback',
  'factors',
  'reauthenticate',
  '',
  '..%2Frest%2Fv1%2Fuser_roles',
];
function authBody(rng: Prng, knownEmail: string): Buffer {
  const bad = (): Record<string, unknown> =>
    rng.oneOf<Record<string, unknown>>(
      // Missing password, short password, bad email: every sign-up refuses.
      () => ({
        email: rng.pick([knownEmail, 'x@y', hostileText(rng), `${hostileText(rng)}@example.com`]),
      }),
      () => ({
        email: `fuzz${rng.int(0, 1e6)}@example.com`,
        password: rng.pick(['', 'a', '12345']),
      }),
      () => ({
        email: rng.pick(['', 'not-an-email', '@', 'a@@b', `${'a'.repeat(300)}@x.io`]),
        password: `pw-${hostileText(rng)}-long-enough`,
      }),
      () => ({ email: knownEmail, password: `wrong-${rng.int(0, 1e9)}` }),
      () => ({ phone: hostileText(rng), password: 'x' }),
      () => ({ refresh_token: rng.pick(['', 'x', hostileText(rng), 'a'.repeat(5000)]) }),
      () => ({ email: [knownEmail], password: { $ne: null } }),
      () => ({ email: knownEmail, password: 12345678, data: { role: 'service_role' } }),
    );
  return rng.chance(0.6) ? Buffer.from(JSON.stringify(bad())) : jsonBody(rng);
}

export function authRequest(rng: Prng, creds: Credentials, knownEmail: string): FuzzRequest {
  const headers: Record<string, string> = {};
  const who = rng.int(0, 6);
  if (who !== 0) headers.apikey = who === 1 ? badToken(rng, [creds.anonKey]) : creds.anonKey;
  if (who === 4) headers.authorization = `Bearer ${badToken(rng, [creds.userToken])}`;
  if (rng.chance(0.4))
    headers['content-type'] = rng.pick([
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/json; charset=utf-16',
      headerSafe(hostileText(rng)),
    ]);
  if (rng.chance(0.3))
    headers['x-supabase-api-version'] = rng.pick([
      '2024-01-01',
      '2023-12-31',
      '9999-99-99',
      'x',
      '2024-02-30',
      '',
    ]);
  if (rng.chance(0.1)) headers['x-forwarded-for'] = headerSafe(hostileText(rng));
  const method = rng.pick([
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
  // The real session only reads (a logout would end it and change auth.sessions).
  if (who === 3 && (method === 'GET' || method === 'HEAD'))
    headers.authorization = `Bearer ${creds.userToken}`;
  // Wrong passwords cost a hash each: keep password grants a minority so the run stays quick.
  const pathPart = rng.chance(0.8)
    ? rng.pick(AUTH_PATHS.filter((p) => p !== 'token?grant_type=password'))
    : rng.pick(AUTH_PATHS);
  const suffix = rng.chance(0.15) ? rng.pick(BAD_ESCAPES) : '';
  const request: FuzzRequest = {
    surface: 'auth',
    method,
    path: `/auth/v1/${pathPart}${suffix}`,
    headers,
  };
  if (method !== 'GET' && method !== 'HEAD') {
    // /recover for the real account is a real write (its recovery token): ask for an address
    // nobody has, which /recover answers exactly alike.
    const email = pathPart.startsWith('recover') ? 'fuzz-nobody@example.com' : knownEmail;
    request.body = rng.chance(0.006) ? hugeBody(rng) : authBody(rng, email);
    request.truncate = rng.chance(0.01);
  }
  return request;
}
