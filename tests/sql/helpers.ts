import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { asRole, type RoleContext } from '../../server/src/db/as-role.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';

/** The JWT claims PostgREST would see for each kind of caller, as Supabase issues them. */
export const anon: RoleContext = { role: 'anon', claims: { role: 'anon', iss: 'supabase' } };
export const serviceRole: RoleContext = {
  role: 'service_role',
  claims: { role: 'service_role', iss: 'supabase' },
};

export interface TestUser {
  id: string;
  email: string;
  ctx: RoleContext;
}

/** A GoTrue-like user row (as the operator's database sees it) and its signed-in context. */
export async function createUser(
  pool: pg.Pool,
  email = `user-${randomUUID()}@example.com`,
): Promise<TestUser> {
  const id = randomUUID();
  await pool.query(
    `insert into "auth"."users" ("instance_id", "id", "aud", "role", "email", "email_confirmed_at", "created_at", "updated_at")
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now(), now())`,
    [id, email],
  );
  const claims = {
    sub: id,
    email,
    role: 'authenticated',
    aud: 'authenticated',
    aal: 'aal1',
    is_anonymous: false,
  };
  return { id, email, ctx: { role: 'authenticated', claims } };
}

/**
 * A user granted admin the way the operator does it: by the database owner. Its claims are
 * those of a session verified with a second factor (aal2, `totp` in amr), as every admin change
 * demands (20250601001400_admin_mfa); `{ aal: 'aal1' }` gives the password-only session.
 */
export async function createAdmin(
  pool: pg.Pool,
  email?: string,
  options: { aal?: 'aal1' | 'aal2' } = {},
): Promise<TestUser> {
  const user = await createUser(pool, email);
  await pool.query(`insert into "public"."user_roles" ("user_id", "role") values ($1, 'admin')`, [
    user.id,
  ]);
  if (options.aal === 'aal1') return user;
  const claims = { ...(user.ctx.claims as Record<string, unknown>), aal: 'aal2' };
  return { ...user, ctx: { ...user.ctx, claims } };
}

export interface UsersDatabase {
  db: TestDatabase;
  user: TestUser;
  admin: TestUser;
}

/** A fresh database with one plain user and one admin (the setup most RLS tests start from). */
export async function createUsersDatabase(adminEmail?: string): Promise<UsersDatabase> {
  const db = await createTestDatabase();
  const user = await createUser(db.pool);
  const admin = await createAdmin(db.pool, adminEmail);
  return { db, user, admin };
}

/** Resolves to the SQLSTATE the statement failed with, or fails the test if it succeeded. */
export async function sqlState(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? `no SQLSTATE: ${String(error)}`;
  }
  throw new Error('expected the statement to fail');
}

/** Runs one statement as `ctx` and returns its rows (and, for writes, how many rows it touched). */
export async function as<R extends pg.QueryResultRow = Record<string, unknown>>(
  pool: pg.Pool,
  ctx: RoleContext,
  sql: string,
  params: unknown[] = [],
): Promise<{ rows: R[]; rowCount: number }> {
  return asRole(pool, ctx, async (client) => {
    const result = await client.query<R>(sql, params);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  });
}

export const drawTime = (hour: number) => `${String(hour).padStart(2, '0')}:30:00`;

/** Long past, so published in every timezone. */
export const pastDate = '2024-05-01';
/** Far ahead, so unpublished in every timezone. */
export const futureDate = '2099-12-31';

/** Inserts a result as the database owner (no JWT), returning its id. */
export async function insertResult(
  pool: pg.Pool,
  date: string,
  hour: number,
  prize = '1234',
): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize")
     values ($1, $2, $3, $4) returning "id"`,
    [date, hour, drawTime(hour), prize],
  );
  return rows[0]!.id;
}

export const insertSql = `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize")
  values ($1, $2, $3, $4) returning *`;
