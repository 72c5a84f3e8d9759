import { randomBytes } from 'node:crypto';
import { signJwt } from '../lib/jwt.ts';
import type { StackContext } from '../context.ts';
import { userJson } from './user-json.ts';
import { AAL2_METHODS, amrClaims } from './mfa-store.ts';
import type { Queryable } from '../db/transaction.ts';
import { AUTHENTICATED, type AuthUser } from './users.ts';

export interface SessionRow {
  id: string;
  created_at: Date;
}

/** GoTrue's AccessTokenResponse (internal/tokens/service.go). */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** Refresh tokens are opaque random strings, as GoTrue's v1 tokens (refresh_token.go). */
export function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The issuer GoTrue is configured with on Supabase: the public URL of the auth API. */
export function issuer(ctx: StackContext): string {
  return `${ctx.apiUrl}/auth/v1`;
}

/**
 * The access token GoTrue mints (service.go GenerateAccessToken): the user's identity and
 * metadata, the session, and how it authenticated. `aal` and `amr` come from the session's
 * rows in auth.mfa_amr_claims (sessions.go CalculateAALAndAMR): aal2 once a second factor was
 * verified in this session, so a refresh keeps the level and an unenrolment drops it. The first
 * factor is the password sign-in that created the session; the stack does not write its claim
 * row, so it is added here with the session's creation time, as it was before MFA.
 */
export async function accessTokenFor(
  ctx: StackContext,
  user: AuthUser,
  session: SessionRow,
  db: Queryable = ctx.pools.auth,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const expiresIn = ctx.config.jwtExpirySeconds;
  const claimed = await amrClaims(db, session.id);
  const aal = claimed.some((entry) => AAL2_METHODS.includes(entry.method)) ? 'aal2' : 'aal1';
  const firstFactor = claimed.some((entry) => !AAL2_METHODS.includes(entry.method))
    ? []
    : [{ method: 'password', timestamp: Math.floor(session.created_at.getTime() / 1000) }];
  const amr = [...claimed, ...firstFactor].sort((a, b) => b.timestamp - a.timestamp);
  const claims = {
    aud: user.aud || AUTHENTICATED,
    exp: iat + expiresIn,
    iat,
    iss: issuer(ctx),
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || AUTHENTICATED,
    aal,
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  return {
    token: await signJwt(claims, ctx.config.jwtSecret),
    expiresAt: iat + expiresIn,
    expiresIn,
  };
}

export async function tokenResponse(
  ctx: StackContext,
  user: AuthUser,
  session: SessionRow,
  refreshToken: string,
  db: Queryable = ctx.pools.auth,
): Promise<TokenResponse> {
  const { token, expiresAt, expiresIn } = await accessTokenFor(ctx, user, session, db);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}
