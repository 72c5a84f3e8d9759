-- Automatic draws and honest results (ADR 012). The setting switches the system's own draws on;
-- every result says who made it (the system's draw function, or an operator) and a published
-- result that is edited later carries its previous number and when, for everyone to see.

alter table "public"."lottery_settings"
  add column "auto_draw" boolean not null default false,
  -- The draws the system owes start here: switching auto_draw on does not backfill years of
  -- empty hours, only those whose draw moment comes after this (and after the last tick).
  add column "auto_draw_since" timestamptz;

comment on column "public"."lottery_settings"."auto_draw" is
  'Whether the system draws every hour itself (private.run_due_draws, run by pg_cron or the local stack''s scheduler).';
comment on column "public"."lottery_settings"."auto_draw_since" is
  'When auto_draw was last switched on (set by a trigger): hours drawn before it are never backfilled.';

-- Switching auto_draw on stamps the moment, unless the same statement names one (the operator, or
-- a test standing in for a stack that was down, may set it explicitly).
create function "private"."lottery_settings_auto_draw"()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new."auto_draw" and new."auto_draw_since" is null then
      new."auto_draw_since" := now();
    end if;
  elsif new."auto_draw" and not old."auto_draw"
        and new."auto_draw_since" is not distinct from old."auto_draw_since" then
    new."auto_draw_since" := now();
  end if;
  return new;
end
$$;

revoke execute on function "private"."lottery_settings_auto_draw"() from public, "anon";

create trigger "lottery_settings_auto_draw"
  before insert or update on "public"."lottery_settings"
  for each row execute function "private"."lottery_settings_auto_draw"();

alter table "public"."lottery_results"
  add column "source" text not null default 'operator'
    constraint "lottery_results_source_check" check ("source" in ('operator', 'system')),
  add column "previous_prize" text
    constraint "lottery_results_previous_prize_check" check ("previous_prize" ~ '^[0-9]{4}$'),
  add column "corrected_at" timestamptz;

comment on column "public"."lottery_results"."source" is
  '''system'' when the database''s draw function derived the prize from a committed seed; ''operator'' for any result an API caller wrote or changed.';
comment on column "public"."lottery_results"."previous_prize" is
  'The first prize before the latest change made after publication (a correction); null if never corrected.';

-- The stamp trigger of 20250601000300, plus the source and the correction. API callers (anon,
-- authenticated, service_role) never choose them: any insert, prize change or move of a draw by
-- one makes the row 'operator'. The draw functions are security definer, so their inserts run as
-- the owner and keep the 'system' they state. A prize changed once the draw was published is a
-- correction: the old prize and the time are kept, so a lottery never corrects silently.
create or replace function "private"."lottery_results_stamp"()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  "actor" text := "auth"."jwt"() ->> 'email';
  "trusted" boolean := current_user not in ('anon', 'authenticated');
  "api" boolean := current_user in ('anon', 'authenticated', 'service_role');
begin
  if tg_op = 'INSERT' then
    new."created_by" := case when "trusted" and "actor" is null then new."created_by" else "actor" end;
    new."created_at" := now();
    new."updated_by" := null;
    new."updated_at" := new."created_at";
    new."previous_prize" := null;
    new."corrected_at" := null;
    if "api" then
      new."source" := 'operator';
    end if;
  else
    new."id" := old."id";
    new."created_by" := old."created_by";
    new."created_at" := old."created_at";
    new."updated_by" := case when "trusted" and "actor" is null then new."updated_by" else "actor" end;
    new."updated_at" := now();
    new."previous_prize" := old."previous_prize";
    new."corrected_at" := old."corrected_at";
    if "api" then
      new."source" := case
        when (new."first_prize", new."draw_date", new."draw_hour")
             is distinct from (old."first_prize", old."draw_date", old."draw_hour") then 'operator'
        else old."source"
      end;
    end if;
    if new."first_prize" is distinct from old."first_prize"
       and "private"."is_published"(old."draw_date", old."draw_hour") then
      new."previous_prize" := old."first_prize";
      new."corrected_at" := now();
    end if;
  end if;
  return new;
end
$$;
