-- Hourly draw results. Integrity rules live in constraints so every writer (the app, the
-- generate function, the SQL editor) is held to them and a violation carries its SQLSTATE.

create table "public"."lottery_results" (
  "id" uuid primary key default gen_random_uuid(),
  "draw_date" date not null,
  "draw_hour" integer not null,
  "draw_time" text not null,
  "first_prize" text not null,
  "created_by" text,
  "updated_by" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  -- One draw per hour per day (23505 on a duplicate).
  constraint "lottery_results_draw_date_draw_hour_key" unique ("draw_date", "draw_hour"),
  constraint "lottery_results_draw_hour_check" check ("draw_hour" between 0 and 23),
  -- draw_time is redundant with draw_hour but part of the spec's row; it must never disagree.
  constraint "lottery_results_draw_time_check" check ("draw_time" = to_char("draw_hour", 'FM00') || ':30:00'),
  constraint "lottery_results_first_prize_check" check ("first_prize" ~ '^[0-9]{4}$')
);

comment on table "public"."lottery_results" is
  'One row per hourly draw. Public once drawn (draw_date + HH:30 in the lottery timezone); admins see and write everything.';

-- Past Results lists newest first across dates; the unique index serves equality on draw_date.
create index "lottery_results_draw_date_draw_hour_desc_idx"
  on "public"."lottery_results" ("draw_date" desc, "draw_hour" desc);

-- Authorship and timestamps come from the database and the verified JWT, never from the request
-- body: API callers (anon, authenticated) cannot forge them. Trusted callers without a user email
-- (the service role, the owner's scripts) may attribute a row explicitly. created_* never change.
create function "private"."lottery_results_stamp"()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  "actor" text := "auth"."jwt"() ->> 'email';
  "trusted" boolean := current_user not in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    new."created_by" := case when "trusted" and "actor" is null then new."created_by" else "actor" end;
    new."created_at" := now();
    new."updated_by" := null;
    new."updated_at" := new."created_at";
  else
    new."id" := old."id";
    new."created_by" := old."created_by";
    new."created_at" := old."created_at";
    new."updated_by" := case when "trusted" and "actor" is null then new."updated_by" else "actor" end;
    new."updated_at" := now();
  end if;
  return new;
end
$$;

revoke execute on function "private"."lottery_results_stamp"() from public, "anon";

create trigger "lottery_results_stamp"
  before insert or update on "public"."lottery_results"
  for each row execute function "private"."lottery_results_stamp"();

alter table "public"."lottery_results" enable row level security;

revoke all on table "public"."lottery_results" from "anon", "authenticated";
grant select on table "public"."lottery_results" to "anon";
grant select, insert, update, delete on table "public"."lottery_results" to "authenticated";
grant all on table "public"."lottery_results" to "service_role";

-- Publication is a policy, so no filter, count or realtime event can reveal a result early.
-- The expression is private.is_published() inlined: anon may not execute private helpers, and the
-- settings lookup runs once per statement (an init plan) rather than once per row.
create policy "Drawn results are public" on "public"."lottery_results"
  for select to "anon", "authenticated"
  using (
    ("draw_date" + make_interval(hours => "draw_hour", mins => 30))
      at time zone (select s."timezone" from "public"."lottery_settings" s where s."id")
      <= now()
  );

-- `(select …)` makes PostgreSQL evaluate the admin check once per statement, not per row.
create policy "Admins read every result" on "public"."lottery_results"
  for select to "authenticated"
  using ((select "private"."is_admin"()));

create policy "Admins add results" on "public"."lottery_results"
  for insert to "authenticated"
  with check ((select "private"."is_admin"()));

create policy "Admins edit results" on "public"."lottery_results"
  for update to "authenticated"
  using ((select "private"."is_admin"()))
  with check ((select "private"."is_admin"()));

create policy "Admins delete results" on "public"."lottery_results"
  for delete to "authenticated"
  using ((select "private"."is_admin"()));

-- Realtime: the Today page listens to every change. Full replica identity puts the whole old
-- row in update/delete events, so subscribers can tell which draw changed or disappeared.
alter table "public"."lottery_results" replica identity full;
alter publication "supabase_realtime" add table "public"."lottery_results";
