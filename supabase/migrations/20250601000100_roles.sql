-- Roles: who may manage results. Sign-up never grants a role; the operator does, as the
-- service role or the database owner (see supabase/snippets/grant-admin.sql).

create type "public"."app_role" as enum ('admin');

create table "public"."user_roles" (
  "id" uuid primary key default gen_random_uuid(),
  -- Deleting an account must not leave a dangling grant behind.
  "user_id" uuid not null references "auth"."users" ("id") on delete cascade,
  "role" "public"."app_role" not null,
  "created_at" timestamptz not null default now(),
  constraint "user_roles_user_id_role_key" unique ("user_id", "role")
);

comment on table "public"."user_roles" is
  'Roles granted by the operator. Readable by the user they belong to and by admins; written only by the service role.';

-- Helpers live in a schema PostgREST does not expose ([api] schemas in config.toml), so they are
-- not callable as RPC. They are security definer so policies can consult user_roles without
-- recursing into user_roles' own policies; search_path = '' forces qualified names, so nobody
-- can shadow a table or operator through their search_path.
create schema if not exists "private";
revoke all on schema "private" from public;
grant usage on schema "private" to "authenticated", "service_role";
-- Functions are executable by PUBLIC by default; new helpers must be granted one by one.
alter default privileges in schema "private" revoke execute on functions from public;

create function "private"."has_role"("_user_id" uuid, "_role" "public"."app_role")
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from "public"."user_roles" r where r."user_id" = "_user_id" and r."role" = "_role"
  )
$$;

comment on function "private"."has_role"(uuid, "public"."app_role") is
  'Whether a user holds a role. Security definer: policies call it without read access to every row of user_roles.';

create function "private"."is_admin"()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select "private"."has_role"("auth"."uid"(), 'admin')
$$;

comment on function "private"."is_admin"() is
  'Whether the caller (the JWT''s sub) is an admin. False for anon and for tokens without a user.';

revoke execute on function "private"."has_role"(uuid, "public"."app_role") from public, "anon";
revoke execute on function "private"."is_admin"() from public, "anon";
-- Policies run as the caller, so the roles whose policies call a helper must be able to execute it.
grant execute on function "private"."is_admin"() to "authenticated", "service_role";
grant execute on function "private"."has_role"(uuid, "public"."app_role") to "service_role";

alter table "public"."user_roles" enable row level security;

-- Supabase's default privileges grant everything on new public tables to the API roles; state
-- the intended privileges instead, so a policy mistake cannot turn into a write path.
revoke all on table "public"."user_roles" from "anon", "authenticated";
grant select on table "public"."user_roles" to "authenticated";
grant all on table "public"."user_roles" to "service_role";

-- The admin check in the app reads the caller's own row.
create policy "Users read their own roles" on "public"."user_roles"
  for select to "authenticated"
  using ("user_id" = (select "auth"."uid"()));

create policy "Admins read all roles" on "public"."user_roles"
  for select to "authenticated"
  using ((select "private"."is_admin"()));

-- No insert/update/delete policy: with RLS on and no write grant, only the service role
-- (bypassrls) and the owner can change roles, so nobody can grant themselves admin.
