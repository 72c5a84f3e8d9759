-- Beacon draws (ADR 023): from lottery_settings.beacon_since on, every system draw is fixed by its
-- committed seed AND by the drand round published at its moment, and the seed is time-locked to
-- that round. The tables are public; no API role writes them. The edge function draw-beacon
-- (service role) seals the seeds with tlock and stores verified rounds through the RPCs below,
-- each granted to service_role alone. SQL cannot check a BLS signature: the function verifies
-- every round before it stores it, and anyone can check it again from these tables.

-- The chains a draw may be tied to, as drand's /info describes them. quicknet's row is pinned
-- here with the values of src/lib/beacon/chains.ts; only it may say independent. Verifiers trust
-- quicknet from their own pinned copy, never from this row.
create table "public"."beacon_chains" (
  "chain_hash" text primary key constraint "beacon_chains_chain_hash_check" check ("chain_hash" ~ '^[0-9a-f]{64}$'),
  "scheme" text not null constraint "beacon_chains_scheme_check" check ("scheme" = 'bls-unchained-g1-rfc9380'),
  -- A compressed BLS12-381 G2 point: 96 bytes.
  "public_key" text not null constraint "beacon_chains_public_key_check" check ("public_key" ~ '^[0-9a-f]{192}$'),
  "genesis_time" bigint not null constraint "beacon_chains_genesis_time_check" check ("genesis_time" > 0),
  "period" integer not null constraint "beacon_chains_period_check" check ("period" between 1 and 3600),
  "beacon_id" text not null constraint "beacon_chains_beacon_id_check" check (length("beacon_id") <= 64),
  "independent" boolean not null,
  "first_used_at" timestamptz not null default now(),
  -- Only quicknet is independent of the operator, and quicknet's row is the pinned one.
  constraint "beacon_chains_independent_check" check (
    "independent" = ("chain_hash" = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971')
  ),
  constraint "beacon_chains_quicknet_check" check (
    "chain_hash" <> '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971'
    or ("public_key" = '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a'
        and "genesis_time" = 1692803367 and "period" = 3 and "beacon_id" = 'quicknet')
  )
);

comment on table "public"."beacon_chains" is
  'drand chains draws are tied to (ADR 023). independent is true only for quicknet; a local test beacon is the operator''s own key. Never changes.';

insert into "public"."beacon_chains"
  ("chain_hash", "scheme", "public_key", "genesis_time", "period", "beacon_id", "independent")
values ('52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971', 'bls-unchained-g1-rfc9380',
        '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
        1692803367, 3, 'quicknet', true);

-- One row per beacon draw, written with (or after) its commitment and always before its moment:
-- the round is the first one published at or after the draw (src/lib/beacon/rounds.ts drawRound).
-- The ciphertext (tlock, armored age, of the seed's 64 hex digits) is set once by the sealer.
-- Only lock_draw_days writes rows, from commitments; no foreign key to draw_commitments, whose
-- TRUNCATE must stay refused by its own trigger (42501), not by a reference (0A000).
create table "public"."draw_locks" (
  "draw_date" date not null,
  "draw_hour" integer not null constraint "draw_locks_draw_hour_check" check ("draw_hour" between 0 and 23),
  "chain_hash" text not null references "public"."beacon_chains" ("chain_hash"),
  "round" bigint not null constraint "draw_locks_round_check" check ("round" >= 1),
  "ciphertext" text constraint "draw_locks_ciphertext_check"
    check (length("ciphertext") <= 4096 and "ciphertext" like '-----BEGIN AGE ENCRYPTED FILE-----%'),
  "locked_at" timestamptz,
  constraint "draw_locks_pkey" primary key ("draw_date", "draw_hour"),
  constraint "draw_locks_sealed_check" check (("ciphertext" is null) = ("locked_at" is null))
);

create index "draw_locks_round_idx" on "public"."draw_locks" ("chain_hash", "round");

comment on table "public"."draw_locks" is
  'Beacon draws (ADR 023): the drand round each one uses and its seed time-locked to that round. A draw is a beacon draw iff it has a row. Public before the draw; never changes once sealed.';

-- Rounds as fetched and verified by draw-beacon. randomness = SHA-256(signature), checked here.
create table "public"."beacon_rounds" (
  "chain_hash" text not null references "public"."beacon_chains" ("chain_hash"),
  "round" bigint not null constraint "beacon_rounds_round_check" check ("round" >= 1),
  "signature" text not null constraint "beacon_rounds_signature_check" check ("signature" ~ '^[0-9a-f]{96}$'),
  "randomness" text not null constraint "beacon_rounds_randomness_check"
    check ("randomness" = encode("extensions"."digest"(decode("signature", 'hex'), 'sha256'), 'hex')),
  "fetched_at" timestamptz not null default now(),
  constraint "beacon_rounds_pkey" primary key ("chain_hash", "round")
);

comment on table "public"."beacon_rounds" is
  'drand rounds the beacon draws used, stored once their BLS signature verified (draw-beacon). Never changes.';

-- The switch (public): draws at or after beacon_since are tied to beacon_chain_hash's rounds.
alter table "public"."lottery_settings"
  add column "beacon_since" timestamptz,
  add column "beacon_chain_hash" text references "public"."beacon_chains" ("chain_hash"),
  add constraint "lottery_settings_beacon_check" check ("beacon_since" is null or "beacon_chain_hash" is not null);

comment on column "public"."lottery_settings"."beacon_since" is
  'When draws switched to the beacon scheme (ADR 023): draws committed for a moment at or after it are tied to a round of beacon_chain_hash. Null: ADR 012''s scheme only.';

-- Retry state of the rounds draw-beacon could not fetch or verify yet: private, the backoff.
create table "private"."beacon_attempts" (
  "chain_hash" text not null,
  "round" bigint not null,
  "attempts" integer not null default 0,
  "next_attempt_at" timestamptz not null,
  "last_error" text,
  constraint "beacon_attempts_pkey" primary key ("chain_hash", "round")
);

alter table "public"."beacon_chains" enable row level security;
alter table "public"."draw_locks" enable row level security;
alter table "public"."beacon_rounds" enable row level security;
alter table "private"."beacon_attempts" enable row level security;

-- Supabase's default privileges grant everything to the API roles: state what they may do.
revoke all on table "public"."beacon_chains", "public"."draw_locks", "public"."beacon_rounds"
  from "anon", "authenticated", "service_role";
grant select on table "public"."beacon_chains", "public"."draw_locks", "public"."beacon_rounds"
  to "anon", "authenticated", "service_role";
revoke all on table "private"."beacon_attempts" from public, "anon", "authenticated", "service_role";

create policy "Everyone reads the beacon chains" on "public"."beacon_chains"
  for select to "anon", "authenticated" using (true);
create policy "Everyone reads the draw locks" on "public"."draw_locks"
  for select to "anon", "authenticated" using (true);
create policy "Everyone reads the beacon rounds" on "public"."beacon_rounds"
  for select to "anon", "authenticated" using (true);

-- Like draw_commitments (ADR 012): a change is skipped (the row stays) with a WARNING, a TRUNCATE
-- refused. The one change allowed is the seal: a lock's ciphertext and its time, set once.
create function "private"."beacon_keep_row"()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Nested: old."ciphertext" exists only on draw_locks.
  if tg_op = 'UPDATE' and tg_table_name = 'draw_locks' then
    if old."ciphertext" is null and new."ciphertext" is not null
       and (new."draw_date", new."draw_hour", new."chain_hash", new."round")
           = (old."draw_date", old."draw_hour", old."chain_hash", old."round") then
      return new;
    end if;
  end if;
  raise warning 'Beacon records never change: % on % refused', tg_op, tg_table_name;
  return null;
end
$$;

create function "private"."beacon_refuse_truncate"()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Beacon records never change: TRUNCATE of % refused', tg_table_name
    using errcode = 'insufficient_privilege';
end
$$;

revoke execute on function "private"."beacon_keep_row"() from public, "anon";
revoke execute on function "private"."beacon_refuse_truncate"() from public, "anon";

create trigger "beacon_chains_keep_row" before update or delete on "public"."beacon_chains"
  for each row execute function "private"."beacon_keep_row"();
create trigger "draw_locks_keep_row" before update or delete on "public"."draw_locks"
  for each row execute function "private"."beacon_keep_row"();
create trigger "beacon_rounds_keep_row" before update or delete on "public"."beacon_rounds"
  for each row execute function "private"."beacon_keep_row"();
create trigger "beacon_chains_refuse_truncate" before truncate on "public"."beacon_chains"
  for each statement execute function "private"."beacon_refuse_truncate"();
create trigger "draw_locks_refuse_truncate" before truncate on "public"."draw_locks"
  for each statement execute function "private"."beacon_refuse_truncate"();
create trigger "beacon_rounds_refuse_truncate" before truncate on "public"."beacon_rounds"
  for each statement execute function "private"."beacon_refuse_truncate"();

-- Observers archive locks (with their ciphertexts) as they are published, and rounds as stored.
alter publication "supabase_realtime" add table "public"."beacon_chains", "public"."draw_locks", "public"."beacon_rounds";


-- A draw's moment (HH:30 on the lottery clock, ADR 002) and the round a chain publishes first at
-- or after it: R = ceil((T - genesis) / period) + 1, as drawRound in src/lib/beacon/rounds.ts.
-- Null before the chain's genesis: no round can be promised there.
create function "private"."draw_moment"("_draw_date" date, "_draw_hour" integer)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select ("_draw_date" + make_interval(hours => "_draw_hour", mins => 30)) at time zone "private"."lottery_timezone"()
$$;

create function "private"."beacon_round_for"("_chain_hash" text, "_moment" timestamptz)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select ceil((extract(epoch from "_moment") - c."genesis_time") / c."period")::bigint + 1
    from "public"."beacon_chains" c
   where c."chain_hash" = "_chain_hash" and extract(epoch from "_moment") >= c."genesis_time"
$$;

-- Ties every committed draw of [_first, _last] whose moment is at or after the switch and still
-- ahead to its round on the configured chain. Never a moment already passed: a seed tied to a
-- round after that round was public would let whoever chose the seed choose the number.
create function "private"."lock_draw_days"("_first" date, "_last" date)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  "since" timestamptz;
  "chain" text;
  "locked" integer;
begin
  select s."beacon_since", s."beacon_chain_hash" into "since", "chain"
    from "public"."lottery_settings" s where s."id";
  if "since" is null or "chain" is null then
    return 0;
  end if;
  insert into "public"."draw_locks" ("draw_date", "draw_hour", "chain_hash", "round")
  select c."draw_date", c."draw_hour", "chain", m."round"
    from "public"."draw_commitments" c
    cross join lateral (select "private"."draw_moment"(c."draw_date", c."draw_hour") as "at") t
    cross join lateral (select "private"."beacon_round_for"("chain", t."at") as "round") m
   where c."draw_date" between "_first" and "_last"
     and t."at" >= "since"
     and t."at" > now()
     and c."committed_at" < t."at"
     and m."round" is not null
     and exists (select 1 from "public"."draw_seeds" s
                  where s."draw_date" = c."draw_date" and s."draw_hour" = c."draw_hour")
  on conflict do nothing;
  get diagnostics "locked" = row_count;
  return "locked";
end
$$;

-- ADR 012's commit, then the locks of the days it committed.
create or replace function "private"."commit_draw_days"("_first" date, "_last" date)
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
  perform "private"."lock_draw_days"("_first", "_last");
  return "published";
end
$$;

-- One draw. A beacon draw (it has a lock) is drawn only from its stored round, with
-- derive_beacon_prize; without that round it waits (false), and draw-beacon draws it once the
-- round is fetched and verified. Other draws as ADR 012.
create or replace function "private"."draw_hour"("_draw_date" date, "_draw_hour" integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  "secret" text;
  "lock" record;
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
  select l."round", r."randomness" into "lock"
    from "public"."draw_locks" l
    left join "public"."beacon_rounds" r on r."chain_hash" = l."chain_hash" and r."round" = l."round"
   where l."draw_date" = "_draw_date" and l."draw_hour" = "_draw_hour";
  if "lock"."round" is not null then
    if "lock"."randomness" is null then
      return false;
    end if;
    insert into "public"."lottery_results"
      ("draw_date", "draw_hour", "draw_time", "first_prize", "source", "created_by")
    values ("_draw_date", "_draw_hour", to_char("_draw_hour", 'FM00') || ':30:00',
            "private"."derive_beacon_prize"(decode("secret", 'hex'), "_draw_date", "_draw_hour",
                                             "lock"."round", decode("lock"."randomness", 'hex')),
            'system', 'automatic draw')
    on conflict ("draw_date", "draw_hour") do nothing;
    return found;
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

-- The tick of ADR 012, which now also locks today's and tomorrow's draws after the switch (a
-- switch made after those days were committed locks them at the next tick). A beacon draw
-- without its round is left to draw-beacon; the tick never draws it from the seed alone.
create or replace function "private"."run_due_draws"()
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
  select s."auto_draw", s."auto_draw_since", s."timezone", s."beacon_since" into "settings"
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
  elsif "settings"."beacon_since" is not null then
    perform "private"."lock_draw_days"("today", "today" + 1);
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
  'One scheduler tick (pg_cron or the local stack): commits today and tomorrow (and locks their beacon draws), draws every due hour without a result; a beacon draw only from its stored round. Returns how many it drew.';

-- The admin's Generate (ADR 012), with one change: an hour tied to a beacon round, or at/after
-- the switch and still ahead, is skipped. Its number must come from the round published at its
-- moment, so nobody (the admin included) may know it now; draw-beacon draws it then.
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
  'Admins only: commits the days of [from_date, to_date] from today on and fills each hour without a result; hours without an earlier commitment are marked as the operator''s; beacon draws (locked, or ahead after the switch) are left to their round. Returns {created, skipped}.';

-- The sealer's two calls (draw-beacon, service role only). It gets the seeds of locks not sealed
-- yet whose moment is still ahead, nearest first, a few at a time, and stores each ciphertext
-- once. Handing seeds to the service role gives away nothing the scheme relies on: without the
-- round published at the draw's moment a seed does not give the number.
create function "public"."beacon_seeds_to_seal"("max_locks" integer default 4)
returns table ("draw_date" date, "draw_hour" integer, "chain_hash" text, "round" bigint, "seed" text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if "max_locks" is null or "max_locks" not between 1 and 24 then
    raise exception 'max_locks must be 1 to 24' using errcode = 'invalid_parameter_value';
  end if;
  return query
  select l."draw_date", l."draw_hour", l."chain_hash", l."round", s."seed"
    from "public"."draw_locks" l
    join "public"."draw_seeds" s on s."draw_date" = l."draw_date" and s."draw_hour" = l."draw_hour"
   where l."ciphertext" is null
     and "private"."draw_moment"(l."draw_date", l."draw_hour") > now()
   order by l."draw_date", l."draw_hour"
   limit "max_locks";
end
$$;

create function "public"."seal_draw_lock"("lock_date" date, "lock_hour" integer, "armored" text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if "lock_date" is null or "lock_hour" is null or "armored" is null
     or length("armored") > 4096 or "armored" not like '-----BEGIN AGE ENCRYPTED FILE-----%' then
    raise exception 'seal_draw_lock needs a draw and an armored age file of at most 4096 characters'
      using errcode = 'invalid_parameter_value';
  end if;
  -- A seal made once the round is out proves nothing: refused, the lock stays unsealed.
  if "private"."draw_moment"("lock_date", "lock_hour") <= now() then
    raise exception 'The draw''s moment has passed: too late to seal' using errcode = 'invalid_parameter_value';
  end if;
  update "public"."draw_locks" l set "ciphertext" = "armored", "locked_at" = now()
   where l."draw_date" = "lock_date" and l."draw_hour" = "lock_hour" and l."ciphertext" is null;
  return found;
end
$$;

-- The fetcher's calls. Due: beacon draws whose moment and round time have passed, without a
-- result or a stored round, and whose backoff has run out.
create function "public"."beacon_rounds_due"("max_rounds" integer default 8)
returns table ("chain_hash" text, "round" bigint, "draw_date" date, "draw_hour" integer, "attempts" integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if "max_rounds" is null or "max_rounds" not between 1 and 48 then
    raise exception 'max_rounds must be 1 to 48' using errcode = 'invalid_parameter_value';
  end if;
  return query
  select l."chain_hash", l."round", l."draw_date", l."draw_hour", coalesce(a."attempts", 0)
    from "public"."draw_locks" l
    join "public"."beacon_chains" c on c."chain_hash" = l."chain_hash"
    left join "private"."beacon_attempts" a on a."chain_hash" = l."chain_hash" and a."round" = l."round"
   where "private"."draw_moment"(l."draw_date", l."draw_hour") <= now()
     and c."genesis_time" + (l."round" - 1) * c."period" <= extract(epoch from now())
     and not exists (select 1 from "public"."beacon_rounds" r
                      where r."chain_hash" = l."chain_hash" and r."round" = l."round")
     and not exists (select 1 from "public"."lottery_results" x
                      where x."draw_date" = l."draw_date" and x."draw_hour" = l."draw_hour")
     and (a."next_attempt_at" is null or a."next_attempt_at" <= now())
   order by l."draw_date", l."draw_hour"
   limit "max_rounds";
end
$$;

-- Stores a round the caller verified (BLS cannot be checked in SQL; anyone can re-check it from
-- beacon_rounds) and draws every due draw locked to it, with derive_beacon_prize. Only rounds a
-- lock names, and only once their time has come. Returns how many draws it made.
create function "public"."store_beacon_round"("beacon_chain" text, "beacon_round" bigint, "signature" text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  "chain" record;
  "stored" record;
  "slot" record;
  "drawn" integer := 0;
begin
  if "beacon_chain" is null or "beacon_round" is null or "signature" is null
     or "signature" !~ '^[0-9a-f]{96}$' then
    raise exception 'store_beacon_round needs a chain, a round and a signature of 96 lowercase hex digits'
      using errcode = 'invalid_parameter_value';
  end if;
  select c."genesis_time", c."period" into "chain"
    from "public"."beacon_chains" c where c."chain_hash" = "beacon_chain";
  if not found or not exists (select 1 from "public"."draw_locks" l
                               where l."chain_hash" = "beacon_chain" and l."round" = "beacon_round") then
    raise exception 'No draw is locked to this round' using errcode = 'invalid_parameter_value';
  end if;
  if "chain"."genesis_time" + ("beacon_round" - 1) * "chain"."period" > extract(epoch from now()) then
    raise exception 'This round is not published yet' using errcode = 'invalid_parameter_value';
  end if;
  insert into "public"."beacon_rounds" ("chain_hash", "round", "signature", "randomness")
  values ("beacon_chain", "beacon_round", "signature",
          encode("extensions"."digest"(decode("signature", 'hex'), 'sha256'), 'hex'))
  on conflict do nothing;
  select r."signature", r."randomness" into "stored"
    from "public"."beacon_rounds" r where r."chain_hash" = "beacon_chain" and r."round" = "beacon_round";
  if "stored"."signature" <> "signature" then
    raise exception 'Another signature is stored for this round' using errcode = 'invalid_parameter_value';
  end if;
  delete from "private"."beacon_attempts" a where a."chain_hash" = "beacon_chain" and a."round" = "beacon_round";
  for "slot" in
    select l."draw_date", l."draw_hour", s."seed"
      from "public"."draw_locks" l
      join "public"."draw_seeds" s on s."draw_date" = l."draw_date" and s."draw_hour" = l."draw_hour"
     where l."chain_hash" = "beacon_chain" and l."round" = "beacon_round"
       and "private"."draw_moment"(l."draw_date", l."draw_hour") <= now()
  loop
    insert into "public"."lottery_results"
      ("draw_date", "draw_hour", "draw_time", "first_prize", "source", "created_by")
    values ("slot"."draw_date", "slot"."draw_hour", to_char("slot"."draw_hour", 'FM00') || ':30:00',
            "private"."derive_beacon_prize"(decode("slot"."seed", 'hex'), "slot"."draw_date", "slot"."draw_hour",
                                             "beacon_round", decode("stored"."randomness", 'hex')),
            'system', 'automatic draw')
    on conflict ("draw_date", "draw_hour") do nothing;
    if found then
      "drawn" := "drawn" + 1;
    end if;
  end loop;
  return "drawn";
end
$$;

-- A round that could not be fetched or did not verify: tried again after 5 s, doubling up to 5
-- minutes. Returns when.
create function "public"."beacon_round_failed"("beacon_chain" text, "beacon_round" bigint, "reason" text)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  "next_at" timestamptz;
begin
  if not exists (select 1 from "public"."draw_locks" l
                  where l."chain_hash" = "beacon_chain" and l."round" = "beacon_round") then
    raise exception 'No draw is locked to this round' using errcode = 'invalid_parameter_value';
  end if;
  insert into "private"."beacon_attempts" as a ("chain_hash", "round", "attempts", "next_attempt_at", "last_error")
  values ("beacon_chain", "beacon_round", 1, now() + interval '5 seconds', left("reason", 200))
  on conflict ("chain_hash", "round") do update
    set "attempts" = a."attempts" + 1,
        "next_attempt_at" = now() + least(interval '5 seconds' * power(2, least(a."attempts", 16)),
                                          interval '5 minutes'),
        "last_error" = excluded."last_error"
  returning a."next_attempt_at" into "next_at";
  return "next_at";
end
$$;

comment on function "public"."beacon_seeds_to_seal"(integer) is
  'draw-beacon only (service role): seeds of unsealed beacon draws still ahead, nearest first, at most max_locks (1-24).';
comment on function "public"."seal_draw_lock"(date, integer, text) is
  'draw-beacon only (service role): stores a lock''s tlock ciphertext once, before the draw''s moment.';
comment on function "public"."beacon_rounds_due"(integer) is
  'draw-beacon only (service role): beacon draws waiting for their round whose retry time has come.';
comment on function "public"."store_beacon_round"(text, bigint, text) is
  'draw-beacon only (service role): stores a verified round a lock names and draws the hours locked to it.';
comment on function "public"."beacon_round_failed"(text, bigint, text) is
  'draw-beacon only (service role): records a failed fetch or verification; returns the next attempt time.';

revoke execute on function "private"."draw_moment"(date, integer) from public, "anon";
revoke execute on function "private"."beacon_round_for"(text, timestamptz) from public, "anon";
revoke execute on function "private"."lock_draw_days"(date, date) from public, "anon";
revoke execute on function "public"."beacon_seeds_to_seal"(integer) from public, "anon", "authenticated";
revoke execute on function "public"."seal_draw_lock"(date, integer, text) from public, "anon", "authenticated";
revoke execute on function "public"."beacon_rounds_due"(integer) from public, "anon", "authenticated";
revoke execute on function "public"."store_beacon_round"(text, bigint, text) from public, "anon", "authenticated";
revoke execute on function "public"."beacon_round_failed"(text, bigint, text) from public, "anon", "authenticated";
grant execute on function "public"."beacon_seeds_to_seal"(integer) to "service_role";
grant execute on function "public"."seal_draw_lock"(date, integer, text) to "service_role";
grant execute on function "public"."beacon_rounds_due"(integer) to "service_role";
grant execute on function "public"."store_beacon_round"(text, bigint, text) to "service_role";
grant execute on function "public"."beacon_round_failed"(text, bigint, text) to "service_role";
