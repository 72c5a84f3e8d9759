-- Monthly totals behind the statistics page. Counting ten years of draws row by row costs
-- about 87,600 evaluations of the publication policy (a time-zone conversion each): 150 ms
-- and more on a shared machine. A month whose last draw has passed never changes by the
-- passage of time, only by a write, so its totals are kept here by a trigger and
-- public.draw_stats reads at most one row per month plus the draws of the current and partial
-- months (ADR 016). A month becomes readable with its last draw (the same rule as its results, ADR 003):
-- until then its totals could reveal a scheduled result.

create table "public"."draw_stats_monthly" (
  -- The month's first day.
  "month" date primary key constraint "draw_stats_monthly_month_check" check (extract(day from "month") = 1),
  "draws" integer not null,
  -- digits[(position - 1) * 10 + digit + 1]: how often the digit fell in that position (1-4).
  "digits" integer[] not null constraint "draw_stats_monthly_digits_check" check (cardinality("digits") = 40),
  -- endings[ending + 1]: how often the prize ended in that two-digit ending (00-99).
  "endings" integer[] not null constraint "draw_stats_monthly_endings_check" check (cardinality("endings") = 100),
  -- ending_last[ending + 1]: the latest draw with that ending (lottery clock), null if none.
  "ending_last" timestamp[] not null constraint "draw_stats_monthly_ending_last_check" check (cardinality("ending_last") = 100)
);

comment on table "public"."draw_stats_monthly" is
  'Per-month totals of lottery_results for public.draw_stats, kept by a trigger; readable once the month''s last draw is published.';

alter table "public"."draw_stats_monthly" enable row level security;
revoke all on table "public"."draw_stats_monthly" from "anon", "authenticated", "service_role";
grant select on table "public"."draw_stats_monthly" to "anon", "authenticated", "service_role";

create policy "Months whose last draw is published" on "public"."draw_stats_monthly"
  for select to "anon", "authenticated"
  using (
    ("month" + interval '1 month' - interval '30 minutes')
      at time zone (select s."timezone" from "public"."lottery_settings" s where s."id")
      <= now()
  );

-- Recomputes the given months from lottery_results as the owner (every row, published or not:
-- the policy above hides a month until all of it is). A month with no draw has no row.
create function "private"."draw_stats_monthly_refresh"("months" date[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  "target" date;
begin
  foreach "target" in array "months" loop
    delete from "public"."draw_stats_monthly" m where m."month" = "target";
    insert into "public"."draw_stats_monthly" ("month", "draws", "digits", "endings", "ending_last")
    with "draws" as (
      select lr."first_prize", lr."draw_date" + make_interval(hours => lr."draw_hour") as "at"
        from "public"."lottery_results" lr
       where lr."draw_date" >= "target" and lr."draw_date" < ("target" + interval '1 month')::date
    ),
    "by_digit" as (
      select p."position", substr(d."first_prize", p."position", 1)::integer as "digit", count(*)::integer as "n"
        from "draws" d cross join generate_series(1, 4) p("position")
       group by 1, 2
    ),
    "by_ending" as (
      select right(d."first_prize", 2)::integer as "ending", count(*)::integer as "n", max(d."at") as "last"
        from "draws" d
       group by 1
    )
    select "target",
           (select count(*)::integer from "draws"),
           array(select coalesce(b."n", 0)
                   from generate_series(1, 4) p("position") cross join generate_series(0, 9) g("digit")
                   left join "by_digit" b on b."position" = p."position" and b."digit" = g."digit"
                  order by p."position", g."digit"),
           array(select coalesce(b."n", 0) from generate_series(0, 99) e("ending")
                   left join "by_ending" b on b."ending" = e."ending" order by e."ending"),
           array(select b."last" from generate_series(0, 99) e("ending")
                   left join "by_ending" b on b."ending" = e."ending" order by e."ending")
     where exists (select 1 from "draws");
  end loop;
end
$$;

revoke execute on function "private"."draw_stats_monthly_refresh"(date[]) from public, "anon", "authenticated";

-- One statement (a generate of 366 days, a range delete) refreshes each month it touched once.
create function "private"."draw_stats_monthly_sync"()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  "months" date[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct date_trunc('month', n."draw_date")::date) into "months" from "new_rows" n;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct date_trunc('month', o."draw_date")::date) into "months" from "old_rows" o;
  else
    select array_agg(distinct date_trunc('month', c."draw_date")::date) into "months"
      from (select n."draw_date" from "new_rows" n union select o."draw_date" from "old_rows" o) c;
  end if;
  if "months" is not null then
    perform "private"."draw_stats_monthly_refresh"("months");
  end if;
  return null;
end
$$;

revoke execute on function "private"."draw_stats_monthly_sync"() from public, "anon";

create trigger "draw_stats_monthly_insert"
  after insert on "public"."lottery_results"
  referencing new table as "new_rows"
  for each statement execute function "private"."draw_stats_monthly_sync"();

create trigger "draw_stats_monthly_update"
  after update on "public"."lottery_results"
  referencing old table as "old_rows" new table as "new_rows"
  for each statement execute function "private"."draw_stats_monthly_sync"();

create trigger "draw_stats_monthly_delete"
  after delete on "public"."lottery_results"
  referencing old table as "old_rows"
  for each statement execute function "private"."draw_stats_monthly_sync"();

-- Results already in the table (a hosted project with history).
select "private"."draw_stats_monthly_refresh"(
  array(select distinct date_trunc('month', r."draw_date")::date from "public"."lottery_results" r)
);
