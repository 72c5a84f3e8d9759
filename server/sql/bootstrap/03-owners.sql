-- Migrations run as `postgres` (ADR 010), which on Supabase owns the realtime publication, so a
-- migration can `alter publication "supabase_realtime" add table …` (a pg_dump of a hosted
-- project shows `ALTER PUBLICATION supabase_realtime OWNER TO postgres`).
do $$
begin
  if exists (select 1 from pg_catalog.pg_publication p
              where p.pubname = 'supabase_realtime' and p.pubowner <> 'postgres'::regrole) then
    alter publication "supabase_realtime" owner to "postgres";
  end if;
end
$$;

-- A stand-in for supautils.policy_grants (supabase/supautils src/supautils.c, T_CreatePolicyStmt
-- and friends): on hosted Supabase `postgres` may create, alter and drop policies on some tables
-- it does not own, because supautils runs those statements as the superuser. Hosted's list
-- (supabase/postgres ansible postgresql_config supautils.conf, images 15.14.1.018 and later):
--   supautils.policy_grants = '{"postgres": ["auth.audit_log_entries", "auth.identities",
--     "auth.refresh_tokens", "auth.sessions", "auth.users", "realtime.messages",
--     "storage.buckets", "storage.migrations", "storage.objects", "storage.s3_multipart_uploads",
--     "storage.s3_multipart_uploads_parts"]}'
-- The embedded PostgreSQL has no supautils, so an event trigger does the same for the same list:
-- before a CREATE/ALTER/DROP POLICY by `postgres` it hands the listed tables to `postgres`, and
-- after it hands them back (a failed statement rolls the hand-over back with it). Every other
-- statement on those tables still needs their owner, so a migration that would fail on hosted
-- (ALTER TABLE realtime.messages, a policy on realtime.subscription or on any table `postgres`
-- does not own) fails here with the same 42501. Like supautils, it holds every listed table
-- until the migration commits. COMMENT ON POLICY is not covered (README, "Where the local stack
-- differs from hosted").
create or replace function "extensions"."lotto24_policy_grants"()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  "granted" constant text[] := array['auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens',
    'auth.sessions', 'auth.users', 'realtime.messages', 'storage.buckets', 'storage.migrations',
    'storage.objects', 'storage.s3_multipart_uploads', 'storage.s3_multipart_uploads_parts'];
  -- Security definer: current_user is this function's owner; the caller is the role in effect.
  "caller" text := case when current_setting('role') = 'none' then session_user
                        else current_setting('role') end;
  "handed" text := coalesce(current_setting('lotto24.policy_grants_handed', true), '');
  "item" record;
begin
  if tg_event = 'ddl_command_start' then
    if "caller" <> 'postgres' then
      return;
    end if;
    for "item" in
      select c.oid::regclass as "relation", c.relowner::regrole as "owner"
        from unnest("granted") as g("name")
        join pg_catalog.pg_class c on c.oid = to_regclass(g."name")
       where c.relowner <> 'postgres'::regrole
    loop
      execute format('alter table %s owner to "postgres"', "item"."relation");
      "handed" := "handed" || format('%s=%s;', "item"."relation"::oid, "item"."owner"::oid);
    end loop;
    perform set_config('lotto24.policy_grants_handed', "handed", true);
  elsif "handed" <> '' then
    perform set_config('lotto24.policy_grants_handed', '', true);
    for "item" in
      select split_part(h, '=', 1)::oid::regclass as "relation", split_part(h, '=', 2)::oid::regrole as "owner"
        from unnest(string_to_array(rtrim("handed", ';'), ';')) as h
    loop
      execute format('alter table %s owner to %s', "item"."relation", "item"."owner");
    end loop;
  end if;
end
$$;
revoke all on function "extensions"."lotto24_policy_grants"() from public;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_event_trigger where evtname = 'lotto24_policy_grants_start') then
    create event trigger "lotto24_policy_grants_start" on ddl_command_start
      when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY')
      execute function "extensions"."lotto24_policy_grants"();
  end if;
  if not exists (select 1 from pg_catalog.pg_event_trigger where evtname = 'lotto24_policy_grants_end') then
    create event trigger "lotto24_policy_grants_end" on ddl_command_end
      when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY')
      execute function "extensions"."lotto24_policy_grants"();
  end if;
end
$$;
