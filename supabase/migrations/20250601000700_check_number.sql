-- "Check my number": a two- to four-digit number against every published draw, in three tiers
-- (exact first prize, same last three digits, same last two digits), each tier excluding the
-- ones above it. SECURITY INVOKER, so the caller's row-level security decides what it reads
-- (ADR 003); it also repeats the publication rule itself, so an admin checking a number on the
-- public page never sees a scheduled draw counted.

-- Each tier is a lookup of whole prizes in one index: a last-3 match is one of 10 prizes, a
-- last-2 match one of 100, so `first_prize = any(...)` answers every tier. Not an expression index
-- on right(first_prize, n): right() is not leakproof, so under row-level security PostgreSQL
-- must check the policy before it and cannot use such an index (a scan of every row instead;
-- ADR 016).
create index "lottery_results_first_prize_idx"
  on "public"."lottery_results" ("first_prize", "draw_date" desc, "draw_hour" desc);

-- Defaults of null let a call without arguments reach the function and get its own 400 (22023)
-- rather than PostgREST's 404 "could not find the function". `per_tier` keeps the newest so many
-- of each tier and `total` counts the whole tier, so the page's first view is one call.
create function "public"."check_number"("n" text default null, "kind" text default null, "per_tier" integer default null)
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
grant execute on function "public"."check_number"(text, text, integer) to "anon", "authenticated", "service_role";
