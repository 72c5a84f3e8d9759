-- Statistics of the published draws over the last 7, 30 or 365 days (today included, on the
-- lottery clock) or all time, as one JSON document: digit counts per position, the two-digit
-- endings drawn most and least often and longest ago, and the chi-squared statistic of digit
-- uniformity (the app turns it into a p-value). SECURITY INVOKER: row-level security decides
-- what is read (ADR 003), and the publication rule is repeated so an admin's call counts no
-- scheduled draw either.
--
-- Cost: the whole months of the period come from draw_stats_monthly (one row each, readable once
-- the month is over); only the draws of the partial months at either end are read one by one,
-- at most about 62 days of them (docs/benchmarks.md).
create function "public"."draw_stats"("period" text default 'all')
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  "tz" text := coalesce((select s."timezone" from "public"."lottery_settings" s where s."id"), 'UTC');
  "today" date := (now() at time zone "tz")::date;
  "days" integer;
  "since" date;
  -- Whole months [whole_from, whole_to] come from the monthly totals, the rest row by row.
  "whole_from" date;
  "whole_to" date;
  "result" jsonb;
begin
  "days" := case "period" when '7d' then 7 when '30d' then 30 when '365d' then 365 when 'all' then 0 end;
  if "days" is null then
    raise exception 'period must be 7d, 30d, 365d or all, got %', coalesce(quote_literal(left("period", 16)), 'nothing')
      using errcode = 'invalid_parameter_value';
  end if;
  "since" := case when "days" = 0 then '-infinity'::date else "today" - ("days" - 1) end;
  "whole_from" := case when "days" = 0 or extract(day from "since") = 1 then "since"
                       else (date_trunc('month', "since") + interval '1 month')::date end;
  -- The month before this one is over: its last draw was yesterday or earlier.
  "whole_to" := (date_trunc('month', "today") - interval '1 day')::date;
  if "whole_from" > "whole_to" then
    "whole_from" := 'infinity';
    "whole_to" := 'infinity';
  end if;

  with "months" as materialized (
    select m.* from "public"."draw_stats_monthly" m
     where m."month" >= "whole_from" and m."month" <= "whole_to"
  ),
  "live" as materialized (
    select r."first_prize", r."draw_date" + make_interval(hours => r."draw_hour") as "at"
      from "public"."lottery_results" r
     where ((r."draw_date" >= "since" and r."draw_date" < "whole_from") or r."draw_date" > "whole_to")
       and (r."draw_date" + make_interval(hours => r."draw_hour", mins => 30)) at time zone "tz" <= now()
  ),
  "total" as (
    select (select count(*) from "live") + coalesce((select sum(m."draws") from "months" m), 0) as "draws"
  ),
  "digit_parts" as (
    select (p."position" - 1) * 10 + substr(l."first_prize", p."position", 1)::integer + 1 as "i", count(*) as "n"
      from "live" l cross join generate_series(1, 4) p("position")
     group by 1
    union all
    select i, m."digits"[i] from "months" m cross join generate_series(1, 40) i
  ),
  "cells" as (
    select g.i, ((g.i - 1) / 10) + 1 as "position", (g.i - 1) % 10 as "digit",
           coalesce(sum(dp."n"), 0)::integer as "count"
      from generate_series(1, 40) g(i)
      left join "digit_parts" dp on dp."i" = g.i
     group by g.i
  ),
  "positions" as (
    select c."position", jsonb_agg(c."count" order by c."digit") as "counts",
           -- Expected count per digit is draws / 10; null when there is nothing to test (the
           -- aggregate runs before any CASE around it could, hence nullif).
           sum(power(c."count" - t."draws" / 10.0, 2) / nullif(t."draws" / 10.0, 0)) as "chi2"
      from "cells" c cross join "total" t
     group by c."position"
  ),
  "ending_parts" as (
    select right(l."first_prize", 2)::integer as "e", count(*) as "n", max(l."at") as "last_at"
      from "live" l
     group by 1
    union all
    select e - 1, m."endings"[e], m."ending_last"[e] from "months" m cross join generate_series(1, 100) e
  ),
  "endings" as (
    select to_char(g."e", 'FM00') as "ending",
           coalesce(sum(ep."n"), 0)::integer as "count",
           max(ep."last_at") as "last_at"
      from generate_series(0, 99) g("e")
      left join "ending_parts" ep on ep."e" = g."e"
     group by g."e"
  ),
  "ending_json" as (
    select en.*, jsonb_build_object(
             'number', en."ending",
             'count', en."count",
             'last_date', to_char(en."last_at", 'YYYY-MM-DD'),
             'last_hour', extract(hour from en."last_at")::integer) as "item"
      from "endings" en
  )
  select jsonb_build_object(
    'period', "period",
    'from', case when "days" = 0 then null else to_char("since", 'YYYY-MM-DD') end,
    'to', to_char("today", 'YYYY-MM-DD'),
    'draws', t."draws",
    'positions', (select jsonb_agg(p."counts" order by p."position") from "positions" p),
    'chi_squared', jsonb_build_object(
      'positions', (select jsonb_agg(round(p."chi2", 4) order by p."position") from "positions" p),
      'position_df', 9,
      'total', (select round(sum(p."chi2"), 4) from "positions" p),
      'total_df', 36
    ),
    'hot', (select jsonb_agg(h."item" order by h."count" desc, h."ending")
              from (select * from "ending_json" x order by x."count" desc, x."ending" limit 10) h),
    'cold', (select jsonb_agg(c."item" order by c."count", c."ending")
               from (select * from "ending_json" x order by x."count", x."ending" limit 10) c),
    'longest_not_drawn', (select jsonb_agg(o."item" order by o."last_at" nulls first, o."ending")
                            from (select * from "ending_json" x
                                   order by x."last_at" nulls first, x."ending" limit 10) o)
  ) into "result"
  from "total" t;
  return "result";
end
$$;

comment on function "public"."draw_stats"(text) is
  'Statistics of published draws for period 7d, 30d, 365d (today included) or all: digit counts per position, hot/cold/longest-not-drawn two-digit endings, chi-squared of digit uniformity (9 df per position, 36 overall).';

revoke execute on function "public"."draw_stats"(text) from public;
grant execute on function "public"."draw_stats"(text) to "anon", "authenticated", "service_role";
