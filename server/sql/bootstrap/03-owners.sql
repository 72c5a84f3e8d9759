-- Migrations run as `postgres` (ADR 010), which on Supabase owns the realtime publication, so a
-- migration can `alter publication "supabase_realtime" add table …` (a pg_dump of a hosted
-- project shows `ALTER PUBLICATION supabase_realtime OWNER TO postgres`).
do $$
begin
  if exists (select 1 from pg_catalog.pg_publication p
              where p.pubname = 'supabase_realtime' and p.pubowner <> 'postgres'::regrole) then
    alter publication "supabase_realtime" owner to "postgres";
  end if;
end
$$;
