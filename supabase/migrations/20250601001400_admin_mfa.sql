-- Admin changes need the second factor (ADR 025). A stolen admin password signs in at aal1: it
-- may read the dashboard but change nothing. Every write an admin can make goes through
-- public.lottery_results (insert, edit, delete, range delete) or public.generate_lottery_results
-- (the RPC and the generate-lottery-results function, which calls it); lottery_settings,
-- user_roles, the commitments and the audit trails have no write grant or policy for
-- `authenticated` at all. Supabase documents the demand as a restrictive policy on the JWT's
-- `aal` claim (docs: auth/auth-mfa, "Enforce rules for MFA logins"); the policies below are that.
-- A restrictive USING clause filters rows silently, so an aal1 edit would "succeed" on no row:
-- a statement trigger says why instead, and the RPC checks before it commits any day.

alter table "public"."lottery_settings"
  add column "admin_requires_mfa" boolean not null default true;

comment on column "public"."lottery_settings"."admin_requires_mfa" is
  'Whether admin changes need a session verified with a second factor (JWT aal = aal2). On by default; only the service role or SQL can change it (ADR 025).';

-- Whether the caller's session meets the demand: aal2, or the operator switched the demand off.
-- Security definer so the policies read the setting whatever the caller may read.
create function "private"."admin_mfa_satisfied"()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce("auth"."jwt"() ->> 'aal', '') = 'aal2'
      or not coalesce((select s."admin_requires_mfa" from "public"."lottery_settings" s where s."id"), true)
$$;

comment on function "private"."admin_mfa_satisfied"() is
  'True when the JWT''s aal is aal2 or lottery_settings.admin_requires_mfa is off.';

revoke execute on function "private"."admin_mfa_satisfied"() from public, "anon";
grant execute on function "private"."admin_mfa_satisfied"() to "authenticated", "service_role";

-- The error an admin at aal1 gets, from every path: 42501 (PostgREST answers 403), a message the
-- app can show as it is, and what to do in the hint.
create function "private"."require_admin_mfa"()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce("auth"."jwt"() ->> 'role', '') = 'authenticated'
     and coalesce("private"."is_admin"(), false)
     and not "private"."admin_mfa_satisfied"() then
    raise exception 'Two-factor authentication required'
      using errcode = 'insufficient_privilege',
            detail = 'Admin changes need a session verified with an authenticator code (aal2); this session signed in with a password only (aal1).',
            hint = 'Enter the six-digit code from your authenticator app, then try again.';
  end if;
end
$$;

comment on function "private"."require_admin_mfa"() is
  'Raises 42501 "Two-factor authentication required" for an admin whose JWT is below aal2 while lottery_settings.admin_requires_mfa is on.';

revoke execute on function "private"."require_admin_mfa"() from public, "anon";
grant execute on function "private"."require_admin_mfa"() to "authenticated", "service_role";

-- Before any row is touched, so an update or delete that the restrictive policies would narrow
-- to no rows is refused out loud. It reads the JWT, not current_user: a security-definer path
-- (the RPC) runs as the owner but still on behalf of the signed-in admin. The service role, the
-- scheduler's draws and SQL have no authenticated JWT and pass.
create function "private"."lottery_results_require_mfa"()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform "private"."require_admin_mfa"();
  return null;
end
$$;

revoke execute on function "private"."lottery_results_require_mfa"() from public, "anon";

create trigger "lottery_results_require_mfa"
  before insert or update or delete or truncate on "public"."lottery_results"
  for each statement execute function "private"."lottery_results_require_mfa"();

-- The documented restrictive policies: they hold even if a trigger were dropped.
create policy "Admin changes need aal2 (insert)" on "public"."lottery_results"
  as restrictive
  for insert to "authenticated"
  with check ((select "private"."admin_mfa_satisfied"()));

create policy "Admin changes need aal2 (update)" on "public"."lottery_results"
  as restrictive
  for update to "authenticated"
  using ((select "private"."admin_mfa_satisfied"()))
  with check ((select "private"."admin_mfa_satisfied"()));

create policy "Admin changes need aal2 (delete)" on "public"."lottery_results"
  as restrictive
  for delete to "authenticated"
  using ((select "private"."admin_mfa_satisfied"()));

-- The RPC: today's definition (20250601000620, converged by 20250601000910) with the check
-- first, before commit_draw_days writes any commitment.
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
  'Admins only, at aal2 unless lottery_settings.admin_requires_mfa is off: commits the days of [from_date, to_date] from today on and fills each hour without a result; hours without an earlier commitment are marked as the operator''s. Returns {created, skipped}.';
