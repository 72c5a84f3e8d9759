-- "Who changed what" in the dashboard (ADR 026). The results' audit trail (20250601000400) holds
-- every insert, edit and delete of a result; the lottery's settings had none. This migration
-- keeps the settings' changes the same way and gives admins one newest-first view of both,
-- read through supabase-js with keyset paging, plus the list of accounts named in it.

-- The settings' trail, written only by its security-definer trigger as the results' one is.
-- Its ids come from the results' trail's sequence: one sequence numbers every change, so the
-- view below pages by id alone (newest first, `id < last id seen`) across both tables.
create table "public"."settings_audit_log" (
  "id" bigint primary key default nextval('"public"."result_audit_log_id_seq"'),
  "action" text not null constraint "settings_audit_log_action_check" check ("action" in ('INSERT', 'UPDATE', 'DELETE')),
  "old_row" jsonb,
  "new_row" jsonb,
  "actor_id" uuid,
  "actor_email" text,
  -- Settings are changed by the service role or in SQL, where no JWT names anyone: the login
  -- role says which (the trigger runs as the owner, so current_user would say nothing).
  "db_user" text not null default session_user,
  "at" timestamptz not null default now()
);

comment on table "public"."settings_audit_log" is
  'Append-only history of lottery_settings changes. Admins read it; only the audit trigger writes it.';

create function "private"."lottery_settings_audit"()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into "public"."settings_audit_log" ("action", "old_row", "new_row", "actor_id", "actor_email")
  values (
    tg_op,
    case when tg_op = 'INSERT' then null else to_jsonb(old) end,
    case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    "auth"."uid"(),
    "auth"."jwt"() ->> 'email'
  );
  return null;
end
$$;

revoke execute on function "private"."lottery_settings_audit"() from public, "anon";

create trigger "lottery_settings_audit"
  after insert or update or delete on "public"."lottery_settings"
  for each row execute function "private"."lottery_settings_audit"();

alter table "public"."settings_audit_log" enable row level security;

revoke all on table "public"."settings_audit_log" from "anon", "authenticated", "service_role";
grant select on table "public"."settings_audit_log" to "authenticated", "service_role";

create policy "Admins read the settings audit trail" on "public"."settings_audit_log"
  for select to "authenticated"
  using ((select "private"."is_admin"()));

-- Each side of the view below is read newest id first, and its date filter is a range of `at`.
create index "settings_audit_log_at_idx" on "public"."settings_audit_log" ("at" desc);

-- One row per change, newest first by id. SECURITY INVOKER: the callers' row-level security on
-- both trails decides what they read (admins everything, other accounts nothing), and on
-- withdrawn_results whether a trace shows. `withdrawn` is true when the change took a published
-- number off its draw (a delete, or a move to another draw): the withdrawal trigger of
-- 20250601001000 wrote its trace in the same transaction, so with the same now(). `correction`
-- is true when the edit changed a published number (20250601000600 stamps corrected_at then).
create view "public"."audit_trail" with (security_invoker = true) as
select
  a."id",
  a."at",
  'result'::text as "subject",
  a."action",
  a."actor_id",
  a."actor_email",
  coalesce(a."new_row", a."old_row") ->> 'draw_date' as "draw_date",
  (coalesce(a."new_row", a."old_row") ->> 'draw_hour')::integer as "draw_hour",
  a."old_row",
  a."new_row",
  (a."action" = 'UPDATE'
    and (a."new_row" ->> 'corrected_at') is distinct from (a."old_row" ->> 'corrected_at')) as "correction",
  (a."old_row" is not null and exists (
    select 1 from "public"."withdrawn_results" w
     where w."draw_date" = (a."old_row" ->> 'draw_date')::date
       and w."draw_hour" = (a."old_row" ->> 'draw_hour')::integer
       and w."withdrawn_at" = a."at"
       and w."first_prize" = a."old_row" ->> 'first_prize'
  )) as "withdrawn"
from "public"."result_audit_log" a
union all
select
  s."id",
  s."at",
  'settings'::text,
  s."action",
  s."actor_id",
  s."actor_email",
  null::text,
  null::integer,
  s."old_row",
  s."new_row",
  false,
  false
from "public"."settings_audit_log" s;

comment on view "public"."audit_trail" is
  'Every change to results and settings, newest first by id: the dashboard''s "Changes". Admins only (row-level security of the trails).';

revoke all on table "public"."audit_trail" from "anon", "authenticated", "service_role";
grant select on table "public"."audit_trail" to "authenticated", "service_role";

-- A union view is not updatable, and PostgreSQL says so (55000, a 500 through the API) before it
-- checks privileges. With INSTEAD OF triggers the privilege check comes first, so an API write is
-- the same 42501 as on the trails themselves; a role holding the privilege (the owner) reaches
-- the trigger, which refuses too.
create function "private"."audit_trail_refuse_write"()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit trail is read-only: only the audit triggers write it'
    using errcode = 'insufficient_privilege';
end
$$;

revoke execute on function "private"."audit_trail_refuse_write"() from public, "anon";

create trigger "audit_trail_refuse_write"
  instead of insert or update or delete on "public"."audit_trail"
  for each row execute function "private"."audit_trail_refuse_write"();

-- The accounts the trail names and how many changes each made, for the dashboard's "By" filter.
-- SECURITY INVOKER, so a caller who may not read the trail gets an empty list. At most 200 names:
-- the filter is a list of operators, not of every account that ever signed up. (Two columns: a
-- one-column RETURNS TABLE is a set of scalars to PostgREST, not of objects.)
create function "public"."audit_actors"()
returns table ("actor_email" text, "changes" bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select t."actor_email", count(*)
    from "public"."audit_trail" t
   where t."actor_email" is not null
   group by 1
   order by 1
   limit 200
$$;

revoke execute on function "public"."audit_actors"() from public, "anon";
grant execute on function "public"."audit_actors"() to "authenticated", "service_role";
