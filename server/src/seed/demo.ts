import type pg from 'pg';

/**
 * Fills every published draw of the last `days` days and of today so far with a random prize,
 * leaving existing results alone. Demo data needs no cryptographic randomness: the draw machine
 * (the generate function) is what decides real results.
 */
export async function seedDemoResults(pool: pg.Pool, days = 30): Promise<number> {
  const { rowCount } = await pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     select d::date, h, lpad(h::text, 2, '0') || ':30:00', lpad(floor(random() * 10000)::int::text, 4, '0')
       from generate_series(
              (now() at time zone private.lottery_timezone())::date - $1::int,
              (now() at time zone private.lottery_timezone())::date,
              interval '1 day') as d,
            generate_series(0, 23) as h
      where private.is_published(d::date, h)
     on conflict (draw_date, draw_hour) do nothing`,
    [days],
  );
  return rowCount ?? 0;
}

/**
 * Switches the system's hourly draws on or off (ADR 012). Switching on stamps auto_draw_since in
 * the database, so only draws from now on are owed; an unchanged setting keeps its stamp.
 */
export async function setAutoDraw(pool: pg.Pool, on: boolean): Promise<void> {
  await pool.query(
    `update public.lottery_settings set auto_draw = $1 where id and auto_draw is distinct from $1`,
    [on],
  );
}
