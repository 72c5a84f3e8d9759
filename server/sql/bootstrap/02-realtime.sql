-- Supabase creates this publication empty; projects add their tables in migrations.
-- (supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql)
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication "supabase_realtime";
  end if;
end
$$;

-- Realtime Authorization (private channels), as supabase/realtime's tenant migrations leave the
-- `realtime` schema: `realtime.messages` with row-level security on and no policy, so nobody may
-- read or write a private topic until a project migration adds policies; `realtime.topic()` for
-- those policies. Realtime checks them as the caller, inserting and selecting probe rows in a
-- transaction it rolls back (ADR 008). Hosted partitions the table by day for broadcast replay;
-- the stack stores nothing in it, so one plain table with the same columns does.
create schema if not exists "realtime";
grant usage on schema "realtime" to "anon", "authenticated", "service_role";
-- As CreateRealtimeAdminAndMoveOwnership grants it: Realtime's role works in its schema.
grant all on schema "realtime" to "supabase_realtime_admin";
-- `postgres` may use the schema and pass that on, not create in it (supabase/realtime tenant
-- migration 20260707120000_restrict_realtime_schema: `GRANT USAGE ON SCHEMA realtime TO postgres
-- WITH GRANT OPTION; REVOKE CREATE ON SCHEMA realtime FROM postgres;`, and supabase/postgres
-- migrations/db/migrations/20260506172403_grant_realtime_schema_to_postgres_with_grant_option.sql).
grant usage on schema "realtime" to "postgres" with grant option;
revoke create on schema "realtime" from "postgres";

create table if not exists "realtime"."messages" (
  "topic" text not null,
  "extension" text not null,
  "payload" jsonb,
  "event" text,
  "private" boolean default false,
  "updated_at" timestamp without time zone not null default now(),
  "inserted_at" timestamp without time zone not null default now(),
  "id" uuid not null default gen_random_uuid(),
  primary key ("id", "inserted_at")
);
alter table "realtime"."messages" enable row level security;
-- supabase/realtime tenant migration 20241030150047_messages_partitioning: `GRANT SELECT / UPDATE /
-- INSERT ON realtime.messages TO postgres, anon, authenticated, service_role`.
grant select, insert, update on table "realtime"."messages" to "postgres", "anon", "authenticated", "service_role";

create or replace function "realtime"."topic"() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Owned by Realtime's role, as supabase/realtime's tenant migrations leave them
-- (20260707120000_restrict_realtime_schema: `ALTER TABLE realtime.messages OWNER TO
-- supabase_realtime_admin`, the same for realtime.topic()), so the realtime pool, logged in as
-- the owner, may write the probe rows the policies are checked against. `postgres` is NOT a
-- member of that role (the same migration and supabase/postgres
-- 20250421084701_revoke_admin_roles_from_postgres.sql: `revoke supabase_realtime_admin from
-- postgres`): a project migration may add policies on realtime.messages only through
-- supautils.policy_grants, which 03-owners.sql stands in for, and may not alter the table
-- otherwise. Data dirs from before lose the membership they were given here. Guarded: roles are
-- cluster-wide and stacks starting together must not update one catalog row at once.
do $$
begin
  if (select c.relowner from pg_catalog.pg_class c where c.oid = 'realtime.messages'::regclass)
     <> 'supabase_realtime_admin'::regrole then
    alter table "realtime"."messages" owner to "supabase_realtime_admin";
  end if;
  if (select p.proowner from pg_catalog.pg_proc p where p.oid = 'realtime.topic()'::regprocedure)
     <> 'supabase_realtime_admin'::regrole then
    alter function "realtime"."topic"() owner to "supabase_realtime_admin";
  end if;
  if exists (select 1 from pg_catalog.pg_auth_members m
              where m.roleid = 'supabase_realtime_admin'::regrole
                and m.member = 'postgres'::regrole) then
    revoke "supabase_realtime_admin" from "postgres";
  end if;
end
$$;
