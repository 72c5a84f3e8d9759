-- The lottery clock: one timezone for the whole lottery, read by the database (publication)
-- and by the app ("today", draw times). The local stack writes it from LOTTERY_TIMEZONE at start;
-- on hosted Supabase the operator updates it with the service role or in the SQL editor.

create table "public"."lottery_settings" (
  -- A boolean key that must be true makes this table hold at most one row.
  "id" boolean primary key default true constraint "lottery_settings_singleton" check ("id"),
  "timezone" text not null default 'UTC',
  "updated_at" timestamptz not null default now()
);

comment on table "public"."lottery_settings" is
  'Singleton: the lottery''s IANA timezone. Readable by everyone, written by the service role only.';

insert into "public"."lottery_settings" ("id", "timezone") values (true, 'UTC');

-- A check constraint cannot query pg_timezone_names, so a trigger rejects unknown zones with
-- the SQLSTATE of a check violation; a typo must not silently publish results at the wrong hour.
create function "private"."lottery_settings_validate"()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from "pg_catalog"."pg_timezone_names" z where z."name" = new."timezone") then
    raise exception 'Unknown time zone "%": use an IANA name such as UTC or Europe/Berlin', new."timezone"
      using errcode = 'check_violation', constraint = 'lottery_settings_timezone_check';
  end if;
  new."updated_at" := now();
  return new;
end
$$;

revoke execute on function "private"."lottery_settings_validate"() from public, "anon";

create trigger "lottery_settings_validate"
  before insert or update on "public"."lottery_settings"
  for each row execute function "private"."lottery_settings_validate"();

alter table "public"."lottery_settings" enable row level security;

revoke all on table "public"."lottery_settings" from "anon", "authenticated";
grant select on table "public"."lottery_settings" to "anon", "authenticated";
grant all on table "public"."lottery_settings" to "service_role";

create policy "Everyone reads the lottery settings" on "public"."lottery_settings"
  for select to "anon", "authenticated"
  using (true);

create function "private"."lottery_timezone"()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s."timezone" from "public"."lottery_settings" s where s."id"), 'UTC')
$$;

-- A draw is published at draw_date + HH:30 in the lottery timezone. The public read policy on
-- lottery_results inlines the same expression (anon may not execute private helpers); the
-- SQL tests check that both agree.
create function "private"."is_published"("_draw_date" date, "_draw_hour" integer)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select ("_draw_date" + make_interval(hours => "_draw_hour", mins => 30))
           at time zone "private"."lottery_timezone"() <= now()
$$;

revoke execute on function "private"."lottery_timezone"() from public, "anon";
revoke execute on function "private"."is_published"(date, integer) from public, "anon";
grant execute on function "private"."lottery_timezone"() to "authenticated", "service_role";
grant execute on function "private"."is_published"(date, integer) to "authenticated", "service_role";
