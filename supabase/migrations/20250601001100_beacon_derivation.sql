-- The beacon draw derivation (ADR 023), defined ahead of its use: nothing draws with it yet, and
-- today's draws keep private.derive_prize (ADR 012). The prize of a beacon draw comes from the
-- committed seed AND the randomness of the drand round published at the draw's moment:
--
--   message(C) = 'lotto24:beacon:v1:' || 'YYYY-MM-DD:HH'         (31 bytes ASCII)
--              || round as 8 bytes big-endian (int8send)
--              || randomness (32 bytes, SHA-256 of the round's BLS signature)
--              || C as 4 bytes big-endian (int4send)
--   v(C)       = first 4 bytes of HMAC-SHA-256(key = seed, message(C)), big-endian
--
-- and the prize is v mod 10000 for the first C with v < 4,294,960,000, as in derive_prize.
-- SQL cannot check the round's BLS signature: whoever stores a round verifies it first
-- (src/lib/beacon/verify.ts). Strict: a missing input gives no prize rather than a wrong one.
-- tests/fixtures/beacon-vectors.json holds the vectors this, the app and the CLI agree on.
create function "private"."derive_beacon_prize"(
  "_seed" bytea,
  "_draw_date" date,
  "_draw_hour" integer,
  "_round" bigint,
  "_randomness" bytea
)
returns text
language plpgsql
stable
strict
security definer
set search_path = ''
as $$
declare
  "counter" integer := 0;
  "prefix" bytea;
  "mac" bytea;
  "value" bigint;
begin
  if octet_length("_seed") <> 32 or octet_length("_randomness") <> 32 then
    raise exception 'derive_beacon_prize: the seed and the randomness are 32 bytes each'
      using errcode = '22023';
  end if;
  if "_draw_hour" not between 0 and 23 or "_round" < 1 then
    raise exception 'derive_beacon_prize: no such draw hour or round' using errcode = '22023';
  end if;
  "prefix" := convert_to(format('lotto24:beacon:v1:%s:%s', to_char("_draw_date", 'YYYY-MM-DD'),
                                to_char("_draw_hour", 'FM00')), 'UTF8')
              || int8send("_round") || "_randomness";
  loop
    "mac" := "extensions"."hmac"("prefix" || int4send("counter"), "_seed", 'sha256');
    "value" := (get_byte("mac", 0)::bigint << 24) | (get_byte("mac", 1)::bigint << 16)
             | (get_byte("mac", 2)::bigint << 8) | get_byte("mac", 3)::bigint;
    if "value" < 4294960000 then
      return to_char("value" % 10000, 'FM0000');
    end if;
    "counter" := "counter" + 1;
  end loop;
end
$$;

revoke execute on function "private"."derive_beacon_prize"(bytea, date, integer, bigint, bytea)
  from public, "anon";
