import type pg from 'pg';
import { transaction } from '../db/transaction.ts';
import { atRest } from './otp.ts';

/**
 * Spending the one-time tokens of recovery and e-mail change. Each is compared hashed (otp.ts),
 * accepted only within `otp_expiry` of being sent, and cleared in the statement that accepts it,
 * so two clicks of one link cannot both succeed.
 */
export type VerifyOutcome =
  | { kind: 'session'; userId: string }
  | { kind: 'first_of_two'; userId: string }
  | { kind: 'invalid' };

export async function spendRecovery(
  pool: pg.Pool,
  hash: string,
  expirySeconds: number,
): Promise<VerifyOutcome> {
  // A completed recovery also confirms the address, as user.Recover does.
  const { rows } = await pool.query<{ id: string }>(
    `update "auth"."users"
        set "recovery_token" = '', "email_confirmed_at" = coalesce("email_confirmed_at", now()),
            "updated_at" = now()
      where "recovery_token" = $1 and "recovery_sent_at" > now() - make_interval(secs => $2)
        and "deleted_at" is null
      returning "id"`,
    [atRest(hash), expirySeconds],
  );
  return rows[0] ? { kind: 'session', userId: rows[0].id } : { kind: 'invalid' };
}

/**
 * Too many wrong codes for `email`: its pending recovery and e-mail change codes stop working,
 * and a new mail is needed (mail-limits.ts MAX_CODE_ATTEMPTS). Its password is untouched.
 */
export async function spendCodesOf(pool: pg.Pool, email: string): Promise<void> {
  await pool.query(
    `update "auth"."users" set "recovery_token" = '' where "email" = $1 and "recovery_token" <> ''`,
    [email],
  );
  await pool.query(
    `update "auth"."users"
        set "email_change_token_new" = '', "email_change_token_current" = ''
      where ("email" = $1 or "email_change" = $1)
        and ("email_change_token_new" <> '' or "email_change_token_current" <> '')`,
    [email],
  );
}

interface ChangeRow {
  id: string;
  email_change: string;
  email_change_token_new: string;
  email_change_confirm_status: number;
}

/**
 * verify.go emailChangeVerify: with double confirmation the first link (either address) only
 * counts; the second makes the change. Without it the link to the new address does it at once.
 */
export async function spendEmailChange(
  pool: pg.Pool,
  hash: string,
  expirySeconds: number,
  doubleConfirm: boolean,
): Promise<VerifyOutcome> {
  const stored = atRest(hash);
  return transaction(pool, async (c) => {
    const { rows } = await c.query<ChangeRow>(
      `select "id", "email_change", "email_change_token_new", "email_change_confirm_status"
         from "auth"."users"
        where ("email_change_token_new" = $1 or "email_change_token_current" = $1)
          and coalesce("email_change", '') <> ''
          and "email_change_sent_at" > now() - make_interval(secs => $2)
        for update`,
      [stored, expirySeconds],
    );
    const row = rows[0];
    if (!row) return { kind: 'invalid' };
    const column =
      row.email_change_token_new === stored
        ? 'email_change_token_new'
        : 'email_change_token_current';
    if (doubleConfirm && row.email_change_confirm_status === 0) {
      await c.query(
        `update "auth"."users" set "${column}" = '', "email_change_confirm_status" = 1, "updated_at" = now()
          where "id" = $1`,
        [row.id],
      );
      return { kind: 'first_of_two', userId: row.id };
    }
    await c.query(
      `update "auth"."users"
          set "email" = "email_change", "email_change" = '', "email_change_token_new" = '',
              "email_change_token_current" = '', "email_change_confirm_status" = 0,
              "email_confirmed_at" = coalesce("email_confirmed_at", now()), "updated_at" = now()
        where "id" = $1`,
      [row.id],
    );
    await c.query(
      `update "auth"."identities"
          set "identity_data" = "identity_data" || jsonb_build_object('email', $2::text), "updated_at" = now()
        where "user_id" = $1 and "provider" = 'email'`,
      [row.id, row.email_change],
    );
    return { kind: 'session', userId: row.id };
  });
}
