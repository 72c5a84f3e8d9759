-- pg_cron's run log for the local stand-in (ADR 017): cron.job_run_details with pg_cron's columns
-- (citusdata/pg_cron pg_cron--1.2--1.3.sql), so a job's punctuality can be read the same way
-- locally and on hosted Supabase: `select start_time from cron.job_run_details where jobid = ...`.
-- The stack's scheduler (server/src/cron/run-details.ts) writes a row per run as `postgres` and
-- keeps the newest 10,000 runs; pg_cron keeps every row until someone deletes it.
-- Idempotent, and nothing at all where the real extension is installed.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension e where e.extname = 'pg_cron') then
    return;
  end if;
  create table if not exists "cron"."job_run_details" (
    "jobid" bigint,
    "runid" bigserial primary key,
    "job_pid" integer,
    "database" text,
    "username" text,
    "command" text,
    "status" text,
    "return_message" text,
    "start_time" timestamptz,
    "end_time" timestamptz
  );
  alter table "cron"."job_run_details" enable row level security;
  if not exists (select 1 from pg_catalog.pg_policies p
                  where p.schemaname = 'cron' and p.tablename = 'job_run_details'
                    and p.policyname = 'cron_job_run_details_policy') then
    create policy "cron_job_run_details_policy" on "cron"."job_run_details"
      using ("username" = current_user);
  end if;
  -- pg_cron grants select and delete to public; here the schema is postgres's alone (04-cron.sql),
  -- and postgres also writes the rows, since the scheduler logs in as postgres.
  grant select, insert, update, delete on table "cron"."job_run_details" to "postgres";
  grant usage on sequence "cron"."job_run_details_runid_seq" to "postgres";
end
$$;
