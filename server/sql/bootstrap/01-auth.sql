-- The parts of Supabase Auth's schema the app and the local stack use, as GoTrue's migrations
-- leave them (supabase/auth migrations/*.up.sql, columns as in a current Supabase database).
-- Idempotent: `if not exists` everywhere, so it can run on every start.

create schema if not exists "auth";
grant usage on schema "auth" to "anon", "authenticated", "service_role";

do $$
begin
  if not exists (select 1 from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
                  where n.nspname = 'auth' and t.typname = 'aal_level') then
    create type "auth"."aal_level" as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

create table if not exists "auth"."users" (
  "instance_id" uuid,
  "id" uuid not null primary key,
  "aud" varchar(255),
  "role" varchar(255),
  "email" varchar(255),
  "encrypted_password" varchar(255),
  "email_confirmed_at" timestamptz,
  "invited_at" timestamptz,
  "confirmation_token" varchar(255),
  "confirmation_sent_at" timestamptz,
  "recovery_token" varchar(255),
  "recovery_sent_at" timestamptz,
  "email_change_token_new" varchar(255),
  "email_change" varchar(255),
  "email_change_sent_at" timestamptz,
  "last_sign_in_at" timestamptz,
  "raw_app_meta_data" jsonb,
  "raw_user_meta_data" jsonb,
  "is_super_admin" boolean,
  "created_at" timestamptz,
  "updated_at" timestamptz,
  "phone" text unique default null,
  "phone_confirmed_at" timestamptz,
  "phone_change" text default '',
  "phone_change_token" varchar(255) default '',
  "phone_change_sent_at" timestamptz,
  "confirmed_at" timestamptz generated always as (least("email_confirmed_at", "phone_confirmed_at")) stored,
  "email_change_token_current" varchar(255) default '',
  "email_change_confirm_status" smallint default 0
    constraint "users_email_change_confirm_status_check" check ("email_change_confirm_status" between 0 and 2),
  "banned_until" timestamptz,
  "reauthentication_token" varchar(255) default '',
  "reauthentication_sent_at" timestamptz,
  "is_sso_user" boolean not null default false,
  "deleted_at" timestamptz,
  "is_anonymous" boolean not null default false
);

comment on table "auth"."users" is 'Auth: Stores user login data within a secure schema.';
comment on column "auth"."users"."is_sso_user" is
  'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';

-- GoTrue: emails are unique among non-SSO accounts (20221215195500_modify_users_email_unique_index).
create unique index if not exists "users_email_partial_key" on "auth"."users" ("email") where ("is_sso_user" = false);
create index if not exists "users_instance_id_email_idx" on "auth"."users" ("instance_id", lower("email"));
create index if not exists "users_instance_id_idx" on "auth"."users" ("instance_id");
create index if not exists "users_is_anonymous_idx" on "auth"."users" ("is_anonymous");

-- One row per sign-in method; GoTrue returns them as `user.identities`.
create table if not exists "auth"."identities" (
  "provider_id" text not null,
  "user_id" uuid not null references "auth"."users" ("id") on delete cascade,
  "identity_data" jsonb not null,
  "provider" text not null,
  "last_sign_in_at" timestamptz,
  "created_at" timestamptz,
  "updated_at" timestamptz,
  "email" text generated always as (lower("identity_data" ->> 'email')) stored,
  "id" uuid not null default gen_random_uuid() primary key,
  constraint "identities_provider_id_provider_unique" unique ("provider_id", "provider")
);

comment on table "auth"."identities" is 'Auth: Stores identities associated to a user.';
comment on column "auth"."identities"."email" is
  'Auth: Email is a generated column that references the optional email property in the identity_data';

create index if not exists "identities_user_id_idx" on "auth"."identities" ("user_id");
create index if not exists "identities_email_idx" on "auth"."identities" ("email" text_pattern_ops);

create table if not exists "auth"."sessions" (
  "id" uuid not null primary key,
  "user_id" uuid not null references "auth"."users" ("id") on delete cascade,
  "created_at" timestamptz,
  "updated_at" timestamptz,
  "factor_id" uuid,
  "aal" "auth"."aal_level",
  "not_after" timestamptz,
  "refreshed_at" timestamp,
  "user_agent" text,
  "ip" inet,
  "tag" text
);

comment on table "auth"."sessions" is 'Auth: Stores session data associated to a user.';
comment on column "auth"."sessions"."not_after" is
  'Auth: Not after is a nullable column that contains a timestamp after which the session should be regarded as expired.';

create index if not exists "sessions_user_id_idx" on "auth"."sessions" ("user_id");
create index if not exists "user_id_created_at_idx" on "auth"."sessions" ("user_id", "created_at");
create index if not exists "sessions_not_after_idx" on "auth"."sessions" ("not_after" desc);

create table if not exists "auth"."refresh_tokens" (
  "instance_id" uuid,
  "id" bigserial primary key,
  "token" varchar(255) constraint "refresh_tokens_token_unique" unique,
  "user_id" varchar(255),
  "revoked" boolean,
  "created_at" timestamptz,
  "updated_at" timestamptz,
  -- Rotation: each token names the one it replaced, so reuse of a spent token can be detected.
  "parent" varchar(255),
  "session_id" uuid references "auth"."sessions" ("id") on delete cascade
);

comment on table "auth"."refresh_tokens" is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';

create index if not exists "refresh_tokens_instance_id_idx" on "auth"."refresh_tokens" ("instance_id");
create index if not exists "refresh_tokens_instance_id_user_id_idx" on "auth"."refresh_tokens" ("instance_id", "user_id");

-- Multi-factor authentication, as GoTrue's MFA migrations leave it (20221003041349_add_mfa_schema
-- and its successors up to 20250925093508): factors, their challenges, and the authentication
-- methods (amr) each session has passed, from which every access token's `aal` and `amr` come.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
                  where n.nspname = 'auth' and t.typname = 'factor_type') then
    create type "auth"."factor_type" as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
                  where n.nspname = 'auth' and t.typname = 'factor_status') then
    create type "auth"."factor_status" as enum ('unverified', 'verified');
  end if;
end
$$;

create table if not exists "auth"."mfa_factors" (
  "id" uuid not null constraint "mfa_factors_pkey" primary key,
  "user_id" uuid not null constraint "mfa_factors_user_id_fkey" references "auth"."users" ("id") on delete cascade,
  "friendly_name" text,
  "factor_type" "auth"."factor_type" not null,
  "status" "auth"."factor_status" not null,
  "created_at" timestamptz not null,
  "updated_at" timestamptz not null,
  "secret" text,
  "phone" text default null,
  -- Unique as in GoTrue (20240802193726_add_mfa_factors_column_last_challenged_at).
  "last_challenged_at" timestamptz unique default null,
  "web_authn_credential" jsonb,
  "web_authn_aaguid" uuid,
  "last_webauthn_challenge_data" jsonb
);

comment on table "auth"."mfa_factors" is 'auth: stores metadata about factors';

create unique index if not exists "mfa_factors_user_friendly_name_unique"
  on "auth"."mfa_factors" ("friendly_name", "user_id") where trim("friendly_name") <> '';
create index if not exists "factor_id_created_at_idx" on "auth"."mfa_factors" ("user_id", "created_at");
create index if not exists "mfa_factors_user_id_idx" on "auth"."mfa_factors" ("user_id");
create unique index if not exists "unique_phone_factor_per_user" on "auth"."mfa_factors" ("user_id", "phone");

create table if not exists "auth"."mfa_challenges" (
  "id" uuid not null constraint "mfa_challenges_pkey" primary key,
  "factor_id" uuid not null constraint "mfa_challenges_auth_factor_id_fkey" references "auth"."mfa_factors" ("id") on delete cascade,
  "created_at" timestamptz not null,
  "verified_at" timestamptz,
  "ip_address" inet not null,
  "otp_code" text,
  "web_authn_session_data" jsonb
);

comment on table "auth"."mfa_challenges" is 'auth: stores metadata about challenge requests made';

create index if not exists "mfa_challenge_created_at_idx" on "auth"."mfa_challenges" ("created_at" desc);

create table if not exists "auth"."mfa_amr_claims" (
  "session_id" uuid not null constraint "mfa_amr_claims_session_id_fkey" references "auth"."sessions" ("id") on delete cascade,
  "created_at" timestamptz not null,
  "updated_at" timestamptz not null,
  "authentication_method" text not null,
  "id" uuid not null constraint "amr_id_pk" primary key,
  constraint "mfa_amr_claims_session_id_authentication_method_pkey" unique ("session_id", "authentication_method")
);

comment on table "auth"."mfa_amr_claims" is 'auth: stores authenticator method reference claims for multi factor authentication';
create index if not exists "refresh_tokens_parent_idx" on "auth"."refresh_tokens" ("parent");
create index if not exists "refresh_tokens_session_id_revoked_idx" on "auth"."refresh_tokens" ("session_id", "revoked");
create index if not exists "refresh_tokens_updated_at_idx" on "auth"."refresh_tokens" ("updated_at" desc);

-- The API roles never read auth tables directly (GoTrue does, as its own role).
revoke all on all tables in schema "auth" from "anon", "authenticated";

-- Claims helpers exactly as supabase/auth defines them today (ADR 021): uid, role and email from
-- migrations/20220224000811_update_auth_functions.up.sql, jwt from
-- migrations/20220531120530_add_auth_jwt_function.up.sql, bodies verbatim (pg_proc.prosrc equal).
-- No `set search_path`: 20240624145325_recreate_auth_functions added one and was reverted the same
-- day ("fix: revert define search path in auth functions", supabase/auth #1634), so hosted
-- functions have none. CREATE OR REPLACE drops the one an older data dir was given here.
-- PostgREST sets `request.jwt.claims` (JSON); older versions set `request.jwt.claim.<name>`.
create or replace function "auth"."uid"() 
returns uuid 
language sql stable
as $$
  select 
  coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function "auth"."role"() 
returns text 
language sql stable
as $$
  select 
  coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function "auth"."email"() 
returns text 
language sql stable
as $$
  select 
  coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function "auth"."jwt"()
returns jsonb
language sql stable
as $$
  select 
    coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
$$;

comment on function "auth"."uid"() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
comment on function "auth"."role"() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
comment on function "auth"."email"() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

grant execute on function "auth"."uid"(), "auth"."role"(), "auth"."email"(), "auth"."jwt"()
  to "anon", "authenticated", "service_role";

-- Ownership as on Supabase (ADR 010): GoTrue's role owns its schema and everything in it, so only
-- it (and the superuser) may change them. `postgres` may read and write the rows (the SQL editor,
-- seeds, foreign keys to auth.users: migrations/10000000000000_demote-postgres.sql) but may not
-- create or alter anything in `auth` (20250421084701_revoke_admin_roles_from_postgres.sql), so a
-- migration that tries fails here as it would on hosted Supabase.
do $$
declare
  "object" record;
begin
  if (select n.nspowner from pg_catalog.pg_namespace n where n.nspname = 'auth') <> 'supabase_auth_admin'::regrole then
    alter schema "auth" owner to "supabase_auth_admin";
  end if;
  for "object" in
    select format('alter %s %s owner to "supabase_auth_admin"',
                  case when c.relkind = 'S' then 'sequence' else 'table' end,
                  c.oid::regclass) as "sql"
      from pg_catalog.pg_class c
     where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'p', 'S')
       and c.relowner <> 'supabase_auth_admin'::regrole
       -- A sequence owned by a column follows its table.
       and not exists (select 1 from pg_catalog.pg_depend d
                        where d.objid = c.oid and d.deptype in ('a', 'i') and c.relkind = 'S')
    union all
    select format('alter function %s owner to "supabase_auth_admin"', p.oid::regprocedure)
      from pg_catalog.pg_proc p
     where p.pronamespace = 'auth'::regnamespace and p.proowner <> 'supabase_auth_admin'::regrole
    union all
    select format('alter type %s owner to "supabase_auth_admin"', t.oid::regtype)
      from pg_catalog.pg_type t
     where t.typnamespace = 'auth'::regnamespace and t.typtype = 'e'
       and t.typowner <> 'supabase_auth_admin'::regrole
  loop
    execute "object"."sql";
  end loop;
end
$$;

grant usage on schema "auth" to "postgres";
revoke create on schema "auth" from "postgres";
grant all on all tables in schema "auth" to "postgres";
grant all on all sequences in schema "auth" to "postgres";
grant all on all routines in schema "auth" to "postgres";
