-- A small stand-in for pg_cron's `cron` schema, for the local stack only (ADR 012): where the real
-- extension is absent, migrations can still `cron.schedule` a job and the stack's scheduler
-- (server/src/cron/) runs it. The shape follows pg_cron (citusdata/pg_cron pg_cron--1.0.sql and
-- later upgrades): cron.job, cron.schedule(job_name, schedule, command), cron.unschedule(job_name | job_id);
-- a job runs as the user who scheduled it, and row-level security shows users only their own jobs.
-- Idempotent: `if not exists` everywhere, so it can run on every start.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension e where e.extname = 'pg_cron') then
    return;
  end if;
  create schema if not exists "cron";
  create table if not exists "cron"."job" (
    "jobid" bigserial primary key,
    "schedule" text not null,
    "command" text not null,
    "nodename" text not null default 'localhost',
    "nodeport" integer not null default 5432,
    "database" text not null default current_database(),
    "username" text not null default current_user,
    "active" boolean not null default true,
    "jobname" text,
    constraint "jobname_username_uniq" unique ("jobname", "username")
  );
  alter table "cron"."job" enable row level security;
  if not exists (select 1 from pg_catalog.pg_policies p
                  where p.schemaname = 'cron' and p.tablename = 'job' and p.policyname = 'cron_job_policy') then
    create policy "cron_job_policy" on "cron"."job" using ("username" = current_user);
  end if;
end
$$;

-- pg_cron's functions are C functions that write cron.job themselves, for the calling user
-- (citusdata/pg_cron src/job_metadata.c: ScheduleCronJob, cron_unschedule, cron_unschedule_named),
-- so on hosted `postgres` schedules without any write privilege on cron.job: supabase/postgres
-- migrations/db/migrations/20231020085357_revoke_writes_on_cron_job_from_postgres.sql leaves it
-- `grant select on table cron.job to postgres with grant option` and nothing more. The stand-ins
-- are security definer for the same reason and act for the role in effect when called (inside
-- them current_user is the definer). Like pg_cron, unscheduling a job that is not the caller's
-- (or does not exist) is an error: "could not find valid entry for job …".
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension e where e.extname = 'pg_cron') then
    return;
  end if;
  create or replace function "cron"."schedule"("job_name" text, "schedule" text, "command" text)
  returns bigint
  language sql
  security definer
  set search_path = ''
  as $fn$
    insert into "cron"."job" ("jobname", "schedule", "command", "username")
    values ("job_name", "schedule", "command",
            case when current_setting('role') = 'none' then session_user else current_setting('role') end)
    on conflict ("jobname", "username") do update
      set "schedule" = excluded."schedule", "command" = excluded."command", "active" = true
    returning "jobid"
  $fn$;
  create or replace function "cron"."unschedule"("job_name" text)
  returns boolean
  language plpgsql
  security definer
  set search_path = ''
  as $fn$
  begin
    delete from "cron"."job" j
     where j."jobname" = "job_name"
       and j."username" = case when current_setting('role') = 'none' then session_user
                               else current_setting('role') end;
    if not found then
      raise exception 'could not find valid entry for job ''%''', "job_name";
    end if;
    return true;
  end
  $fn$;
  -- pg_cron 1.0's `cron.unschedule(job_id bigint)`: supabase/snippets/schedule-draws.sql calls
  -- it as `select cron.unschedule(jobid) from cron.job where …`.
  create or replace function "cron"."unschedule"("job_id" bigint)
  returns boolean
  language plpgsql
  security definer
  set search_path = ''
  as $fn$
  begin
    delete from "cron"."job" j
     where j."jobid" = "job_id"
       and j."username" = case when current_setting('role') = 'none' then session_user
                               else current_setting('role') end;
    if not found then
      raise exception 'could not find valid entry for job %', "job_id";
    end if;
    return true;
  end
  $fn$;
  -- As on hosted Supabase: postgres may schedule and read its own jobs (cron_job_policy) and
  -- writes cron.job only through the functions; the API roles may do nothing.
  revoke all on schema "cron" from public;
  revoke execute on all functions in schema "cron" from public;
  grant usage on schema "cron" to "postgres";
  revoke insert, update, delete, truncate, references, trigger on table "cron"."job" from "postgres";
  revoke usage on sequence "cron"."job_jobid_seq" from "postgres";
  grant select on table "cron"."job" to "postgres" with grant option;
  grant execute on function "cron"."schedule"(text, text, text), "cron"."unschedule"(text),
    "cron"."unschedule"(bigint) to "postgres";
end
$$;
