-- Commit, then reveal (ADR 012). Each system draw comes from a secret 32-byte seed; the SHA-256 of
-- the seed (the commitment) is public before the draw, the seed becomes public the moment the draw
-- is published, and anyone can derive the prize from it (private.derive_prize).

create table "public"."draw_commitments" (
  "draw_date" date not null,
  "draw_hour" integer not null constraint "draw_commitments_draw_hour_check" check ("draw_hour" between 0 and 23),
  "commitment" text not null constraint "draw_commitments_commitment_check" check ("commitment" ~ '^[0-9a-f]{64}$'),
  "committed_at" timestamptz not null default now(),
  constraint "draw_commitments_pkey" primary key ("draw_date", "draw_hour")
);

comment on table "public"."draw_commitments" is
  'hex(SHA-256(seed)) of every system draw, published before the draw (a whole day at once). Public; never changes.';

create table "public"."draw_seeds" (
  "draw_date" date not null,
  "draw_hour" integer not null constraint "draw_seeds_draw_hour_check" check ("draw_hour" between 0 and 23),
  "seed" text not null constraint "draw_seeds_seed_check" check ("seed" ~ '^[0-9a-f]{64}$'),
  constraint "draw_seeds_pkey" primary key ("draw_date", "draw_hour")
);

comment on table "public"."draw_seeds" is
  'The secret behind each commitment. Readable through the API only once its draw is published; no API role may write it.';

alter table "public"."draw_commitments" enable row level security;
alter table "public"."draw_seeds" enable row level security;

-- Supabase's default privileges granted everything to the API roles: state what they may do.
revoke all on table "public"."draw_commitments" from "anon", "authenticated", "service_role";
grant select on table "public"."draw_commitments" to "anon", "authenticated", "service_role";

-- No grant at all to service_role: it bypasses row-level security, so a SELECT privilege would
-- let it read tomorrow's seeds. Admins have no policy here either; only the owner's
-- security-definer draw functions write seeds.
revoke all on table "public"."draw_seeds" from "anon", "authenticated", "service_role";
grant select on table "public"."draw_seeds" to "anon", "authenticated";

create policy "Everyone reads the commitments" on "public"."draw_commitments"
  for select to "anon", "authenticated"
  using (true);

-- The same inlined expression as "Drawn results are public" on lottery_results (see that
-- migration for why it is inlined): a seed is revealed exactly when its result is.
create policy "Seeds of drawn hours are public" on "public"."draw_seeds"
  for select to "anon", "authenticated"
  using (
    ("draw_date" + make_interval(hours => "draw_hour", mins => 30))
      at time zone (select s."timezone" from "public"."lottery_settings" s where s."id")
      <= now()
  );

-- Attempts to change a commitment. PostgreSQL has no autonomous transaction, so a trigger that
-- raised an error would roll its own record back: the trigger instead keeps the row (skips the
-- change), records the attempt here and raises a WARNING (ADR 012). API roles hold no write
-- privilege on draw_commitments, so they are refused (42501) before any trigger runs.
create table "public"."draw_commitment_audit" (
  "id" bigint generated always as identity primary key,
  "action" text not null constraint "draw_commitment_audit_action_check" check ("action" in ('UPDATE', 'DELETE')),
  "draw_date" date not null,
  "draw_hour" integer not null,
  "old_row" jsonb not null,
  "new_row" jsonb,
  -- The login role that tried (the trigger runs as the owner, so current_user would say nothing).
  "db_user" text not null default session_user,
  "actor_id" uuid,
  "actor_email" text,
  "at" timestamptz not null default now()
);

comment on table "public"."draw_commitment_audit" is
  'Every refused attempt to update or delete a commitment. Admins read it; only the refusing trigger writes it.';

alter table "public"."draw_commitment_audit" enable row level security;
revoke all on table "public"."draw_commitment_audit" from "anon", "authenticated", "service_role";
grant select on table "public"."draw_commitment_audit" to "authenticated", "service_role";
revoke all on sequence "public"."draw_commitment_audit_id_seq" from "anon", "authenticated", "service_role";

create policy "Admins read the commitment audit" on "public"."draw_commitment_audit"
  for select to "authenticated"
  using ((select "private"."is_admin"()));

create function "private"."draw_commitments_refuse_change"()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into "public"."draw_commitment_audit"
    ("action", "draw_date", "draw_hour", "old_row", "new_row", "actor_id", "actor_email")
  values (
    tg_op, old."draw_date", old."draw_hour", to_jsonb(old),
    case when tg_op = 'UPDATE' then to_jsonb(new) end,
    "auth"."uid"(), "auth"."jwt"() ->> 'email'
  );
  raise warning 'Commitments never change: % of the commitment for % hour % refused and recorded',
    tg_op, old."draw_date", old."draw_hour";
  -- NULL skips the row: the commitment stays exactly as published.
  return null;
end
$$;

-- TRUNCATE cannot be skipped row by row, so it is refused with an error; its record would roll
-- back with it, so PostgreSQL's own log (which logs every error) is its trail (ADR 012).
create function "private"."draw_commitments_refuse_truncate"()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Commitments never change: TRUNCATE of draw_commitments refused'
    using errcode = 'insufficient_privilege';
end
$$;

revoke execute on function "private"."draw_commitments_refuse_change"() from public, "anon";
revoke execute on function "private"."draw_commitments_refuse_truncate"() from public, "anon";

create trigger "draw_commitments_refuse_change"
  before update or delete on "public"."draw_commitments"
  for each row execute function "private"."draw_commitments_refuse_change"();

create trigger "draw_commitments_refuse_truncate"
  before truncate on "public"."draw_commitments"
  for each statement execute function "private"."draw_commitments_refuse_truncate"();

-- Observers may keep their own copy of every commitment as it is published. Seeds stay out of
-- the publication: their reveal is a read policy, and realtime would have to replay it.
alter publication "supabase_realtime" add table "public"."draw_commitments";
