-- Brings a database that applied an earlier committed version of an edited migration to today's
-- definitions (ADR 021). `supabase db push` compares versions only: a project that applied
-- 20250601000620, 0700 or 0710 before they were edited on main kept the old functions and never
-- learnt otherwise. 20250601000705 changed only in comments.
--
-- Each function below is replaced only where it is missing or still is an earlier committed
-- version: its body (pg_proc.prosrc, stable across PostgreSQL versions) is one of those versions'
-- bodies (md5 from git history), or it is today's body without today's SECURITY DEFINER
-- (derive_prize before its first edit). So on a fresh database this changes nothing, and a later
-- migration's redefinition of one of these functions is never undone. Its comment and grants come
-- with it, as today's files state them. tests/sql/upgrade.test.ts applies the migrations as of
-- earlier commits, then today's, and compares the catalogs with a fresh database.

-- Gone from today's files, never recreated: commit_draw_day(date) (now commit_draw_days, which
-- draw_hour, run_due_draws and generate_lottery_results call), check_number's two-argument
-- overload (now with per_tier and each tier's total), and the right() expression indexes that
-- row-level security cannot use.
drop function if exists "private"."commit_draw_day"(date);
drop function if exists "public"."check_number"(text, text);
drop index if exists "public"."lottery_results_last3_idx";
drop index if exists "public"."lottery_results_last2_idx";

-- private.derive_prize(bytea, date, integer): today's definition (20250601000620) where it is missing or an earlier committed one.
do $converge$
begin
  if (select p.oid is null or (md5(p.prosrc) = 'a93d9f7354eafab55505b84fd5b170f1' and not p.prosecdef)
        from (select to_regprocedure('private.derive_prize(bytea, date, integer)') as "oid") r
        left join pg_catalog.pg_proc p on p.oid = r."oid") then
    execute $def$create or replace function "private"."derive_prize"("_seed" bytea, "_draw_date" date, "_draw_hour" integer)
returns text
language plpgsql
stable
strict
security definer
set search_path = ''
as $$
declare
  "counter" integer := 0;
  "mac" bytea;
  "value" bigint;
begin
  loop
    "mac" := "extensions"."hmac"(
      convert_to(format('lotto24:%s:%s:%s', to_char("_draw_date", 'YYYY-MM-DD'),
                        to_char("_draw_hour", 'FM00'), "counter"), 'UTF8'),
      "_seed", 'sha256');
    "value" := (get_byte("mac", 0)::bigint << 24) | (get_byte("mac", 1)::bigint << 16)
             | (get_byte("mac", 2)::bigint << 8) | get_byte("mac", 3)::bigint;
    if "value" < 4294960000 then
      return to_char("value" % 10000, 'FM0000');
    end if;
    "counter" := "counter" + 1;
  end loop;
end
$$;
revoke execute on function "private"."derive_prize"(bytea, date, integer) from public, "anon";$def$;
  end if;
end
$converge$;

-- private.commit_draw_days(date, date): today's definition (20250601000620) where it is missing or an earlier committed one.
do $converge$
begin
  if (select p.oid is null or (md5(p.prosrc) = 'd67d913a43b2a7a8fcce70bbb175034b' and not p.prosecdef)
        from (select to_regprocedure('private.commit_draw_days(date, date)') as "oid") r
        left join pg_catalog.pg_proc p on p.oid = r."oid") then
    execute $def$create or replace function "private"."commit_draw_days"("_first" date, "_last" date)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  "published" integer;
begin
  insert into "public"."draw_seeds" ("draw_date", "draw_hour", "seed")
  select d::date, h, encode("extensions"."gen_random_bytes"(32), 'hex')
    from generate_series("_first"::timestamp, "_last"::timestamp, interval '1 day') as d,
         generate_series(0, 23) as h
   where not exists (select 1 from "public"."draw_commitments" c
                      where c."draw_date" = d::date and c."draw_hour" = h)
  on conflict do nothing;
  insert into "public"."draw_commitments" ("draw_date", "draw_hour", "commitment")
  select s."draw_date", s."draw_hour", encode("extensions"."digest"(decode(s."seed", 'hex'), 'sha256'), 'hex')
    from "public"."draw_seeds" s
   where s."draw_date" between "_first" and "_last"
  on conflict do nothing;
  get diagnostics "published" = row_count;
  return "published";
end
$$;
revoke execute on function "private"."commit_draw_days"(date, date) from public, "anon";$def$;
  end if;
end
$converge$;

-- private.draw_hour(date, integer): today's definition (20250601000620) where it is missing or an earlier committed one.
do $converge$
begin
  if (select p.oid is null or md5(p.prosrc) = any (array['8657c9fb653a803de058fdf5c95cf8ff']) or (md5(p.prosrc) = '1e0bd4c3b40f7c3489a27f5d16e0405d' and not p.prosecdef)
        from (select to_regprocedure('private.draw_hour(date, integer)') as "oid") r
        left join pg_catalog.pg_proc p on p.oid = r."oid") then
    execute $def$create or replace function "private"."draw_hour"("_draw_date" date, "_draw_hour" integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  "secret" text;
begin
  if not exists (select 1 from "public"."draw_commitments" c
                  where c."draw_date" = "_draw_date" and c."draw_hour" = "_draw_hour") then
    perform "private"."commit_draw_days"("_draw_date", "_draw_date");
  end if;
  select s."seed" into "secret" from "public"."draw_seeds" s
   where s."draw_date" = "_draw_date" and s."draw_hour" = "_draw_hour";
  if "secret" is null then
    -- A commitment whose seed is gone cannot be honoured; a fresh seed would not match it.
    raise warning 'No seed for the committed draw % hour %: not drawn', "_draw_date", "_draw_hour";
    return false;
  end if;
  insert into "public"."lottery_results"
    ("draw_date", "draw_hour", "draw_time", "first_prize", "source", "created_by")
  values ("_draw_date", "_draw_hour", to_char("_draw_hour", 'FM00') || ':30:00',
          "private"."derive_prize"(decode("secret", 'hex'), "_draw_date", "_draw_hour"),
          'system', 'automatic draw')
  on conflict ("draw_date", "draw_hour") do nothing;
  return found;
end
$$;
revoke execute on function "private"."draw_hour"(date, integer) from public, "anon";$def$;
  end if;
end
$converge$;

-- private.run_due_draws(): today's definition (20250601000620) where it is missing or an earlier committed one.
do $converge$
begin
  if (select p.oid is null or md5(p.prosrc) = any (array['60f6cd601a641bebc8428c6cbc84576e']) or (md5(p.prosrc) = 'c2ab070fdcaa2060f40aa17b26ada9f2' and not p.prosecdef)
        from (select to_regprocedure('private.run_due_draws()') as "oid") r
        left join pg_catalog.pg_proc p on p.oid = r."oid") then
    execute $def$create or replace function "private"."run_due_draws"()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  "settings" record;
  "today" date;
  "since" timestamptz;
  "slot" record;
  "drawn" integer := 0;
begin
  select s."auto_draw", s."auto_draw_since", s."timezone" into "settings"
    from "public"."lottery_settings" s where s."id";
  if not coalesce("settings"."auto_draw", false) then
    return 0;
  end if;
  -- 0x6c6f74746f3234 is 'lotto24' in ASCII: this lock belongs to the draws.
  if not pg_try_advisory_xact_lock(30521843445084724) then
    return 0;
  end if;
  "today" := (now() at time zone "settings"."timezone")::date;
  if (select count(*) from "public"."draw_commitments" c where c."draw_date" between "today" and "today" + 1) < 48 then
    perform "private"."commit_draw_days"("today", "today" + 1);
  end if;
  select greatest(coalesce("settings"."auto_draw_since", now()), max(st."drawn_through"))
    into "since" from "private"."auto_draw_state" st;
  for "slot" in
    select d::date as "day", h as "hour"
      from generate_series((("since" at time zone "settings"."timezone")::date)::timestamp,
                           "today"::timestamp, interval '1 day') as d,
           generate_series(0, 23) as h
     where (d::date + make_interval(hours => h, mins => 30)) at time zone "settings"."timezone" > "since"
       and (d::date + make_interval(hours => h, mins => 30)) at time zone "settings"."timezone" <= now()
       and not exists (select 1 from "public"."lottery_results" r
                        where r."draw_date" = d::date and r."draw_hour" = h)
     order by 1, 2
  loop
    if "private"."draw_hour"("slot"."day", "slot"."hour") then
      "drawn" := "drawn" + 1;
    end if;
  end loop;
  insert into "private"."auto_draw_state" ("id", "drawn_through") values (true, now())
  on conflict ("id") do update set "drawn_through" = excluded."drawn_through";
  return "drawn";
end
$$;
comment on function "private"."run_due_draws"() is
  'One scheduler tick (pg_cron or the local stack): commits today and tomorrow, draws every due hour without a result. Returns how many it drew.';
revoke execute on function "private"."run_due_draws"() from public, "anon";$def$;
  end if;
end
$converge$;

-- public.generate_lottery_results(date, date): today's definition (20250601000620) where it is missing or an earlier committed one.
do $converge$
begin
  if (select p.oid is null or md5(p.prosrc) = any (array['224559cf076929740346f537512acf56', '541b1b372c2d370b71286423bea5500a']) or (md5(p.prosrc) = 'c674a43697f11ed432c2e72a23f748d0' and not p.prosecdef)
        from (select to_regprocedure('public.generate_lottery_results(date, date)') as "oid") r
        left join pg_catalog.pg_proc p on p.oid = r."oid") then
    execute $def$create or replace function "public"."generate_lottery_results"("from_date" date, "to_date" date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  "zone" text := "private"."lottery_timezone"();
  "today" date := (now() at time zone "private"."lottery_timezone"())::date;
  "created" integer;
  "hours" integer;
begin
  if not coalesce("private"."is_admin"(), false) then
    raise exception 'Only admins can generate results' using errcode = 'insufficient_privilege';
  end if;
  if "from_date" is null or "to_date" is null or "from_date" > "to_date" then
    raise exception 'from_date and to_date are required, from_date on or before to_date'
      using errcode = 'invalid_parameter_value';
  end if;
  if "to_date" - "from_date" + 1 > 366 then
    raise exception 'At most 366 days can be generated per call' using errcode = 'invalid_parameter_value';
  end if;
  "hours" := ("to_date" - "from_date" + 1) * 24;
  if "to_date" >= "today" then
    perform "private"."commit_draw_days"(greatest("from_date", "today"), "to_date");
  end if;
  insert into "public"."lottery_results"
    ("draw_date", "draw_hour", "draw_time", "first_prize", "source")
  select slot."day", slot."hour", to_char(slot."hour", 'FM00') || ':30:00',
         "private"."derive_prize"(
           case when slot."verifiable" then decode(s."seed", 'hex') else "extensions"."gen_random_bytes"(32) end,
           slot."day", slot."hour"),
         case when slot."verifiable" then 'system' else 'operator' end
    from (
      select d::date as "day", h as "hour",
             coalesce(c."committed_at" <= (d::date + make_interval(hours => h, mins => 30)) at time zone "zone", false)
               as "verifiable"
        from generate_series("from_date"::timestamp, "to_date"::timestamp, interval '1 day') as d
       cross join generate_series(0, 23) as h
        left join "public"."draw_commitments" c on c."draw_date" = d::date and c."draw_hour" = h
    ) as slot
    left join "public"."draw_seeds" s on s."draw_date" = slot."day" and s."draw_hour" = slot."hour"
   order by slot."day", slot."hour"
  on conflict ("draw_date", "draw_hour") do nothing;
  get diagnostics "created" = row_count;
  return jsonb_build_object('created', "created", 'skipped', "hours" - "created");
end
$$;
comment on function "public"."generate_lottery_results"(date, date) is
  'Admins only: commits the days of [from_date, to_date] from today on and fills each hour without a result; hours without an earlier commitment are marked as the operator''s. Returns {created, skipped}.';
revoke execute on function "public"."generate_lottery_results"(date, date) from public, "anon", "service_role";
grant execute on function "public"."generate_lottery_results"(date, date) to "authenticated";$def$;
  end if;
end
$converge$;

-- public.check_number(text, text, integer): today's definition (20250601000700) where it is missing or an earlier committed one.
do $converge$
begin
  if (select p.oid is null or md5(p.prosrc) = any (array['08a19c4396a87fde9e05dd6c85a68c79', 'd820b13f141f783a5535485cb512c58c'])
        from (select to_regprocedure('public.check_number(text, text, integer)') as "oid") r
        left join pg_catalog.pg_proc p on p.oid = r."oid") then
    execute $def$create or replace function "public"."check_number"("n" text default null, "kind" text default null, "per_tier" integer default null)
returns table ("match" text, "draw_date" date, "draw_hour" integer, "first_prize" text, "total" integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  "tz" text := coalesce((select s."timezone" from "public"."lottery_settings" s where s."id"), 'UTC');
  "exact" text[];
  "last3" text[];
  "last2" text[];
begin
  if "n" is null or "n" !~ '^[0-9]{2,4}$' then
    raise exception 'n must be a number of 2 to 4 digits (0-9), got %', coalesce(quote_literal(left("n", 16)), 'nothing')
      using errcode = 'invalid_parameter_value',
            hint = 'Pass the whole first prize (4 digits) or its last 3 or 2 digits, e.g. n=0427';
  end if;
  if "kind" is not null and "kind" not in ('exact', 'last3', 'last2') then
    raise exception 'kind must be exact, last3 or last2, got %', quote_literal(left("kind", 16))
      using errcode = 'invalid_parameter_value';
  end if;
  if "per_tier" is not null and "per_tier" not between 1 and 1000 then
    raise exception 'per_tier must be between 1 and 1000, got %', "per_tier"
      using errcode = 'invalid_parameter_value';
  end if;
  -- The tiers are exclusive: a last-3 match is not the exact number, a last-2 match does not
  -- share the last three digits. With fewer digits the upper tiers are simply empty.
  "exact" := case when length("n") = 4 then array["n"] else '{}' end;
  "last3" := case when length("n") < 3 then '{}'::text[] else array(
    select d::text || right("n", 3) from generate_series(0, 9) d
     where d::text || right("n", 3) <> "n") end;
  "last2" := array(
    select to_char(xy, 'FM00') || right("n", 2) from generate_series(0, 99) xy
     where length("n") = 2 or right(to_char(xy, 'FM00'), 1) || right("n", 2) <> right("n", 3));
  return query
    select (array['exact', 'last3', 'last2'])[w."tier"], w."draw_date", w."draw_hour", w."first_prize", w."total"
      from (
        select m.*, count(*) over (partition by m."tier")::integer as "total",
               row_number() over (partition by m."tier" order by m."draw_date" desc, m."draw_hour" desc) as "rank"
          from (
            select case when r."first_prize" = any("exact") then 1
                        when r."first_prize" = any("last3") then 2 else 3 end as "tier",
                   r."draw_date", r."draw_hour", r."first_prize"
              from "public"."lottery_results" r
             where r."first_prize" = any(case "kind" when 'exact' then "exact" when 'last3' then "last3"
                                                     when 'last2' then "last2" else "exact" || "last3" || "last2" end)
               and (r."draw_date" + make_interval(hours => r."draw_hour", mins => 30)) at time zone "tz" <= now()
          ) m
      ) w
     where "per_tier" is null or w."rank" <= "per_tier"
     order by w."tier", w."draw_date" desc, w."draw_hour" desc;
end
$$;
comment on function "public"."check_number"(text, text, integer) is
  'Published draws matching n (2-4 digits): exact first prize, then last 3, then last 2 digits, newest first. kind (exact, last3, last2) keeps one tier, per_tier the newest so many of each; total counts the whole tier.';
revoke execute on function "public"."check_number"(text, text, integer) from public;
grant execute on function "public"."check_number"(text, text, integer) to "anon", "authenticated", "service_role";$def$;
  end if;
end
$converge$;

-- public.draw_stats(text): today's definition (20250601000710) where it is missing or an earlier committed one.
do $converge$
begin
  if (select p.oid is null or md5(p.prosrc) = any (array['08e3dd6affb0dab67e3b9efea5505a63', 'f20335341765a8288deb02f67dae273c'])
        from (select to_regprocedure('public.draw_stats(text)') as "oid") r
        left join pg_catalog.pg_proc p on p.oid = r."oid") then
    execute $def$create or replace function "public"."draw_stats"("period" text default 'all')
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
grant execute on function "public"."draw_stats"(text) to "anon", "authenticated", "service_role";$def$;
  end if;
end
$converge$;
