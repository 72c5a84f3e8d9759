-- What every Supabase database has before the project's migrations run: the API roles, the
-- extensions schema and the default privileges. Copied from supabase/postgres
-- migrations/db/init-scripts/00000000000000-initial-schema.sql, made idempotent: roles are
-- cluster-wide, so a second database on the same server (or a restart) finds them already there.

do $$
begin
  -- The API roles are created noinherit (init-scripts/00000000000000-initial-schema.sql) and
  -- switched to INHERIT by migrations/20230529180330_alter_api_roles_for_inherit.sql; see below.
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
  -- Hosted: `ALTER ROLE authenticated inherit; ALTER ROLE anon inherit; ALTER ROLE service_role
  -- inherit;` (supabase/postgres migrations/db/migrations/20230529180330_alter_api_roles_for_inherit.sql).
  -- Only where it differs: roles are cluster-wide, and stacks starting together on one server
  -- must not update the same catalog row at once.
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'anon' and not rolinherit) then
    alter role "anon" inherit;
  end if;
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated' and not rolinherit) then
    alter role "authenticated" inherit;
  end if;
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role' and not rolinherit) then
    alter role "service_role" inherit;
  end if;
end
$$;

grant "anon", "authenticated", "service_role" to "authenticator";
grant "anon", "authenticated", "service_role" to "supabase_realtime_admin";

-- `postgres`'s memberships as hosted has them in 2026 (ADR 021), each from supabase/postgres
-- migrations/db/migrations/: the API roles WITH ADMIN OPTION (20230201083204_grant_auth_roles_to_postgres,
-- 20250605172253_grant_with_admin_to_postgres_16_and_above), pg_monitor
-- (20230306081037_grant_pg_monitor_to_postgres), pg_read_all_data and pg_signal_backend
-- (20240606060239_grant_predefined_roles_to_postgres). NOT the service admins: GoTrue's, Storage's
-- and Realtime's roles were revoked (20240319072844_lock_down_postgres_access_to_auth_migrations,
-- 20250421084701_revoke_admin_roles_from_postgres; for Realtime also supabase/realtime's tenant
-- migration 20260707120000_restrict_realtime_schema). Data dirs made before keep nothing extra:
-- a membership in supabase_realtime_admin is revoked in 02-realtime.sql.
do $$
declare
  "granted" record;
begin
  for "granted" in
    select r."name", r."admin" from (values ('anon', true), ('authenticated', true), ('service_role', true),
                                           ('pg_monitor', false), ('pg_read_all_data', false),
                                           ('pg_signal_backend', false)) as r("name", "admin")
     where not exists (select 1 from pg_catalog.pg_auth_members m
                        where m.roleid = r."name"::regrole and m.member = 'postgres'::regrole
                          and (m.admin_option or not r."admin"))
  loop
    execute format('grant %I to "postgres"%s', "granted"."name",
                   case when "granted"."admin" then ' with admin option' else '' end);
  end loop;
end
$$;
-- GoTrue's search_path (init-scripts/00000000000001-auth-schema.sql). Set only when missing: roles
-- are cluster-wide, and stacks starting together on one server must not update the same catalog
-- row at once.
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

-- Hosted Supabase's per-role settings, each from supabase/postgres migrations/db/:
--   anon          statement_timeout 3s   init-scripts/00000000000000-initial-schema.sql
--   authenticated statement_timeout 8s   init-scripts/00000000000000-initial-schema.sql
--   authenticator statement_timeout 8s   migrations/20221028101028_set_authenticator_timeout.sql
--   authenticator lock_timeout 8s        migrations/20231130133139_set_lock_timeout_to_authenticator_role.sql
-- They apply to a session that logs in as the role; the REST API applies anon's and
-- authenticated's per request, as PostgREST does with every impersonated role's settings.
-- service_role and postgres have none on hosted either. Set only when missing, like the
-- search_path above.
do $$
declare
  "setting" record;
begin
  for "setting" in
    select * from (values ('anon', 'statement_timeout', '3s'),
                          ('authenticated', 'statement_timeout', '8s'),
                          ('authenticator', 'statement_timeout', '8s'),
                          ('authenticator', 'lock_timeout', '8s')) as t("role", "name", "value")
  loop
    if not exists (select 1 from pg_catalog.pg_db_role_setting s
                    where s.setrole = "setting"."role"::regrole and s.setdatabase = 0
                      and ("setting"."name" || '=' || "setting"."value") = any (s.setconfig)) then
      execute format('alter role %I set %I = %L', "setting"."role", "setting"."name", "setting"."value");
    end if;
  end loop;
end
$$;

-- pg-safeupdate (UPDATE and DELETE need a WHERE clause) as hosted preloads it per role:
--   authenticator session_preload_libraries = 'supautils, safeupdate'
--     (migrations/20260413000000_fix-authenticator-session-preload-libraries.sql)
--   anon, authenticated session_preload_libraries = 'safeupdate'
--     (migrations/20260130074514_load_disable_pg_safeupdate.sql)
--   postgres session_preload_libraries = 'supautils, safeupdate', safeupdate.enabled = 0
--     (migrations/20261010094800_postgres-role-safeupdate.sql)
-- The embedded PostgreSQL ships neither library, and naming a library the server cannot load
-- makes every login as that role fail. So each role gets the part of its list this server can
-- load (probed with LOAD), and nothing where it has none. Locally the REST API's planner refuses
-- an unfiltered PATCH/DELETE with safeupdate's error instead (server/src/lib/postgrest/
-- plan-table.ts); SQL sent as anon or authenticated by other means is not checked (README,
-- "Where the local stack differs from hosted"). tests/sql/hosted-base.test.ts states hosted's values.
do $$
declare
  "wanted" record;
  "library" text;
  "loadable" text[];
  "value" text;
begin
  for "wanted" in
    select * from (values ('authenticator', array['supautils', 'safeupdate']),
                          ('anon', array['safeupdate']),
                          ('authenticated', array['safeupdate']),
                          ('postgres', array['supautils', 'safeupdate'])) as t("role", "libraries")
  loop
    "loadable" := '{}';
    foreach "library" in array "wanted"."libraries" loop
      begin
        execute format('load %L', "library");
        "loadable" := "loadable" || "library";
      exception when undefined_file then
        null;
      end;
    end loop;
    continue when cardinality("loadable") = 0;
    "value" := array_to_string("loadable", ', ');
    if not exists (select 1 from pg_catalog.pg_db_role_setting s
                    where s.setrole = "wanted"."role"::regrole and s.setdatabase = 0
                      and ('session_preload_libraries=' || "value") = any (s.setconfig)) then
      execute format('alter role %I set "session_preload_libraries" = %L', "wanted"."role", "value");
    end if;
    if "wanted"."role" = 'postgres' and 'safeupdate' = any ("loadable") then
      alter role "postgres" set "safeupdate.enabled" = 0;
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
