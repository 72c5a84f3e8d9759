import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { FactorRow } from './mfa-store.ts';
import { type Queryable, transaction } from '../db/transaction.ts';
import { hashPassword, isPasswordTooLong, passwordWeakness } from '../lib/password.ts';
import type { JsonObject } from './body.ts';
import { normalizeEmail } from './email.ts';
import { AuthError, badRequest, unprocessable } from './errors.ts';
import { validateEmail } from './validate.ts';

/**
 * Accounts in `auth.users` as GoTrue keeps them. Also the service the operator's tools reuse
 * (admin CLI, `ADMIN_EMAIL` seeding), so every account is created the same way.
 */

/** GoTrue's `instance_id` for single-tenant installs (uuid.Nil). */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
export const AUTHENTICATED = 'authenticated';

export interface AuthIdentity {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

export interface AuthUser {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
  recovery_sent_at: Date | null;
  /** The address an e-mail change waits to confirm ('' or null when none). */
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  deleted_at: Date | null;
  identities: AuthIdentity[];
  /** Every factor, verified or not, as GoTrue loads User.Factors (mfa-store.ts). */
  factors: FactorRow[];
}

const SELECT_USER = `
  select u."id", u."aud", u."role", u."email", u."encrypted_password", u."email_confirmed_at",
         u."phone", u."phone_confirmed_at", u."confirmed_at", u."last_sign_in_at",
         u."raw_app_meta_data", u."raw_user_meta_data", u."created_at", u."updated_at",
         u."banned_until", u."is_anonymous", u."recovery_sent_at", u."email_change",
         u."email_change_sent_at", u."email_change_confirm_status", u."deleted_at",
         coalesce((select json_agg(i order by i."created_at")
                     from (select "id", "provider_id", "user_id", "identity_data", "provider",
                                  "last_sign_in_at", "created_at", "updated_at", "email"
                             from "auth"."identities" where "user_id" = u."id") i), '[]'::json) as "identities",
         coalesce((select json_agg(f order by f."created_at", f."id")
                     from (select "id", "user_id", "friendly_name", "factor_type", "status", "created_at",
                                  "updated_at", "phone", "last_challenged_at"
                             from "auth"."mfa_factors" where "user_id" = u."id") f), '[]'::json) as "factors"
    from "auth"."users" u`;

export async function findUserById(db: Queryable, id: string): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(`${SELECT_USER} where u."id" = $1`, [id]);
  return rows[0] ?? null;
}

/** Several users in one query, in the order of `ids` (the admin API's pages). */
export async function findUsersByIds(db: Queryable, ids: string[]): Promise<AuthUser[]> {
  const { rows } = await db.query<AuthUser>(`${SELECT_USER} where u."id" = any($1::uuid[])`, [ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Emails are stored lower-cased (GoTrue does); rows written by SQL are compared lower-cased. The
 * address asked for is normalised in JavaScript, by the function that also keys the lockout
 * (email.ts), never by a second lower() that could map a spelling differently.
 */
export async function findUserByEmail(db: Queryable, email: string): Promise<AuthUser | null> {
  // PostgreSQL text cannot hold NUL, so no account has such an email; asking would be a 500.
  if (email.includes('\u0000')) return null;
  const { rows } = await db.query<AuthUser>(
    `${SELECT_USER} where lower(u."email") = $1 and u."is_sso_user" = false order by u."created_at" limit 1`,
    [normalizeEmail(email)],
  );
  return rows[0] ?? null;
}

export function isBanned(user: AuthUser): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/** GoTrue's rules for a new password (password.go checkPasswordStrength). */
export function assertPasswordAcceptable(password: string): void {
  if (isPasswordTooLong(password)) {
    throw badRequest('validation_failed', 'Password cannot be longer than 72 characters');
  }
  const weakness = passwordWeakness(password);
  if (weakness)
    throw new AuthError(422, 'weak_password', weakness.message, { reasons: weakness.reasons });
}

export interface NewUser {
  email: string;
  password: string;
  /** `options.data` on sign-up. */
  userMetadata?: JsonObject;
  /** The local stack auto-confirms, like `supabase start` (GOTRUE_MAILER_AUTOCONFIRM). */
  emailConfirmed?: boolean;
}

/**
 * Creates an email/password account with its `email` identity, as GoTrue's sign-up does
 * (signup.go: ToUserModel, createNewIdentity, and user.Confirm which adds `email_verified`).
 * Throws AuthError `user_already_exists` (422) if the email is taken, also when two sign-ups race.
 */
export async function createUser(pool: pg.Pool, input: NewUser): Promise<AuthUser> {
  const email = validateEmail(input.email);
  assertPasswordAcceptable(input.password);
  const confirmed = input.emailConfirmed ?? true;
  const data = input.userMetadata ?? {};
  const id = randomUUID();
  const hash = await hashPassword(input.password); // outside the transaction: it takes a while
  const userMetadata = confirmed ? { ...data, email_verified: true } : { ...data };
  // Data keys never override the identity's own claims (signup.go).
  const identityData = { ...data, sub: id, email, email_verified: false, phone_verified: false };

  try {
    await transaction(pool, async (client) => {
      if (await findUserByEmail(client, email)) throw userAlreadyExists();
      await client.query(
        `insert into "auth"."users" ("instance_id", "id", "aud", "role", "email", "encrypted_password",
           "email_confirmed_at", "raw_app_meta_data", "raw_user_meta_data", "created_at", "updated_at",
           "is_sso_user", "is_anonymous")
         values ($1, $2, $3, $3, $4, $5, case when $6::boolean then now() end, $7, $8, now(), now(), false, false)`,
        [
          INSTANCE_ID,
          id,
          AUTHENTICATED,
          email,
          hash,
          confirmed,
          { provider: 'email', providers: ['email'] },
          userMetadata,
        ],
      );
      await client.query(
        `insert into "auth"."identities" ("id", "provider_id", "user_id", "identity_data", "provider",
           "last_sign_in_at", "created_at", "updated_at")
         values ($1, $2::text, $2::uuid, $3, 'email', now(), now(), now())`,
        [randomUUID(), id, identityData],
      );
    });
  } catch (error) {
    // Two sign-ups of one email racing: the loser meets the unique index.
    if ((error as { code?: string }).code === '23505') throw userAlreadyExists();
    throw error;
  }
  const user = await findUserById(pool, id);
  if (!user) throw new Error('user vanished after sign-up');
  return user;
}

/** Sets a new password (the operator's `ADMIN_PASSWORD`), with the sign-up rules. */
export async function updatePassword(
  pool: pg.Pool,
  userId: string,
  password: string,
): Promise<void> {
  assertPasswordAcceptable(password);
  const hash = await hashPassword(password);
  await pool.query(
    `update "auth"."users" set "encrypted_password" = $2, "updated_at" = now() where "id" = $1`,
    [userId, hash],
  );
}

function userAlreadyExists(): AuthError {
  return unprocessable('user_already_exists', 'User already registered');
}
