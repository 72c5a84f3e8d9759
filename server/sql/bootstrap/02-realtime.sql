-- Supabase creates this publication empty; projects add their tables in migrations.
-- (supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql)
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication "supabase_realtime";
  end if;
end
$$;
