import { PostgrestError } from '../lib/postgrest/errors.ts';
import type { SchemaCache } from '../lib/postgrest/schema-cache.ts';
import { JwtError, verifyJwt, type JwtClaims } from '../lib/jwt.ts';

/** Who a request runs as, with the claims PostgREST puts in `request.jwt.claims`. */
export interface Identity {
  role: string;
  claimsJson: string;
  /** PostgREST's "authed": any role but anon. Decides 401 (anon) or 403 for 42501. */
  authed: boolean;
}

const ANON: Identity = { role: 'anon', claimsJson: '{"role":"anon"}', authed: false };

const MAX_CACHED = 5_000;

function jwtError(code: 'PGRST301' | 'PGRST303', message: string): PostgrestError {
  // Error.hs: invalid tokens carry `WWW-Authenticate: Bearer error="invalid_token", …`.
  return new PostgrestError(
    401,
    { code, message },
    {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    },
  );
}

/** JwtError reasons as PostgREST words them (JwtDecodeErr → PGRST301, JwtClaimsErr → PGRST303). */
function toPostgrestError(error: JwtError, token: string): PostgrestError {
  switch (error.reason) {
    case 'expired':
      return jwtError('PGRST303', 'JWT expired');
    case 'bad_alg':
      return jwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
    case 'malformed': {
      const parts = token.split('.').length;
      return jwtError(
        'PGRST301',
        parts === 3
          ? 'JWT cryptographic operation failed'
          : `Expected 3 parts in JWT; got ${parts}`,
      );
    }
    default:
      return jwtError('PGRST301', 'JWT cryptographic operation failed');
  }
}

/** `Authorization: Bearer …`, else the `apikey` header (the gateway's fallback; supabase-js sends both). */
export function bearerToken(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^bearer(?:\s+(.*))?$/i.exec(authorization.trim());
    if (match) return match[1]?.trim() ?? '';
  }
  const apikey = headers.apikey;
  return typeof apikey === 'string' ? apikey : undefined;
}

/** The claims of a token whose signature verified but that has no role (PostgREST then uses anon). */
function payloadOf(token: string): Record<string, unknown> {
  try {
    return JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function identityFor(claims: Record<string, unknown>, role: string): Identity {
  return { role, claimsJson: JSON.stringify({ ...claims, role }), authed: role !== 'anon' };
}

export type Authenticator = (
  headers: Record<string, string | string[] | undefined>,
  cache: SchemaCache,
) => Promise<Identity>;

/**
 * Resolves the request's role as PostgREST's Auth.hs does: no token is anon; a token must verify
 * (HS256, signature, exp); its role must be one the API may become. Verified tokens are kept
 * (per secret, bounded), so a session or API key costs one HMAC rather than one per request;
 * a kept token still expires with its `exp`.
 */
export function createAuthenticator(secret: string): Authenticator {
  const verified = new Map<string, { identity: Identity; exp?: number }>();
  return async (headers, cache) => {
    const token = bearerToken(headers);
    if (token === undefined) return ANON;
    if (token === '') throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
    let entry = verified.get(token);
    if (entry && entry.exp !== undefined && entry.exp <= Date.now() / 1000) {
      verified.delete(token);
      throw jwtError('PGRST303', 'JWT expired');
    }
    if (!entry) {
      entry = await verify(token, secret);
      if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value as string);
      verified.set(token, entry);
    }
    checkRole(entry.identity, cache);
    return entry.identity;
  };
}

async function verify(
  token: string,
  secret: string,
): Promise<{ identity: Identity; exp?: number }> {
  let claims: JwtClaims | Record<string, unknown>;
  try {
    claims = await verifyJwt(token, secret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.reason !== 'missing_role') throw toPostgrestError(error, token);
    claims = payloadOf(token);
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return {
    identity: identityFor(claims, role),
    exp: typeof claims.exp === 'number' ? claims.exp : undefined,
  };
}

/**
 * PostgREST logs in as `authenticator` and can only become its member roles. PostgreSQL's own
 * errors follow: an unknown role is 22023 (401, PostgREST #3601), a forbidden one 42501.
 */
function checkRole(identity: Identity, cache: SchemaCache): void {
  if (cache.roles.has(identity.role)) return;
  if (!cache.allRoles.has(identity.role)) {
    throw new PostgrestError(
      401,
      { code: '22023', message: `role "${identity.role}" does not exist` },
      { 'WWW-Authenticate': 'Bearer' },
    );
  }
  throw new PostgrestError(identity.authed ? 403 : 401, {
    code: '42501',
    message: `permission denied to set role "${identity.role}"`,
  });
}
