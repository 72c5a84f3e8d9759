import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole } from '../../server/src/db/as-role.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import { anon, sqlState } from './helpers.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('asRole', () => {
  it('sets role, claims and request settings for one transaction, as PostgREST does', async () => {
    const claims = {
      sub: '8d0fd2b3-9ca7-4a4d-9a3c-1f3c3c2f3a4b',
      role: 'authenticated',
      email: 'a@b.co',
    };
    const row = await asRole(
      db.pool,
      { role: 'authenticated', claims, settings: { 'request.method': 'GET' } },
      async (client) =>
        (
          await client.query(
            `select current_user as "user", auth.uid() as "uid", auth.role() as "role", auth.email() as "email",
                    auth.jwt() ->> 'sub' as "sub", current_setting('request.method') as "method"`,
          )
        ).rows[0],
    );
    expect(row).toEqual({
      user: 'authenticated',
      uid: claims.sub,
      role: 'authenticated',
      email: 'a@b.co',
      sub: claims.sub,
      method: 'GET',
    });
    // Nothing leaks into the next use of the connection: it is the test's superuser again.
    const after = await db.pool.query(
      `select current_user as "user", coalesce(current_setting('request.jwt.claims', true), '') as "claims"`,
    );
    expect(after.rows[0]).toEqual({ user: 'supabase_admin', claims: '' });
  });

  it('rolls back and rethrows the pg error untouched', async () => {
    await db.pool.query(`create table "public"."scratch" ("n" int)`);
    const error = await asRole(db.pool, { role: 'service_role', claims: {} }, async (client) => {
      await client.query(`insert into "public"."scratch" values (1)`);
      await client.query(`select 1/0`);
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '22012' });
    expect((await db.pool.query(`select * from "public"."scratch"`)).rows).toEqual([]);
  });

  it('refuses roles authenticator may not become, with the SQLSTATEs PostgREST returns', async () => {
    const run = (role: string) => asRole(db.pool, { role, claims: { role } }, async () => 'ran');
    expect(await sqlState(run('postgres'))).toBe('42501');
    expect(await sqlState(run('no_such_role'))).toBe('42704');
    expect(await run(anon.role)).toBe('ran');
  });
});
