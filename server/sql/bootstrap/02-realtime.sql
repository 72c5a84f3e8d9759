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
grant select, insert, update on table "realtime"."messages" to "anon", "authenticated", "service_role";

create or replace function "realtime"."topic"() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Owned by Realtime's role, of which `postgres` is a member, as supabase/realtime's tenant
-- migrations leave it (CreateRealtimeAdminAndMoveOwnership): so a project migration, run as
-- `postgres` (ADR 010), may add policies, and the realtime pool, logged in as the owner, may
-- write the probe rows the policies are checked against. Guarded: roles are cluster-wide and
-- stacks starting together must not update one catalog row at once.
do $$
begin
  if (select c.relowner from pg_catalog.pg_class c where c.oid = 'realtime.messages'::regclass)
     <> 'supabase_realtime_admin'::regrole then
    alter table "realtime"."messages" owner to "supabase_realtime_admin";
  end if;
  if not exists (select 1 from pg_catalog.pg_auth_members m
                  where m.roleid = 'supabase_realtime_admin'::regrole
                    and m.member = 'postgres'::regrole) then
    grant "supabase_realtime_admin" to "postgres";
  end if;
end
$$;
