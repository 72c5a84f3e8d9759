import type pg from 'pg';

/**
 * What a migration defines, read back from the catalogs in a form two databases can be compared
 * by: functions (pg_get_functiondef, comment, privileges), policies, table and routine grants,
 * columns, constraints, indexes and triggers of the project's schemas.
 */
export async function catalog(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const read = async (sql: string) => (await pool.query(sql)).rows;
  return {
    functions: await read(`
      select p.oid::regprocedure::text as "signature", pg_get_functiondef(p.oid) as "definition",
             obj_description(p.oid, 'pg_proc') as "comment", p.proacl::text as "acl"
        from pg_catalog.pg_proc p
       where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       order by 1`),
    policies: await read(`
      select "schemaname", "tablename", "policyname", "permissive", "roles"::text, "cmd", "qual", "with_check"
        from pg_catalog.pg_policies where "schemaname" in ('public', 'private', 'realtime')
       order by 1, 2, 3`),
    tableGrants: await read(`
      select "grantor", "grantee", "table_schema", "table_name", "privilege_type", "is_grantable"
        from information_schema.role_table_grants
       where "table_schema" in ('public', 'private', 'realtime')
       order by 1, 2, 3, 4, 5`),
    routineGrants: await read(`
      select "grantor", "grantee", "routine_schema", "specific_name" ~ '_[0-9]+$' as "numbered",
             "routine_name", "privilege_type", "is_grantable"
        from information_schema.role_routine_grants
       where "routine_schema" in ('public', 'private')
       order by 1, 2, 3, 5, 6`),
    columns: await read(`
      select "table_schema", "table_name", "column_name", "ordinal_position", "data_type",
             "is_nullable", "column_default", "is_generated", "generation_expression"
        from information_schema.columns where "table_schema" in ('public', 'private')
       order by 1, 2, 4`),
    constraints: await read(`
      select c.conrelid::regclass::text as "table", c.conname as "name", c.contype as "type",
             pg_get_constraintdef(c.oid) as "definition"
        from pg_catalog.pg_constraint c
       where c.connamespace in ('public'::regnamespace, 'private'::regnamespace)
       order by 1, 2`),
    indexes: await read(`
      select "schemaname", "tablename", "indexname", "indexdef" from pg_catalog.pg_indexes
       where "schemaname" in ('public', 'private') order by 1, 2, 3`),
    triggers: await read(`
      select t.tgrelid::regclass::text as "table", t.tgname as "name", pg_get_triggerdef(t.oid) as "definition",
             t.tgenabled as "enabled"
        from pg_catalog.pg_trigger t
        join pg_catalog.pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
       order by 1, 2`),
    tables: await read(`
      select c.oid::regclass::text as "table", c.relkind as "kind", c.relrowsecurity as "rls",
             c.relforcerowsecurity as "forced", c.relreplident as "replica", c.relacl::text as "acl"
        from pg_catalog.pg_class c
       where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
         and c.relkind in ('r', 'p', 'v', 'm', 'S')
       order by 1`),
    publication: await read(`
      select "schemaname", "tablename" from pg_catalog.pg_publication_tables
       where "pubname" = 'supabase_realtime' order by 1, 2`),
  };
}
