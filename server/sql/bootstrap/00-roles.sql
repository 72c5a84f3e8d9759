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
  -- The role PostgREST logs in as and switches from; it holds no privileges of its own.
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticator') then
    create role "authenticator" login noinherit;
  end if;
end
$$;

grant "anon", "authenticated", "service_role" to "authenticator";

-- Hosted Supabase's statement timeouts (supabase/postgres init scripts). They apply to a session
-- that logs in as the role; the REST API applies anon's and authenticated's per request, as
-- PostgREST does with every impersonated role's settings.
alter role "anon" set "statement_timeout" = '3s';
alter role "authenticated" set "statement_timeout" = '8s';
alter role "authenticator" set "statement_timeout" = '8s';

create schema if not exists "extensions";
grant usage on schema "extensions" to "anon", "authenticated", "service_role";

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

-- Tables, functions and sequences the migrations create in public are granted to the API roles
-- by default, exactly as on Supabase. That is why migrations must revoke what a role should not
-- have; testing against these defaults keeps the migrations honest for hosted Supabase.
alter default privileges in schema "public" grant all on tables to "anon", "authenticated", "service_role";
alter default privileges in schema "public" grant all on functions to "anon", "authenticated", "service_role";
alter default privileges in schema "public" grant all on sequences to "anon", "authenticated", "service_role";
