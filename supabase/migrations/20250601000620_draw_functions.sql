-- The draw, in one place (ADR 012): derive a prize from a seed, commit a day's seeds, draw one
-- hour, the scheduler's tick (private.run_due_draws) and the admins' generate RPC. Nothing in
-- JavaScript draws; the local stack's scheduler and pg_cron both call run_due_draws().

-- HMAC-SHA-256(key = seed, 'lotto24:YYYY-MM-DD:HH:C'), first 4 bytes big-endian; values at or
-- above 4,294,960,000 (the largest multiple of 10,000 below 2^32) are rejected and C counts up,
-- so each prize comes from exactly 429,496 source values. The browser and scripts/verify-draw.mjs
-- implement the same steps. Security definer like every private helper, though it reads nothing.
create function "private"."derive_prize"("_seed" bytea, "_draw_date" date, "_draw_hour" integer)
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

-- Publishes the commitments of every hour of the days from _first to _last that have none yet,
-- with fresh seeds, in two set-based statements (a year of them is one call of the generate RPC).
-- Idempotent and safe to race: both inserts skip what exists, and a commitment is always the hash
-- of the seed row that won. Returns how many commitments it published.
create function "private"."commit_draw_days"("_first" date, "_last" date)
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

-- Draws one hour from its committed seed (committing its day first if nobody did: such a draw
-- shows as committed after the fact). An existing result is kept. Returns whether it drew.
create function "private"."draw_hour"("_draw_date" date, "_draw_hour" integer)
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

-- How far the ticks have looked: hours at or before it were drawn (or deliberately left alone:
-- a result an admin deleted afterwards is not drawn again).
create table "private"."auto_draw_state" (
  "id" boolean primary key default true constraint "auto_draw_state_singleton" check ("id"),
  "drawn_through" timestamptz not null
);

-- The tick: with auto_draw on, publish today's and tomorrow's commitments (lottery clock) when
-- missing, then draw every hour whose draw moment passed since auto_draw was switched on and since
-- the last tick, and that has no result. Hours missed while nothing ran are drawn now (late, which
-- created_at shows). Ticks serialise on a transaction advisory lock; one that finds it taken
-- returns at once, since the holder does the same work. Every insert skips existing rows, so two
-- schedulers, two stacks, a restart or a retry still leave one row per draw.
create function "private"."run_due_draws"()
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

-- The admins' generate action. Only a number fixed by a commitment published before its draw
-- moment can be verified, so: days from today on are committed first and their hours drawn from
-- their seeds ('system'); an hour whose moment has passed without an earlier commitment (a
-- backfilled past day, today's earlier hours) gets a fresh random prize that no seed stands
-- behind, and says it came from the operator, who chose to fill it after the fact (ADR 012).
-- Existing results are kept. Callable by signed-in users, refused unless admin.
create function "public"."generate_lottery_results"("from_date" date, "to_date" date)
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

revoke execute on function "private"."derive_prize"(bytea, date, integer) from public, "anon";
revoke execute on function "private"."commit_draw_days"(date, date) from public, "anon";
revoke execute on function "private"."draw_hour"(date, integer) from public, "anon";
revoke execute on function "private"."run_due_draws"() from public, "anon";
revoke all on table "private"."auto_draw_state" from public;
revoke execute on function "public"."generate_lottery_results"(date, date) from public, "anon", "service_role";
grant execute on function "public"."generate_lottery_results"(date, date) to "authenticated";
