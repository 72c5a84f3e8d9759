import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { BoundedCache } from './bounded-cache.ts';

/** Why a token was refused; each API maps these to its own status and body. */
export type JwtErrorReason = 'malformed' | 'bad_signature' | 'expired' | 'bad_alg' | 'missing_role';

export class JwtError extends Error {
  readonly reason: JwtErrorReason;
  /**
   * For `missing_role` only: the claims of the token, whose signature did verify. PostgREST
   * runs such a token as anon with its claims; the other APIs refuse it.
   */
  readonly claims?: Readonly<Record<string, unknown>>;
  constructor(reason: JwtErrorReason, message: string, claims?: Record<string, unknown>) {
    super(message);
    this.name = 'JwtError';
    this.reason = reason;
    if (claims) this.claims = claims;
  }
}

export interface JwtClaims {
  role: string;
  sub?: string;
  email?: string;
  exp?: number;
  [k: string]: unknown;
}

/** Supabase signs every project JWT (API keys, user sessions) with one HMAC secret. */
const ALGORITHM = 'HS256';
/** A header and claims of a few KB at most: anything longer is not ours, and costs to parse. */
const MAX_TOKEN_LENGTH = 16_384;

const encoder = new TextEncoder();
/**
 * Importing the HMAC key is the dearest part of a verification; there is one secret per stack
 * (a handful in tests), so the imported keys are kept, bounded all the same.
 */
const keys = new BoundedCache<string, Promise<CryptoKey>>(16);

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

/**
 * Signs `claims` with HS256. `iat` defaults to now; `exp` to `iat + expiresInSeconds` when given
 * (claims that carry their own `iat`/`exp` keep them, so callers can mint exact tokens).
 */
export async function signJwt(
  claims: Record<string, unknown>,
  secret: string,
  expiresInSeconds?: number,
): Promise<string> {
  const iat = typeof claims.iat === 'number' ? claims.iat : Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = { ...claims, iat };
  if (payload.exp === undefined && expiresInSeconds !== undefined)
    payload.exp = iat + expiresInSeconds;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .sign(await keyFor(secret));
}

/**
 * Verifies an HS256 token and returns its claims. The algorithm is read from our constant, never
 * from the token, so `alg: none` and RS256/HS512 confusions are refused (as PostgREST and GoTrue
 * refuse them). A token without a `role` claim is refused too: every Supabase JWT carries one.
 * The result is the caller's to change at the top level; nested values are frozen.
 */
export async function verifyJwt(token: string, secret: string): Promise<JwtClaims> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    throw new JwtError('malformed', 'token is empty or too long');
  }
  const cached = verified.get(token);
  let claims: Record<string, unknown>;
  if (cached?.secret === secret) claims = checkTimes(cached.claims);
  else {
    claims = await verifyUncached(token, secret);
    verified.set(token, { secret, claims: deepFreeze({ ...claims }) });
  }
  if (typeof claims.role !== 'string' || claims.role === '') {
    throw new JwtError('missing_role', 'token has no role claim', claims);
  }
  return claims as JwtClaims;
}

/**
 * The one cache of verified tokens, for every API (REST, Auth, Realtime, Functions). Every
 * anonymous request carries the same anon key and a signed-in user the same token for an hour,
 * so a verification is mostly a repeat: the signature and claims of a token never change, only
 * the clock does, and `checkTimes` re-reads it per use. Only tokens whose signature verified are
 * kept (with the secret that verified them), so garbage cannot fill it cheaply.
 */
const verified = new BoundedCache<string, { secret: string; claims: Record<string, unknown> }>(
  5_000,
);

/** Nested claims (app_metadata, amr) are shared between callers, so nobody may change them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function checkTimes(claims: Record<string, unknown>): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp === 'number' && claims.exp <= now)
    throw new JwtError('expired', 'token has expired');
  if (typeof claims.nbf === 'number' && claims.nbf > now)
    throw new JwtError('malformed', 'token is not valid yet');
  // A copy: callers may set top-level claims without touching the cached ones.
  return { ...claims };
}

/** Signature, algorithm and times, checked by jose; the role is checked by the caller. */
async function verifyUncached(token: string, secret: string): Promise<Record<string, unknown>> {
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new JwtError('malformed', 'token is not a JWS in compact form');
  }
  if (alg !== ALGORITHM) throw new JwtError('bad_alg', `signing method ${String(alg)} is invalid`);

  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await keyFor(secret), { algorithms: [ALGORITHM] }));
  } catch (error) {
    throw toJwtError(error);
  }
  return payload;
}

function toJwtError(error: unknown): JwtError {
  if (error instanceof errors.JWTExpired) return new JwtError('expired', 'token has expired');
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new JwtError('bad_signature', 'signature is invalid');
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return new JwtError('bad_alg', 'signing method is invalid');
  // Everything else (bad base64, non-JSON payload, `nbf` in the future, `crit` headers) is a
  // token we cannot trust, reported without echoing its parts.
  return new JwtError('malformed', error instanceof Error ? error.message : 'token is malformed');
}
