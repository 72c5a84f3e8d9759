import type pg from 'pg';

/**
 * Counts the rows ever written into realtime.messages, rolled back or not: an AFTER INSERT
 * trigger advances a sequence, which no rollback undoes. Statistics (`n_tup_ins`, `n_dead_tup`)
 * reach other sessions only when the writing backend flushes them, up to 10 s later; this is
 * exact at once. `pool` must be a superuser's.
 */
export async function probeRowCounter(pool: pg.Pool): Promise<() => Promise<number>> {
  await pool.query(`
    create sequence if not exists "public"."probe_rows";
    create or replace function "public"."count_probe_row"() returns trigger
      language plpgsql security definer set search_path = '' as $$
      begin perform pg_catalog.nextval('"public"."probe_rows"'); return null; end $$;
    create or replace trigger "count_probe_rows" after insert on "realtime"."messages"
      for each row execute function "public"."count_probe_row"();`);
  return async () => {
    const { rows } = await pool.query<{ n: string }>(
      `select case when "is_called" then "last_value" else 0 end as "n" from "public"."probe_rows"`,
    );
    return Number(rows[0]!.n);
  };
}
