-- Nothing published disappears (ADR 024). A correction keeps the previous number on its row
-- (20250601000600), but a deleted row took its number with it: deleting a published 5153 and adding
-- 4321 left no public sign that 5153 had ever been announced. Every result that leaves a published
-- draw (deleted, or moved to another date or hour) now leaves a public trace: the draw, the number
-- and when it was withdrawn. A result whose draw is still ahead leaves none: its number was never
-- public and must not become so.

create table "public"."withdrawn_results" (
  "id" bigint generated always as identity primary key,
  "draw_date" date not null,
  "draw_hour" integer not null
    constraint "withdrawn_results_draw_hour_check" check ("draw_hour" between 0 and 23),
  "first_prize" text not null
    constraint "withdrawn_results_first_prize_check" check ("first_prize" ~ '^[0-9]{4}$'),
  -- Who made the number that was withdrawn: a system draw or an operator (lottery_results.source).
  "source" text not null
    constraint "withdrawn_results_source_check" check ("source" in ('operator', 'system')),
  "withdrawn_at" timestamptz not null default now()
);

comment on table "public"."withdrawn_results" is
  'Every published result that was deleted or moved away from its draw: the number and when. Public for published draws; only the withdrawal trigger writes it.';

-- A draw page reads its draw's traces, newest first.
create index "withdrawn_results_draw_idx"
  on "public"."withdrawn_results" ("draw_date", "draw_hour", "withdrawn_at" desc);

alter table "public"."withdrawn_results" enable row level security;

-- Supabase's default privileges granted everything to the API roles: reading is all they may do.
-- Not even the service role writes here: a trace that an API key could erase would be no trace.
revoke all on table "public"."withdrawn_results" from "anon", "authenticated", "service_role";
grant select on table "public"."withdrawn_results" to "anon", "authenticated", "service_role";
revoke all on sequence "public"."withdrawn_results_id_seq" from "anon", "authenticated", "service_role";

-- Traces are only written for published draws, but a later change of the lottery timezone could
-- move a draw back into the future: the same inlined publication rule as "Drawn results are
-- public" on lottery_results (see 20250601000300 for why it is inlined) holds them back then.
create policy "Traces of drawn results are public" on "public"."withdrawn_results"
  for select to "anon", "authenticated"
  using (
    ("draw_date" + make_interval(hours => "draw_hour", mins => 30))
      at time zone (select s."timezone" from "public"."lottery_settings" s where s."id")
      <= now()
  );

-- Security definer: the deleting admin (or the service role) holds no write privilege on the
-- trace table, so only these functions, run by the owner inside the deleting transaction, write
-- it; a deletion that rolls back takes its traces with it. Statement triggers over transition
-- tables write one INSERT … SELECT per statement: a Delete Range of a year (8,784 rows) with a
-- row trigger took 2.5 times as long as without, this way it costs one more scan. The
-- publication rule is private.is_published() inlined, with the zone read once.
create function "private"."lottery_results_withdrawn_deleted"()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  "zone" text := "private"."lottery_timezone"();
begin
  insert into "public"."withdrawn_results" ("draw_date", "draw_hour", "first_prize", "source")
  select o."draw_date", o."draw_hour", o."first_prize", o."source"
    from "withdrawn_old" o
   where (o."draw_date" + make_interval(hours => o."draw_hour", mins => 30)) at time zone "zone" <= now()
   order by o."draw_date", o."draw_hour";
  return null;
end
$$;

-- Moving a result to another date or hour empties its old draw as a deletion would. (A trigger
-- with transition tables cannot name columns, so every UPDATE statement runs it; the join keeps
-- only rows whose draw changed.)
create function "private"."lottery_results_withdrawn_moved"()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  "zone" text := "private"."lottery_timezone"();
begin
  insert into "public"."withdrawn_results" ("draw_date", "draw_hour", "first_prize", "source")
  select o."draw_date", o."draw_hour", o."first_prize", o."source"
    from "withdrawn_old" o
    join "withdrawn_new" n on n."id" = o."id"
   where (o."draw_date", o."draw_hour") is distinct from (n."draw_date", n."draw_hour")
     and (o."draw_date" + make_interval(hours => o."draw_hour", mins => 30)) at time zone "zone" <= now()
   order by o."draw_date", o."draw_hour";
  return null;
end
$$;

revoke execute on function "private"."lottery_results_withdrawn_deleted"() from public, "anon";
revoke execute on function "private"."lottery_results_withdrawn_moved"() from public, "anon";

create trigger "lottery_results_withdrawn_on_delete"
  after delete on "public"."lottery_results"
  referencing old table as "withdrawn_old"
  for each statement execute function "private"."lottery_results_withdrawn_deleted"();

create trigger "lottery_results_withdrawn_on_move"
  after update on "public"."lottery_results"
  referencing old table as "withdrawn_old" new table as "withdrawn_new"
  for each statement execute function "private"."lottery_results_withdrawn_moved"();

-- Withdrawals made before this migration are in the audit trail (20250601000400): each deletion,
-- or move, of a result whose draw time had passed when it happened becomes its trace, once.
insert into "public"."withdrawn_results" ("draw_date", "draw_hour", "first_prize", "source", "withdrawn_at")
select (a."old_row" ->> 'draw_date')::date,
       (a."old_row" ->> 'draw_hour')::integer,
       a."old_row" ->> 'first_prize',
       coalesce(a."old_row" ->> 'source', 'operator'),
       a."at"
  from "public"."result_audit_log" a
 where (a."action" = 'DELETE'
        or (a."action" = 'UPDATE'
            and (a."old_row" ->> 'draw_date', a."old_row" ->> 'draw_hour')
                is distinct from (a."new_row" ->> 'draw_date', a."new_row" ->> 'draw_hour')))
   and ((a."old_row" ->> 'draw_date')::date
          + make_interval(hours => (a."old_row" ->> 'draw_hour')::integer, mins => 30))
         at time zone "private"."lottery_timezone"() <= a."at"
   and (a."old_row" ->> 'first_prize') ~ '^[0-9]{4}$'
   and (a."old_row" ->> 'draw_hour')::integer between 0 and 23
 order by a."id";
