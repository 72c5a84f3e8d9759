-- What every Supabase database has before the project's migrations run: the API roles, the
-- extensions schema and the default privileges. Copied from supabase/postgres
-- migrations/db/init-scripts/00000000000000-initial-schema.sql, made idempotent: roles are
-- cluster-wide, so a second database on the same server (or a restart) finds them already there.

do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role "anon" nologin noinherit;
  end if;
  -- "logged in" user: PostgREST switches to it for a JWT with role=authenticated.
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role "authenticated" nologin noinherit;
  end if;
  -- The service key bypasses row-level security, as on Supabase.
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role "service_role" nologin noinherit bypassrls;
  end if;
  -- The role PostgREST logs in as and switches from; it holds no privileges of its own. The
  -- stack's REST pool logs in as it (ADR 010); its password is set by server/src/db/roles.ts.
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticator') then
    create role "authenticator" login noinherit;
  end if;
  -- GoTrue's role: owns the auth schema (init-scripts/00000000000001-auth-schema.sql); the
  -- stack's auth pool logs in as it.
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_auth_admin') then
    create role "supabase_auth_admin" noinherit login noreplication;
  end if;
  -- Realtime's role. Hosted Realtime connects as an admin of its own; here it logs in, may become
  -- the API roles to check what a subscriber may see, and reads the change capture (ADR 010).
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_realtime_admin') then
    create role "supabase_realtime_admin" noinherit login noreplication;
  end if;
  -- The role migrations run as: not a superuser, as on hosted Supabase, where `supabase_admin`
  -- is the superuser (migrations/10000000000000_demote-postgres.sql). In an older data dir
  -- `postgres` is the bootstrap superuser and stays one (see server/src/db/cluster.ts).
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'postgres') then
    create role "postgres" nosuperuser createdb createrole login replication bypassrls;
  end if;
end
$$;

grant "anon", "authenticated", "service_role" to "authenticator";
grant "anon", "authenticated", "service_role" to "supabase_realtime_admin";
-- As on Supabase, postgres may become the API roles (SQL editor, tests) but not GoTrue's role
-- (20240319072844_lock_down_postgres_access_to_auth_migrations.sql).
grant "anon", "authenticated", "service_role" to "postgres";
-- GoTrue's search_path. Set only when missing: roles are cluster-wide, and stacks starting
-- together on one server must not update the same catalog row at once.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_db_role_setting s
                  where s.setrole = 'supabase_auth_admin'::regrole and s.setdatabase = 0
                    and 'search_path=auth' = any (s.setconfig)) then
    alter role "supabase_auth_admin" set search_path = "auth";
  end if;
end
$$;
-- The database is postgres's to create schemas in (demote-postgres.sql: GRANT ALL ON DATABASE).
do $$
begin
  execute format('grant all on database %I to "postgres"', current_database());
end
$$;

-- Hosted Supabase's statement timeouts (supabase/postgres init scripts). They apply to a session
-- that logs in as the role; the REST API applies anon's and authenticated's per request, as
-- PostgREST does with every impersonated role's settings.
-- Set only when missing, like the search_path above: stacks starting together on one server
-- must not update the same catalog row at once.
do $$
declare
  timeout record;
begin
  for timeout in select * from (values ('anon', '3s'), ('authenticated', '8s'), ('authenticator', '8s'))
                   as t("role", "value") loop
    if not exists (select 1 from pg_catalog.pg_db_role_setting s
                    where s.setrole = timeout."role"::regrole and s.setdatabase = 0
                      and ('statement_timeout=' || timeout."value") = any (s.setconfig)) then
      execute format('alter role %I set "statement_timeout" = %L', timeout."role", timeout."value");
    end if;
  end loop;
end
$$;

create schema if not exists "extensions";
grant usage on schema "extensions" to "anon", "authenticated", "service_role";
grant all on schema "extensions" to "postgres";

-- pgcrypto is preinstalled in `extensions` on Supabase. A server named by DATABASE_URL may lack
-- the contrib package; the app's migrations only need gen_random_uuid() (core since PG 13).
do $$
begin
  create extension if not exists "pgcrypto" with schema "extensions";
exception when others then
  raise notice 'pgcrypto is not available (%); continuing without it', sqlerrm;
end
$$;

grant usage on schema "public" to "anon", "authenticated", "service_role";
-- PostgreSQL 15+ gives `public` to the database owner (the superuser here); on Supabase
-- `postgres` creates the project's tables in it.
grant all on schema "public" to "postgres";

-- Tables, functions and sequences the migrations create in public are granted to the API roles
-- by default, exactly as on Supabase. That is why migrations must revoke what a role should not
-- have; testing against these defaults keeps the migrations honest for hosted Supabase. They are
-- set for the role that creates them, `postgres` (and for the superuser, in older data dirs).
alter default privileges for role "postgres" in schema "public" grant all on tables to "anon", "authenticated", "service_role";
alter default privileges for role "postgres" in schema "public" grant all on functions to "anon", "authenticated", "service_role";
alter default privileges for role "postgres" in schema "public" grant all on sequences to "anon", "authenticated", "service_role";
alter default privileges in schema "public" grant all on tables to "anon", "authenticated", "service_role";
alter default privileges in schema "public" grant all on functions to "anon", "authenticated", "service_role";
alter default privileges in schema "public" grant all on sequences to "anon", "authenticated", "service_role";
