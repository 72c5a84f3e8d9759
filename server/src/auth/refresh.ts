import type pg from 'pg';
import type { StackContext } from '../context.ts';
import { AuthError, badRequest } from './errors.ts';
import { transaction } from '../db/transaction.ts';
import { type ClientInfo, inet, revokeSessions } from './sessions.ts';
import { newRefreshToken, type SessionRow, tokenResponse, type TokenResponse } from './tokens.ts';
import { findUserById, INSTANCE_ID, isBanned } from './users.ts';

/**
 * How long a spent refresh token may still be presented (GoTrue's
 * GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, 10 s on Supabase): covers a client that refreshed
 * twice at once, or lost the response. Later, a reuse means the token leaked.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

interface TokenRow {
  id: string;
  token: string;
  revoked: boolean;
  session_id: string | null;
  user_id: string;
  reuse_expired: boolean;
  session_exists: boolean;
}

/**
 * The refresh_token grant with rotation and reuse detection (tokens/service.go
 * RefreshTokenGrant, legacy token branch): a live token is swapped for a child. A spent one
 * presented within the reuse interval gets its live child (a concurrent or lost response) or a
 * new child; past the interval it revokes the whole session. Unlike GoTrue, which lets the
 * parent of the live token be replayed for ever, every spent token counts as leaked after 10 s
 * (the product's rule). Errors that revoke are committed before they are thrown.
 */
export async function refreshSession(
  ctx: StackContext,
  token: string,
  client: ClientInfo,
): Promise<TokenResponse> {
  const outcome = await transaction(ctx.pools.auth, (c) => refreshIn(c, ctx, token, client));
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

async function refreshIn(
  c: pg.ClientBase,
  ctx: StackContext,
  token: string,
  client: ClientInfo,
): Promise<AuthError | TokenResponse> {
  // No token holds NUL (they are base64url) and PostgreSQL text cannot: not found, not a 500.
  if (token.includes('\u0000')) {
    return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  // The row lock serialises concurrent refreshes of one token: the second sees it spent.
  const { rows } = await c.query<TokenRow>(
    `select rt."id", rt."token", rt."revoked", rt."session_id", rt."user_id",
            now() - rt."updated_at" > make_interval(secs => $2) as "reuse_expired",
            s."id" is not null as "session_exists"
       from "auth"."refresh_tokens" rt left join "auth"."sessions" s on s."id" = rt."session_id"
      where rt."token" = $1 for update of rt`,
    [token, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS],
  );
  const row = rows[0];
  const user = row ? await findUserById(c, row.user_id) : null;
  if (!row || !user) {
    return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (!row.session_exists || !row.session_id) {
    await c.query(`delete from "auth"."refresh_tokens" where "id" = $1`, [row.id]);
    return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  if (isBanned(user)) return badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  if (row.revoked && row.reuse_expired) {
    await revokeSessions(c, `"id" = $1`, [row.session_id]);
    return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }

  const issued = (row.revoked && (await liveChildOf(c, row))) || (await rotate(c, row));
  // `refreshed_at` is a timestamp without time zone in GoTrue's schema, written in UTC.
  const session = await c.query<SessionRow>(
    `update "auth"."sessions"
        set "refreshed_at" = now() at time zone 'UTC', "updated_at" = now(), "user_agent" = $2, "ip" = $3
      where "id" = $1 returning "id", "created_at"`,
    [row.session_id, client.userAgent, inet(client.ip)],
  );
  return tokenResponse(ctx, user, session.rows[0]!, issued, c);
}

/** The session's live token, if `row` is its parent: the answer the client did not get. */
async function liveChildOf(c: pg.ClientBase, row: TokenRow): Promise<string | null> {
  const { rows } = await c.query<{ token: string; parent: string | null }>(
    `select "token", "parent" from "auth"."refresh_tokens"
      where "session_id" = $1 and "revoked" = false order by "id" desc limit 1`,
    [row.session_id],
  );
  return rows[0]?.parent === row.token ? rows[0].token : null;
}

/** Spends `row` and issues its child (models/refresh_token.go GrantRefreshTokenSwap). */
async function rotate(c: pg.ClientBase, row: TokenRow): Promise<string> {
  const issued = newRefreshToken();
  if (!row.revoked) {
    await c.query(
      `update "auth"."refresh_tokens" set "revoked" = true, "updated_at" = now() where "id" = $1`,
      [row.id],
    );
  }
  await c.query(
    `insert into "auth"."refresh_tokens"
       ("instance_id", "token", "user_id", "revoked", "created_at", "updated_at", "parent", "session_id")
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, issued, row.user_id, row.token, row.session_id],
  );
  return issued;
}

/**
 * A new refresh token for a session whose level just changed (token.go updateMFASessionAndClaims,
 * legacy tokens): its live token is spent, so only the client that verified holds a token that
 * refreshes at the new level. Null when the session has no token left.
 */
export async function swapSessionToken(
  c: pg.ClientBase,
  sessionId: string,
): Promise<string | null> {
  const { rows } = await c.query<TokenRow>(
    `select "id", "token", "revoked", "session_id", "user_id", false as "reuse_expired",
            true as "session_exists"
       from "auth"."refresh_tokens" where "session_id" = $1 and "revoked" = false
      order by "id" desc limit 1 for update`,
    [sessionId],
  );
  return rows[0] ? rotate(c, rows[0]) : null;
}
