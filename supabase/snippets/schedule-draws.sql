-- Automatic, verifiable draws on hosted Supabase (docs/decisions/012-verifiable-draws.md).
--
-- 1. Dashboard → Database → Extensions: enable pg_cron (in the `extensions` schema is fine).
-- 2. Run this in the SQL editor (it runs as postgres, the owner of private.run_due_draws()).
--    The migration 20250601000630_schedule_draws.sql already did step 3 if pg_cron was enabled
--    before `supabase db push`; running it again leaves exactly one job.

-- 3. Tick every 10 seconds (interval schedules need pg_cron >= 1.5, as on hosted Supabase):
select cron.unschedule(jobid) from cron.job where jobname = 'lotto24-draws';
select cron.schedule('lotto24-draws', '10 seconds', 'select "private"."run_due_draws"()');

-- 4. Switch the draws on. Only hours whose draw time comes after this moment are drawn; today's
--    and tomorrow's commitments are published on the next tick.
update public.lottery_settings set auto_draw = true;

-- Check: the job, its last runs, the commitments and the draws so far.
--   select * from cron.job where jobname = 'lotto24-draws';
--   select status, return_message, start_time from cron.job_run_details order by start_time desc limit 5;
--   select draw_date, count(*) from public.draw_commitments group by 1 order by 1 desc limit 3;
--   select draw_date, draw_hour, first_prize, source, created_at from public.lottery_results
--    where source = 'system' order by created_at desc limit 5;
--
-- Switch off (the job keeps ticking and does nothing):
--   update public.lottery_settings set auto_draw = false;
-- Remove the job:
--   select cron.unschedule('lotto24-draws');
