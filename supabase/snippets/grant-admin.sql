-- Grant (or revoke) the admin role on hosted Supabase.
--
-- Sign-up never grants a role. After the operator has signed up at /auth, run this in the
-- dashboard's SQL editor (it runs as the owner, which bypasses row-level security) or with
-- `psql "$DATABASE_URL" -f supabase/snippets/grant-admin.sql`, after replacing the email below.

insert into public.user_roles (user_id, role)
select u.id, 'admin'
  from auth.users u
 where lower(u.email) = lower('admin@example.com')
on conflict (user_id, role) do nothing
returning user_id, role;

-- Revoke:
--   delete from public.user_roles r using auth.users u
--    where r.user_id = u.id and r.role = 'admin' and lower(u.email) = lower('admin@example.com');
--
-- List admins:
--   select u.email from public.user_roles r join auth.users u on u.id = r.user_id where r.role = 'admin';
--
-- Set the lottery timezone (an IANA name; unknown names are refused):
--   update public.lottery_settings set timezone = 'Europe/Berlin';
