import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { readStackState } from '../../server/src/stack-state.ts';
import { hourLabel, publishedAt } from '../../src/shared/lottery-clock.ts';
import { ZONE } from './public-data.ts';

/**
 * The e2e stack's database as its owner (`postgres`, as hosted Supabase's connection string), from
 * the state file the stack wrote into the data dir playwright.config.ts gives it: the test plays
 * the parts no API caller may (the scheduler's history, a tampering operator with database access).
 */
export function ownerPool(): pg.Pool {
  const port = Number(process.env.E2E_PORT ?? 4173);
  const state = readStackState(path.resolve(`.tmp/e2e-data-${port}`));
  if (!state) throw new Error('The e2e stack is not running');
  const pool = new pg.Pool({ connectionString: state.databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Stands in for a stack that committed the draw a day before it (as each tick commits tomorrow):
 * a fresh seed, made and hashed as private.commit_draw_day does, committed 24 h before the draw.
 * Commitments never change, so an existing one (committed when this run's stack started, after
 * the draw) is removed with the refusing trigger off, in the same transaction: a fixture's rewrite
 * of history that no API caller can make. The draw's result is removed too. Returns the seed.
 */
export async function commitTheDayBefore(
  pool: pg.Pool,
  date: string,
  hour: number,
): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      'alter table "public"."draw_commitments" disable trigger "draw_commitments_refuse_change"',
    );
    const key = [date, hour];
    const where = 'where "draw_date" = $1 and "draw_hour" = $2';
    await client.query(`delete from "public"."draw_commitments" ${where}`, key);
    await client.query(
      'alter table "public"."draw_commitments" enable trigger "draw_commitments_refuse_change"',
    );
    await client.query(`delete from "public"."draw_seeds" ${where}`, key);
    await client.query(`delete from "public"."lottery_results" ${where}`, key);
    const { rows } = await client.query<{ seed: string }>(
      `insert into "public"."draw_seeds" ("draw_date", "draw_hour", "seed")
       values ($1, $2, encode("extensions"."gen_random_bytes"(32), 'hex')) returning "seed"`,
      key,
    );
    const seed = rows[0]!.seed;
    await client.query(
      `insert into "public"."draw_commitments" ("draw_date", "draw_hour", "commitment", "committed_at")
       values ($1, $2, encode("extensions"."digest"(decode($3, 'hex'), 'sha256'), 'hex'), $4)`,
      [date, hour, seed, new Date(drawMoment(date, hour).getTime() - 86_400_000)],
    );
    await client.query('commit');
    return seed;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The draw by the database's own draw function, as the scheduler calls it. */
export async function drawBySystem(pool: pg.Pool, date: string, hour: number): Promise<string> {
  await pool.query('select "private"."draw_hour"($1, $2)', [date, hour]);
  const { rows } = await pool.query<{ first_prize: string; source: string }>(
    `select "first_prize", "source" from "public"."lottery_results"
      where "draw_date" = $1 and "draw_hour" = $2`,
    [date, hour],
  );
  expect(rows[0]?.source).toBe('system');
  return rows[0]!.first_prize;
}

export const drawMoment = (date: string, hour: number) => publishedAt(date, hour, ZONE);

/** A public result row by its draw time, and its Verify disclosure opened. */
export async function openVerification(page: Page, hour: number) {
  const row = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByText(hourLabel(hour), { exact: true }) });
  const toggle = row.getByRole('button', { name: `Verify draw ${hourLabel(hour)}` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = row.getByRole('region', { name: /^Verification of draw/ });
  await expect(panel).toBeVisible();
  return { row, panel, outcome: panel.getByRole('status') };
}
