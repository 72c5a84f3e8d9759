-- Beacon draws on hosted Supabase (docs/decisions/023-beacon-draws.md): pg_cron calls the
-- draw-beacon edge function through pg_net, with the URL and key kept in Vault, as
-- https://supabase.com/docs/guides/functions/schedule-functions describes.
--
-- Before: `supabase functions deploy draw-beacon` (verify_jwt is off in config.toml: the function
-- checks the key itself), the draws of supabase/snippets/schedule-draws.sql running, and
-- Dashboard → Database → Extensions: pg_cron and pg_net enabled.
-- Then run this in the SQL editor, with your project's values in step 1.

-- 1. The URL and the key the job sends. The function accepts the project's service_role key, or
--    the value of its BEACON_CALLER_KEY secret where the project has no legacy service_role key:
--      supabase secrets set BEACON_CALLER_KEY=$(openssl rand -hex 32)
--    (and store that same value here).
select vault.create_secret('https://<project-ref>.supabase.co', 'lotto24_project_url');
select vault.create_secret('<service_role key or BEACON_CALLER_KEY>', 'lotto24_beacon_key');

-- 2. Every 5 seconds (interval schedules need pg_cron >= 1.5, as on hosted Supabase): each call
--    draws the beacon draws whose round is due and seals a few locks ahead. Rescheduled by name.
select cron.unschedule(jobid) from cron.job where jobname = 'lotto24-beacon';
select cron.schedule(
  'lotto24-beacon',
  '5 seconds',
  $job$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'lotto24_project_url')
           || '/functions/v1/draw-beacon',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets
                                      where name = 'lotto24_beacon_key')),
    body := '{}'::jsonb,
    timeout_milliseconds := 30000
  ) as request_id;
  $job$
);

-- 3. The switch (public): draws committed from now on are tied to drand quicknet's rounds.
--    Today's and tomorrow's draws still ahead are locked at the next tick of the draws.
update public.lottery_settings
   set beacon_since = coalesce(beacon_since, now()),
       beacon_chain_hash = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';

-- Check: the calls and their answers ({"drawn", "stored", "waiting", "sealed", ...}), the locks
-- and their seals, the rounds stored, and draws waiting for the beacon.
--   select status_code, content, created from net._http_response order by created desc limit 5;
--   select draw_date, draw_hour, round, locked_at is not null as sealed from public.draw_locks
--    order by draw_date desc, draw_hour desc limit 5;
--   select round, fetched_at from public.beacon_rounds order by round desc limit 5;
--   select l.draw_date, l.draw_hour, l.round from public.draw_locks l
--    where private.draw_moment(l.draw_date, l.draw_hour) <= now()
--      and not exists (select 1 from public.lottery_results r
--                       where r.draw_date = l.draw_date and r.draw_hour = l.draw_hour);
--
-- Back to ADR 012's draws for hours not locked yet (locked ones are still drawn from their round):
--   update public.lottery_settings set beacon_since = null, beacon_chain_hash = null;
-- Remove the job:
--   select cron.unschedule('lotto24-beacon');
