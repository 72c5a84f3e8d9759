import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import { anon, as, createUser, serviceRole, sqlState } from './helpers.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('what Supabase provides', () => {
  // The API roles inherit on hosted (supabase/postgres 20230529180330_alter_api_roles_for_inherit.sql).
  it('has the API roles with Supabase attributes', async () => {
    const { rows } = await db.pool.query(
      `select "rolname", "rolcanlogin", "rolinherit", "rolbypassrls",
              pg_has_role('authenticator', "rolname", 'MEMBER') as "switchable"
         from "pg_catalog"."pg_roles"
        where "rolname" in ('anon', 'authenticated', 'service_role', 'authenticator') order by 1`,
    );
    expect(rows).toEqual([
      {
        rolname: 'anon',
        rolcanlogin: false,
        rolinherit: true,
        rolbypassrls: false,
        switchable: true,
      },
      {
        rolname: 'authenticated',
        rolcanlogin: false,
        rolinherit: true,
        rolbypassrls: false,
        switchable: true,
      },
      {
        rolname: 'authenticator',
        rolcanlogin: true,
        rolinherit: false,
        rolbypassrls: false,
        switchable: true,
      },
      {
        rolname: 'service_role',
        rolcanlogin: false,
        rolinherit: true,
        rolbypassrls: true,
        switchable: true,
      },
    ]);
  });

  it('reads claims in auth.uid/role/email/jwt, with the legacy per-claim settings first', async () => {
    const sub = '11111111-2222-3333-4444-555555555555';
    const select = `select auth.uid() as "uid", auth.role() as "role", auth.email() as "email", auth.jwt() as "jwt"`;
    const claims = { sub, role: 'authenticated', email: 'x@y.z' };
    const viaClaims = await as(db.pool, { role: 'authenticated', claims }, select);
    expect(viaClaims.rows).toEqual([
      { uid: sub, role: 'authenticated', email: 'x@y.z', jwt: claims },
    ]);
    const legacy = await as(
      db.pool,
      {
        role: 'anon',
        claims: {},
        settings: { 'request.jwt.claim.sub': sub, 'request.jwt.claim.role': 'anon' },
      },
      select,
    );
    expect(legacy.rows).toEqual([{ uid: sub, role: 'anon', email: null, jwt: {} }]);
    const none = await db.pool.query(select);
    expect(none.rows).toEqual([{ uid: null, role: null, email: null, jwt: null }]);
  });

  it('keeps auth tables away from the API roles', async () => {
    const tables = ['users', 'identities', 'sessions', 'refresh_tokens'];
    for (const table of [...tables, 'mfa_factors', 'mfa_challenges', 'mfa_amr_claims']) {
      for (const ctx of [anon, { role: 'authenticated', claims: {} }]) {
        expect(await sqlState(as(db.pool, ctx, `select * from "auth"."${table}"`))).toBe('42501');
      }
    }
  });

  it('has GoTrue columns, e.g. confirmed_at generated from the confirmation times', async () => {
    const user = await createUser(db.pool);
    const { rows } = await db.pool.query(
      `select "confirmed_at" = "email_confirmed_at" as "ok", "is_anonymous", "is_sso_user" from "auth"."users" where "id" = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ ok: true, is_anonymous: false, is_sso_user: false }]);
  });

  it('publishes the results, commitments and beacon tables (primary key as old row) in supabase_realtime', async () => {
    const { rows } = await db.pool.query(
      `select p."schemaname", p."tablename", c."relreplident"
         from "pg_catalog"."pg_publication_tables" p
         join "pg_catalog"."pg_class" c on c."oid" = format('%I.%I', p."schemaname", p."tablename")::regclass
        where p."pubname" = 'supabase_realtime' order by 2`,
    );
    expect(rows).toEqual([
      { schemaname: 'public', tablename: 'beacon_chains', relreplident: 'd' },
      { schemaname: 'public', tablename: 'beacon_rounds', relreplident: 'd' },
      { schemaname: 'public', tablename: 'draw_commitments', relreplident: 'd' },
      { schemaname: 'public', tablename: 'draw_locks', relreplident: 'd' },
      { schemaname: 'public', tablename: 'lottery_results', relreplident: 'd' },
    ]);
  });

  it('lets the service role use the API schemas', async () => {
    const { rows } = await as(
      db.pool,
      serviceRole,
      `select count(*)::int as "n" from "public"."lottery_settings"`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
