-- A small stand-in for pg_cron's `cron` schema, for the local stack only (ADR 012): where the real
-- extension is absent, migrations can still `cron.schedule` a job and the stack's scheduler
-- (server/src/cron/) runs it. The shape follows pg_cron (citusdata/pg_cron pg_cron--1.0.sql and
-- later upgrades): cron.job, cron.schedule(job_name, schedule, command), cron.unschedule(job_name);
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

-- Security invoker, as pg_cron's C functions act for the calling user: the job is the caller's,
-- and the policy above keeps each user to their own jobs.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension e where e.extname = 'pg_cron') then
    return;
  end if;
  create or replace function "cron"."schedule"("job_name" text, "schedule" text, "command" text)
  returns bigint
  language sql
  set search_path = ''
  as $fn$
    insert into "cron"."job" ("jobname", "schedule", "command", "username")
    values ("job_name", "schedule", "command", current_user)
    on conflict ("jobname", "username") do update
      set "schedule" = excluded."schedule", "command" = excluded."command", "active" = true
    returning "jobid"
  $fn$;
  create or replace function "cron"."unschedule"("job_name" text)
  returns boolean
  language sql
  set search_path = ''
  as $fn$
    with gone as (
      delete from "cron"."job" j where j."jobname" = "job_name" and j."username" = current_user returning 1
    )
    select count(*) > 0 from gone
  $fn$;
  -- As on hosted Supabase, postgres may schedule (and see its own jobs); the API roles may not.
  revoke all on schema "cron" from public;
  revoke execute on all functions in schema "cron" from public;
  grant usage on schema "cron" to "postgres";
  grant select, insert, update, delete on table "cron"."job" to "postgres";
  grant usage on sequence "cron"."job_jobid_seq" to "postgres";
  grant execute on function "cron"."schedule"(text, text, text), "cron"."unschedule"(text) to "postgres";
end
$$;
