-- The live results channel's policy on realtime.messages, made safe to apply on any Supabase base
-- (ADR 021). 20250601000520 created it with a plain CREATE POLICY. realtime.messages belongs to
-- supabase_realtime_admin, not to `postgres` who runs migrations, and `postgres` is no longer a
-- member of that role (supabase/realtime tenant migration 20260707120000_restrict_realtime_schema,
-- supabase/postgres 20250421084701_revoke_admin_roles_from_postgres.sql). The statement works on
-- hosted Supabase only because supautils.policy_grants lists realtime.messages for `postgres`;
-- without that it fails with 42501 "must be owner of table messages" (supabase/cli#6116).
--
-- This migration:
-- - does nothing, and takes no lock, where the policy already reads as below (a project that
--   applied 20250601000520, or whose operator ran supabase/snippets/realtime-results-policy.sql);
-- - otherwise (re)creates it, which works wherever `postgres` may manage policies there;
-- - and where it may not, stops with 42501 and a hint naming what to do, instead of the bare error.
-- A base where 20250601000520 itself fails never reaches this file: README, "Deploying to hosted
-- Supabase", says how to get past it (the snippet as a role that may, then `supabase migration
-- repair --status applied 20250601000520`).
do $$
declare
  "name" constant text := 'Visitors receive on the live results channel';
  -- The qualifier as PostgreSQL prints it back (pg_policies.qual), without whitespace.
  "wanted" constant text :=
    '((extension=''broadcast''::text)ANDstarts_with(realtime.topic(),''results-live-''::text))';
begin
  if to_regclass('realtime.messages') is null then
    raise exception 'realtime.messages does not exist, so the live results channel cannot be authorized'
      using errcode = 'undefined_table',
            hint = 'Realtime creates it: open Dashboard > Realtime once (or start the realtime service on '
                   'a self-hosted stack), then run supabase db push again.';
  end if;
  if exists (select 1 from pg_catalog.pg_policies p
              where p.schemaname = 'realtime' and p.tablename = 'messages' and p.policyname = "name"
                and p.permissive = 'PERMISSIVE' and p.cmd = 'SELECT'
                and p.roles = array['anon', 'authenticated']::name[]
                and regexp_replace(p.qual, '\s', '', 'g') = "wanted"
                and p.with_check is null) then
    return;
  end if;
  begin
    drop policy if exists "Visitors receive on the live results channel" on "realtime"."messages";
    create policy "Visitors receive on the live results channel" on "realtime"."messages"
      for select to "anon", "authenticated"
      using (
        "realtime"."messages"."extension" = 'broadcast'
        and starts_with("realtime"."topic"(), 'results-live-')
      );
  exception when insufficient_privilege then
    raise exception 'role % may not manage policies on realtime.messages: %', current_user, sqlerrm
      using errcode = 'insufficient_privilege',
            hint = 'Create it as a role that may: on hosted Supabase paste supabase/snippets/'
                   'realtime-results-policy.sql into the Dashboard SQL editor (supabase/cli#6116: it '
                   'succeeds there), self-hosted run it as supabase_admin. Then run supabase db push again.';
  end;
end
$$;
