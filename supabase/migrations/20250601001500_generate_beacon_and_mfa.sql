-- Generate as both of the migrations before this one mean it. 20250601001300 (beacon draws,
-- ADR 023) leaves beacon draws to their round; 20250601001400 (admin MFA, ADR 025) demands aal2
-- first. Both redefined the function from the same older text and were written side by side, so
-- the later one alone would drop the beacon rule: this is the one definition with both.
create or replace function "public"."generate_lottery_results"("from_date" date, "to_date" date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  "zone" text := "private"."lottery_timezone"();
  "today" date := (now() at time zone "private"."lottery_timezone"())::date;
  "switch" timestamptz := (select s."beacon_since" from "public"."lottery_settings" s where s."id");
  "created" integer;
  "hours" integer;
begin
  if not coalesce("private"."is_admin"(), false) then
    raise exception 'Only admins can generate results' using errcode = 'insufficient_privilege';
  end if;
  perform "private"."require_admin_mfa"();
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
               as "verifiable",
             (d::date + make_interval(hours => h, mins => 30)) at time zone "zone" as "moment"
        from generate_series("from_date"::timestamp, "to_date"::timestamp, interval '1 day') as d
       cross join generate_series(0, 23) as h
        left join "public"."draw_commitments" c on c."draw_date" = d::date and c."draw_hour" = h
    ) as slot
    left join "public"."draw_seeds" s on s."draw_date" = slot."day" and s."draw_hour" = slot."hour"
   where not exists (select 1 from "public"."draw_locks" l
                      where l."draw_date" = slot."day" and l."draw_hour" = slot."hour")
     and not ("switch" is not null and slot."moment" >= "switch" and slot."moment" > now())
   order by slot."day", slot."hour"
  on conflict ("draw_date", "draw_hour") do nothing;
  get diagnostics "created" = row_count;
  return jsonb_build_object('created', "created", 'skipped', "hours" - "created");
end
$$;

comment on function "public"."generate_lottery_results"(date, date) is
  'Admins only, at aal2 unless lottery_settings.admin_requires_mfa is off: commits the days of [from_date, to_date] from today on and fills each hour without a result; hours without an earlier commitment are marked as the operator''s; beacon draws (locked, or ahead after the switch) are left to their round. Returns {created, skipped}.';
