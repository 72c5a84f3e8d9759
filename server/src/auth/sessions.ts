import { isIP } from 'node:net';
import type pg from 'pg';
import type { StackContext } from '../context.ts';
import { transaction } from '../db/transaction.ts';
import { newRefreshToken, type SessionRow, tokenResponse, type TokenResponse } from './tokens.ts';
import { type AuthUser, findUserById, INSTANCE_ID } from './users.ts';

/** Who asked, recorded on the session as GoTrue's GrantParams do. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export const inet = (ip: string | null) => (ip && isIP(ip) ? ip : null);

/** Signs a user in: a new session, its first refresh token, `last_sign_in_at` (tokens/service.go IssueRefreshToken). */
export async function startSession(
  ctx: StackContext,
  user: AuthUser,
  client: ClientInfo,
): Promise<TokenResponse> {
  const refreshToken = newRefreshToken();
  const { session, signedIn } = await transaction(ctx.pools.auth, async (c) => {
    const { rows } = await c.query<SessionRow>(
      `insert into "auth"."sessions" ("id", "user_id", "created_at", "updated_at", "aal", "user_agent", "ip")
       values (gen_random_uuid(), $1, now(), now(), 'aal1', $2, $3) returning "id", "created_at"`,
      [user.id, client.userAgent, inet(client.ip)],
    );
    const row = rows[0]!;
    await c.query(
      `insert into "auth"."refresh_tokens" ("instance_id", "token", "user_id", "revoked", "created_at", "updated_at", "parent", "session_id")
       values ($1, $2, $3, false, now(), now(), null, $4)`,
      [INSTANCE_ID, refreshToken, user.id, row.id],
    );
    await c.query(
      `update "auth"."users" set "last_sign_in_at" = now(), "updated_at" = now() where "id" = $1`,
      [user.id],
    );
    return { session: row, signedIn: await findUserById(c, user.id) };
  });
  return tokenResponse(ctx, signedIn ?? user, session, refreshToken);
}

/**
 * Deletes sessions and their refresh tokens (models/sessions.go Logout*). Tokens go first, so
 * this works whether or not the schema cascades. `where` is one of the constant conditions below.
 */
export async function revokeSessions(
  c: pg.ClientBase,
  where: string,
  params: unknown[],
): Promise<void> {
  await c.query(
    `delete from "auth"."refresh_tokens" where "session_id" in (select "id" from "auth"."sessions" where ${where})`,
    params,
  );
  await c.query(`delete from "auth"."sessions" where ${where}`, params);
}

export type LogoutScope = 'global' | 'local' | 'others';

/** logout.go: `local` ends this session, `others` every other one, `global` all of the user's. */
export async function endSessions(
  pool: pg.Pool,
  userId: string,
  sessionId: string | null,
  scope: LogoutScope,
): Promise<void> {
  await transaction(pool, async (c) => {
    if (sessionId && scope === 'local') await revokeSessions(c, `"id" = $1`, [sessionId]);
    else if (sessionId && scope === 'others') {
      await revokeSessions(c, `"id" <> $1 and "user_id" = $2`, [sessionId, userId]);
    } else await revokeSessions(c, `"user_id" = $1`, [userId]);
  });
}

export async function sessionExists(pool: pg.Pool, sessionId: string): Promise<boolean> {
  const { rowCount } = await pool.query(`select 1 from "auth"."sessions" where "id" = $1`, [
    sessionId,
  ]);
  return (rowCount ?? 0) > 0;
}
