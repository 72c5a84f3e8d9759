-- public.beacon_rounds_due (20250601001300) runs every 5 seconds. Written there as one query,
-- its draw-moment test (a security-definer function, so never inlined) ran for every lock ever
-- made: 8,760 calls a year of hourly draws, every call. Here the locks still open (no stored
-- round, no result: a handful) are found first by anti-joins on the two primary keys, and only
-- they are timed. Same arguments, same answer.
create or replace function "public"."beacon_rounds_due"("max_rounds" integer default 8)
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
  with "open" as materialized (
    select l."chain_hash", l."round", l."draw_date", l."draw_hour"
      from "public"."draw_locks" l
     where not exists (select 1 from "public"."beacon_rounds" r
                        where r."chain_hash" = l."chain_hash" and r."round" = l."round")
       and not exists (select 1 from "public"."lottery_results" x
                        where x."draw_date" = l."draw_date" and x."draw_hour" = l."draw_hour")
  )
  select o."chain_hash", o."round", o."draw_date", o."draw_hour", coalesce(a."attempts", 0)
    from "open" o
    join "public"."beacon_chains" c on c."chain_hash" = o."chain_hash"
    left join "private"."beacon_attempts" a on a."chain_hash" = o."chain_hash" and a."round" = o."round"
   where "private"."draw_moment"(o."draw_date", o."draw_hour") <= now()
     and c."genesis_time" + (o."round" - 1) * c."period" <= extract(epoch from now())
     and (a."next_attempt_at" is null or a."next_attempt_at" <= now())
   order by o."draw_date", o."draw_hour"
   limit "max_rounds";
end
$$;

comment on function "public"."beacon_rounds_due"(integer) is
  'draw-beacon only (service role): beacon draws waiting for their round whose retry time has come.';
revoke execute on function "public"."beacon_rounds_due"(integer) from public, "anon", "authenticated";
grant execute on function "public"."beacon_rounds_due"(integer) to "service_role";
