-- The schedule (ADR 012): pg_cron calls the tick every 10 seconds (interval schedules need
-- pg_cron >= 1.5, as on hosted Supabase). Only where cron.schedule exists: on hosted Supabase once
-- pg_cron is enabled (otherwise supabase/snippets/schedule-draws.sql does it later), on the local
-- stack through its emulation (server/sql/bootstrap/04-cron.sql). Rescheduled by name, so running
-- it again leaves one job.
do $$
begin
  if to_regnamespace('cron') is null or to_regprocedure('cron.schedule(text, text, text)') is null then
    raise notice 'pg_cron is not available: schedule the draws with supabase/snippets/schedule-draws.sql once it is';
    return;
  end if;
  begin
    if exists (select 1 from "cron"."job" j where j."jobname" = 'lotto24-draws') then
      perform "cron"."unschedule"('lotto24-draws');
    end if;
    perform "cron"."schedule"('lotto24-draws', '10 seconds', 'select "private"."run_due_draws"()');
  exception when insufficient_privilege then
    raise notice 'This role may not use pg_cron: schedule the draws with supabase/snippets/schedule-draws.sql';
  end;
end
$$;
