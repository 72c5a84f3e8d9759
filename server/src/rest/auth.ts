import { PostgrestError } from '../lib/postgrest/response/errors.ts';
import type { SchemaCache } from '../lib/postgrest/schema-cache/schema-cache.ts';
import { JwtError, verifyJwt } from '../lib/jwt.ts';

/** Who a request runs as, with the claims PostgREST puts in `request.jwt.claims`. */
export interface Identity {
  role: string;
  claimsJson: string;
  /** PostgREST's "authed": any role but anon. Decides 401 (anon) or 403 for 42501. */
  authed: boolean;
}

const ANON: Identity = { role: 'anon', claimsJson: '{"role":"anon"}', authed: false };

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

function identityFor(claims: Record<string, unknown>, role: string): Identity {
  return { role, claimsJson: JSON.stringify({ ...claims, role }), authed: role !== 'anon' };
}

export type Authenticator = (
  headers: Record<string, string | string[] | undefined>,
  cache: SchemaCache,
) => Promise<Identity>;

/**
 * Resolves the request's role as PostgREST's Auth.hs does: no token is anon; a token must verify
 * (HS256, signature, exp); its role must be one the API may become. Verification goes through
 * lib/jwt.ts's one cache of verified tokens, so a session or API key costs one HMAC rather than
 * one per request; a cached token still expires with its `exp`.
 */
export function createAuthenticator(secret: string): Authenticator {
  return async (headers, cache) => {
    const token = bearerToken(headers);
    if (token === undefined) return ANON;
    if (token === '') throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
    const identity = await verify(token, secret);
    checkRole(identity, cache);
    return identity;
  };
}

async function verify(token: string, secret: string): Promise<Identity> {
  let claims: Record<string, unknown>;
  try {
    claims = await verifyJwt(token, secret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    // A verified token without a role runs as anon, with its claims (PostgREST's Auth.hs).
    if (error.reason !== 'missing_role' || !error.claims) throw toPostgrestError(error, token);
    claims = error.claims;
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return identityFor(claims, role);
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
