-- Draw dates within the lottery's plausible range (ADR 020).
--
-- `date` takes 4713 BC to 5874897 AD and `infinity`: an admin or the service role could store a
-- draw on `0001-01-01 BC` or in the year 99999, and every page that formats a draw date then
-- failed for everyone. A CHECK must be immutable, so it cannot say "today + 366 days on the
-- lottery clock"; it holds a fixed range instead, wide enough for any real draw of this lottery
-- and narrow enough that every date in it formats as yyyy-MM-dd on every page, in every browser:
-- 2000-01-01 to 2099-12-31. Nearer bounds for the future stay with the writers that know the
-- clock: the generate action takes at most 366 days per call (generate_lottery_results).
--
-- Rows already outside the range are reported, never changed: the constraint is then added
-- NOT VALID (every new or edited row is checked, old rows are left as they are) and a WARNING
-- names them. With none, it is validated at once. The operator's fix, in the SQL editor:
--   select "id", "draw_date", "draw_hour" from "public"."lottery_results"
--    where not ("draw_date" between date '2000-01-01' and date '2099-12-31');
--   -- correct each date (update … set "draw_date" = …) or delete the row, then:
--   alter table "public"."lottery_results" validate constraint "lottery_results_draw_date_range";
-- (supabase/snippets/draw-date-range.sql holds both.) Nothing here needs a superuser: the table's
-- owner adds and validates its constraints, as `postgres` does on hosted Supabase.

alter table "public"."lottery_results"
  add constraint "lottery_results_draw_date_range"
  check ("draw_date" between date '2000-01-01' and date '2099-12-31') not valid;

comment on constraint "lottery_results_draw_date_range" on "public"."lottery_results" is
  'Draw dates from 2000-01-01 to 2099-12-31 (ADR 020). NOT VALID while older rows lie outside: see supabase/snippets/draw-date-range.sql.';

do $$
declare
  "outside" integer;
  "listed" text;
begin
  select count(*) into "outside"
    from "public"."lottery_results" r
   where not (r."draw_date" between date '2000-01-01' and date '2099-12-31');
  if "outside" = 0 then
    alter table "public"."lottery_results" validate constraint "lottery_results_draw_date_range";
    return;
  end if;
  -- The first 20 by date are enough to recognise them; the hint's query finds every one.
  select string_agg(format('%s (%s hour %s)', b."id", b."draw_date", b."draw_hour"), ', '
                    order by b."draw_date", b."draw_hour")
    into "listed"
    from (select r."id", r."draw_date", r."draw_hour"
            from "public"."lottery_results" r
           where not (r."draw_date" between date '2000-01-01' and date '2099-12-31')
           order by r."draw_date", r."draw_hour"
           limit 20) b;
  raise warning '% lottery_results row(s) have a draw_date outside 2000-01-01..2099-12-31; lottery_results_draw_date_range is NOT VALID until they are fixed: %',
    "outside", "listed"
    using hint = 'Correct or delete them, then: alter table public.lottery_results validate constraint lottery_results_draw_date_range (supabase/snippets/draw-date-range.sql)';
end
$$;
