import type pg from 'pg';
import type { Queryable } from '../db/transaction.ts';

/** A row of auth.mfa_factors, as the stack reads it (the secret only where a code is checked). */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'unverified' | 'verified';
  /** Dates from a query, strings when the row comes aggregated as JSON (users.ts). */
  created_at: Date | string;
  updated_at: Date | string;
  phone: string | null;
  last_challenged_at: Date | string | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  expired: boolean;
  same_ip: boolean;
}

const FACTOR_COLUMNS = `"id", "user_id", "friendly_name", "factor_type", "status", "created_at",
  "updated_at", "phone", "last_challenged_at"`;

/** The methods that make a session aal2 (models/amr.go IsAAL2Claim). */
export const AAL2_METHODS = ['totp', 'mfa/phone', 'mfa/webauthn'];

/**
 * models.Factor as JSON (factor.go): struct order, `friendly_name` omitted when empty, a null
 * phone as "" (storage.NullString), `last_challenged_at` null until the first challenge.
 */
export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    status: factor.status,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
    phone: factor.phone ?? '',
    last_challenged_at: factor.last_challenged_at ? iso(factor.last_challenged_at) : null,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function factorsOf(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from "auth"."mfa_factors" where "user_id" = $1 order by "created_at", "id"`,
    [userId],
  );
  return rows;
}

/** user.FindOwnedFactorByID: another user's factor is as unknown as a made-up id. */
export async function ownedFactor(
  db: Queryable,
  userId: string,
  factorId: string,
): Promise<FactorRow | null> {
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from "auth"."mfa_factors" where "id" = $1 and "user_id" = $2`,
    [factorId, userId],
  );
  return rows[0] ?? null;
}

export async function factorSecret(db: Queryable, factorId: string): Promise<string> {
  const { rows } = await db.query<{ secret: string | null }>(
    `select "secret" from "auth"."mfa_factors" where "id" = $1`,
    [factorId],
  );
  return rows[0]?.secret ?? '';
}

/**
 * models.DeleteExpiredFactors: unverified factors never challenged within the factor expiry go,
 * so an abandoned enrolment does not hold a name or a place under the limit for ever.
 */
export async function deleteExpiredFactors(db: Queryable, seconds: number): Promise<void> {
  await db.query(
    `delete from "auth"."mfa_factors" f where f."status" <> 'verified'
        and not exists (select 1 from "auth"."mfa_challenges" c where c."factor_id" = f."id")
        and f."created_at" + make_interval(secs => $1) < now()`,
    [seconds],
  );
}

export async function sessionAal(db: Queryable, sessionId: string): Promise<string | null> {
  const { rows } = await db.query<{ aal: string | null }>(
    `select "aal"::text as "aal" from "auth"."sessions" where "id" = $1`,
    [sessionId],
  );
  return rows[0]?.aal ?? null;
}

/** The challenge of this factor, whether it has expired, and whether `ip` is the one it was made from. */
export async function findChallenge(
  db: Queryable,
  factorId: string,
  challengeId: string,
  expirySeconds: number,
  ip: string,
): Promise<ChallengeRow | null> {
  const { rows } = await db.query<ChallengeRow>(
    `select "id", "factor_id", "created_at", "verified_at",
            "created_at" + make_interval(secs => $3) < now() as "expired",
            "ip_address" = $4::inet as "same_ip"
       from "auth"."mfa_challenges" where "id" = $1 and "factor_id" = $2`,
    [challengeId, factorId, expirySeconds, ip],
  );
  return rows[0] ?? null;
}

/**
 * Factor.DowngradeSessionsToAAL1: sessions that reached aal2 with this factor lose its amr claim
 * and go back to aal1, so their next refresh says so.
 */
export async function downgradeSessions(c: pg.ClientBase, factor: FactorRow): Promise<void> {
  await c.query(
    `delete from "auth"."mfa_amr_claims" where "authentication_method" = $2
        and "session_id" in (select "id" from "auth"."sessions" where "factor_id" = $1)`,
    [factor.id, factor.factor_type === 'totp' ? 'totp' : `mfa/${factor.factor_type}`],
  );
  await c.query(
    `update "auth"."sessions" set "aal" = 'aal1', "factor_id" = null
      where "user_id" = $1 and "factor_id" = $2`,
    [factor.user_id, factor.id],
  );
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The session's amr claims, most recent first (sessions.go CalculateAALAndAMR). */
export async function amrClaims(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ method: string; timestamp: string }>(
    `select "authentication_method" as "method", floor(extract(epoch from "updated_at"))::bigint as "timestamp"
       from "auth"."mfa_amr_claims" where "session_id" = $1`,
    [sessionId],
  );
  return rows
    .map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }))
    .sort((a, b) => b.timestamp - a.timestamp);
}
