import type pg from 'pg';
import { transaction } from './transaction.ts';

/** Where the local stack keeps its change capture: never in the app's schemas or migrations. */
export const CAPTURE_SCHEMA = '_realtime_local';
/** The NOTIFY channel the listener follows. */
export const CAPTURE_CHANNEL = '_realtime_local_changes';
const TRIGGER = '_realtime_local_capture';
/** The payload the capture sends when a DDL statement commits (listener.ts, binding-cache.ts). */
export const CATALOG_CHANGED = '{"catalog":true}';
const PUBLICATION = 'supabase_realtime';
/** Two stacks starting on one database must not install at the same time. */
const INSTALL_LOCK = 7_324_025;

/**
 * Supabase Realtime reads changes from logical replication (wal_level = logical). The local stack
 * must work on any PostgreSQL it is given, so a row trigger on each published table reports the
 * change with NOTIFY instead: delivered only on commit, in commit order, to every listener.
 * NOTIFY payloads stop at 8000 bytes, so larger changes wait in a table and only their id is
 * sent. A sequence number keeps two identical changes in one transaction from being merged
 * (PostgreSQL delivers identical notifications of a transaction once).
 */
const INSTALL = `
create schema if not exists "${CAPTURE_SCHEMA}";
revoke all on schema "${CAPTURE_SCHEMA}" from public;

create table if not exists "${CAPTURE_SCHEMA}"."queued_changes" (
  "id" bigint generated always as identity primary key,
  "payload" jsonb not null,
  "created_at" timestamptz not null default now()
);
revoke all on table "${CAPTURE_SCHEMA}"."queued_changes" from public;
create sequence if not exists "${CAPTURE_SCHEMA}"."change_seq";

create or replace function "${CAPTURE_SCHEMA}"."capture"() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  "payload" text := jsonb_build_object(
    'n', nextval('"${CAPTURE_SCHEMA}"."change_seq"'),
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', case when tg_op = 'INSERT' then null else to_jsonb(old) end
  )::text;
  "queued" bigint;
begin
  if octet_length("payload") < 8000 then
    perform pg_notify('${CAPTURE_CHANNEL}', "payload");
  else
    insert into "${CAPTURE_SCHEMA}"."queued_changes" ("payload") values ("payload"::jsonb)
      returning "id" into "queued";
    perform pg_notify('${CAPTURE_CHANNEL}', jsonb_build_object('queued', "queued")::text);
  end if;
  return null;
end
$$;
revoke all on function "${CAPTURE_SCHEMA}"."capture"() from public;

-- realtime.cast: a filter value as to_jsonb renders a value of the column's type, so it compares
-- with the captured row (and a value the type refuses is refused at subscription).
create or replace function "${CAPTURE_SCHEMA}"."cast"("val" text, "type_" regtype) returns jsonb
language plpgsql stable set search_path = '' as $$
declare "res" jsonb;
begin
  if "type_"::text = 'bytea' then return to_jsonb("val"); end if;
  execute format('select to_jsonb(%L::' || "type_"::text || ')', "val") into "res";
  return "res";
end
$$;
revoke all on function "${CAPTURE_SCHEMA}"."cast"(text, regtype) from public;

-- Keeps exactly the tables of the publication captured; run now and whenever it changes.
create or replace function "${CAPTURE_SCHEMA}"."sync"() returns void
language plpgsql security definer set search_path = '' as $$
declare "rel" regclass;
begin
  for "rel" in
    select t."tgrelid"::regclass from pg_catalog.pg_trigger t
    where t."tgname" = '${TRIGGER}' and not exists (
      select 1 from pg_catalog.pg_publication_tables p
      where p."pubname" = '${PUBLICATION}'
        and format('%I.%I', p."schemaname", p."tablename")::regclass = t."tgrelid")
  loop
    execute format('drop trigger if exists %I on %s', '${TRIGGER}', "rel");
  end loop;
  for "rel" in
    select format('%I.%I', p."schemaname", p."tablename")::regclass from pg_catalog.pg_publication_tables p
    where p."pubname" = '${PUBLICATION}' and not exists (
      select 1 from pg_catalog.pg_trigger t
      where t."tgname" = '${TRIGGER}'
        and t."tgrelid" = format('%I.%I', p."schemaname", p."tablename")::regclass)
  loop
    execute format(
      'create trigger %I after insert or update or delete on %s for each row execute function "${CAPTURE_SCHEMA}"."capture"()',
      '${TRIGGER}', "rel");
  end loop;
end
$$;
revoke all on function "${CAPTURE_SCHEMA}"."sync"() from public;

create or replace function "${CAPTURE_SCHEMA}"."on_publication_change"() returns event_trigger
language plpgsql set search_path = '' as $$
begin
  perform "${CAPTURE_SCHEMA}"."sync"();
end
$$;
`;

/**
 * Joins keep the catalog's answers (binding-cache.ts): any DDL (GRANT, REVOKE, ALTER TABLE, a
 * publication change) tells the listener, on commit, to drop them. Event triggers see no role
 * statements (shared objects); the cache's time limit covers those.
 */
const CATALOG_TRIGGER = `
create or replace function "${CAPTURE_SCHEMA}"."on_catalog_change"() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_notify('${CAPTURE_CHANNEL}', '${CATALOG_CHANGED}');
end
$$;
drop event trigger if exists "${TRIGGER}_catalog";
create event trigger "${TRIGGER}_catalog" on ddl_command_end
  execute function "${CAPTURE_SCHEMA}"."on_catalog_change"();
`;

/** A table added to the publication later (a new migration, the SQL editor) is captured at once. */
const EVENT_TRIGGER = `
drop event trigger if exists "${TRIGGER}_publication";
create event trigger "${TRIGGER}_publication" on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION')
  execute function "${CAPTURE_SCHEMA}"."on_publication_change"();
`;

/**
 * Installs (or refreshes) the change capture. Idempotent; the stack calls it after migrations.
 * Needs the pool's superuser for the event trigger; without it, publication changes made while
 * the stack runs are picked up at its next start.
 */
export async function installChangeCapture(pool: pg.Pool): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [INSTALL_LOCK]);
    await client.query(INSTALL);
    await client.query('savepoint "event_trigger"');
    try {
      await client.query(EVENT_TRIGGER);
      await client.query(CATALOG_TRIGGER);
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error;
      await client.query('rollback to savepoint "event_trigger"');
    }
    await client.query(`select "${CAPTURE_SCHEMA}"."sync"()`);
  });
}
