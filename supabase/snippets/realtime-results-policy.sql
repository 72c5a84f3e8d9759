-- The live results channel's Realtime Authorization policy (migrations 20250601000520 and
-- 20250601000900; ADR 021), for a database where `postgres` may not create policies on
-- realtime.messages (no supautils.policy_grants for it: `supabase db push` stops with
-- 42501 "must be owner of table messages").
--
-- Run it where it may: on hosted Supabase in the Dashboard's SQL editor (supabase/cli#6116 reports
-- the same statement succeeding there while `db push` fails); self-hosted as supabase_admin
-- (`psql "postgres://supabase_admin:…@host:5432/postgres" -f this-file`). Then, if a migration
-- failed, mark it as applied and push the rest:
--   supabase migration repair --status applied 20250601000520
--   supabase db push
-- 20250601000900 then finds the policy as it wants it and does nothing.
--
-- Check:
--   select policyname, cmd, roles, qual from pg_policies
--    where schemaname = 'realtime' and tablename = 'messages';
begin;
drop policy if exists "Visitors receive on the live results channel" on "realtime"."messages";
create policy "Visitors receive on the live results channel" on "realtime"."messages"
  for select to "anon", "authenticated"
  using (
    "realtime"."messages"."extension" = 'broadcast'
    and starts_with("realtime"."topic"(), 'results-live-')
  );
commit;
