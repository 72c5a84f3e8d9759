-- Audit trail: every insert, update and delete of a result, with who and when. Written only by
-- a security-definer trigger, so no API role holds a write privilege on it and nobody can edit
-- or erase their tracks through the API (the service role can read it, not change it).

create table "public"."result_audit_log" (
  "id" bigint generated always as identity primary key,
  "action" text not null constraint "result_audit_log_action_check" check ("action" in ('INSERT', 'UPDATE', 'DELETE')),
  -- No foreign key: the trail must outlive the deleted result it describes.
  "result_id" uuid not null,
  "old_row" jsonb,
  "new_row" jsonb,
  "actor_id" uuid,
  "actor_email" text,
  "at" timestamptz not null default now()
);

comment on table "public"."result_audit_log" is
  'Append-only history of lottery_results changes. Admins read it; only the audit trigger writes it.';

create index "result_audit_log_result_id_idx" on "public"."result_audit_log" ("result_id");
create index "result_audit_log_at_idx" on "public"."result_audit_log" ("at" desc);

create function "private"."lottery_results_audit"()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into "public"."result_audit_log" ("action", "result_id", "old_row", "new_row", "actor_id", "actor_email")
  values (
    tg_op,
    case when tg_op = 'DELETE' then old."id" else new."id" end,
    case when tg_op = 'INSERT' then null else to_jsonb(old) end,
    case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    "auth"."uid"(),
    "auth"."jwt"() ->> 'email'
  );
  return null;
end
$$;

revoke execute on function "private"."lottery_results_audit"() from public, "anon";

create trigger "lottery_results_audit"
  after insert or update or delete on "public"."lottery_results"
  for each row execute function "private"."lottery_results_audit"();

alter table "public"."result_audit_log" enable row level security;

revoke all on table "public"."result_audit_log" from "anon", "authenticated", "service_role";
grant select on table "public"."result_audit_log" to "authenticated", "service_role";
-- The identity sequence got Supabase's default grants too; only the trigger (as owner) draws ids.
revoke all on sequence "public"."result_audit_log_id_seq" from "anon", "authenticated", "service_role";

create policy "Admins read the audit trail" on "public"."result_audit_log"
  for select to "authenticated"
  using ((select "private"."is_admin"()));
