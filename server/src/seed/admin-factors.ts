import type pg from 'pg';

export interface FactorSummary {
  id: string;
  friendlyName: string | null;
  status: string;
  createdAt: Date;
}

async function userIdOf(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `select "id" from "auth"."users" where lower("email") = lower($1)`,
    [email],
  );
  if (!rows[0]) throw new Error(`No account with the email ${email}.`);
  return rows[0].id;
}

/** The account's second factors (auth.mfa_factors), oldest first. */
export async function listFactors(pool: pg.Pool, email: string): Promise<FactorSummary[]> {
  const userId = await userIdOf(pool, email);
  const { rows } = await pool.query<FactorSummary>(
    `select "id", "friendly_name" as "friendlyName", "status"::text as "status", "created_at" as "createdAt"
       from "auth"."mfa_factors" where "user_id" = $1 order by "created_at", "id"`,
    [userId],
  );
  return rows;
}

/**
 * A lost phone: the operator removes the account's factors (one, or all when `factorId` is
 * omitted) as GoTrue's admin API does (admin.go adminUserDeleteFactor). Sessions that reached
 * aal2 with a removed factor fall back to aal1 (Factor.DowngradeSessionsToAAL1), so they can
 * no longer change results; the operator then signs in with the password and enrols anew.
 * Returns how many factors went.
 */
export async function removeFactors(
  pool: pg.Pool,
  email: string,
  factorId?: string,
): Promise<number> {
  const userId = await userIdOf(pool, email);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `delete from "auth"."mfa_factors" where "user_id" = $1 and ($2::uuid is null or "id" = $2::uuid)
       returning "id"`,
      [userId, factorId ?? null],
    );
    const removed = rows.map((row) => row.id);
    await client.query(
      `delete from "auth"."mfa_amr_claims" where "authentication_method" = 'totp'
          and "session_id" in (select "id" from "auth"."sessions" where "factor_id" = any($1::uuid[]))`,
      [removed],
    );
    await client.query(
      `update "auth"."sessions" set "aal" = 'aal1', "factor_id" = null
        where "user_id" = $1 and "factor_id" = any($2::uuid[])`,
      [userId, removed],
    );
    await client.query('commit');
    return removed.length;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
