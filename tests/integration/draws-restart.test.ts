import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../server/src/stack.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import { allow } from '../utils/load-factor.ts';

let db: TestDatabase;
const dirs: string[] = [];
const jwtSecret = randomBytes(32).toString('hex');

/** A stack over the shared test database, as a second server (or a restart) would run. */
async function start(): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-draws-'));
  dirs.push(dataDir);
  return startStack({
    port: 0,
    dataDir,
    databaseUrl: db.url,
    jwtSecret,
    seedDemo: false,
    distDir: null,
  });
}

async function eventually(check: () => Promise<boolean>, timeoutMs = allow(30_000)): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting for the scheduler');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Draw {
  draw_date: string;
  draw_hour: number;
  late: boolean;
}

const draws = async () =>
  (
    await db.pool.query<Draw>(
      `select "draw_date"::text, "draw_hour",
              "created_at" > ("draw_date" + make_interval(hours => "draw_hour", mins => 30)) at time zone 'UTC'
                             + interval '60 seconds' as "late"
         from "public"."lottery_results" where "source" = 'system' order by 1, 2`,
    )
  ).rows;

// Any window of N hours that ends now holds exactly N draw moments (HH:30), so N draws are owed.

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two schedulers, a restart, a downtime', () => {
  it(
    'two stacks on one database draw each hour once',
    async () => {
      const [a, b] = [await start(), await start()];
      try {
        await db.pool.query(
          `update "public"."lottery_settings" set "auto_draw" = true, "auto_draw_since" = now() - interval '6 hours'`,
        );
        await eventually(async () => (await draws()).length === 6);
        // Both schedulers keep ticking: after more turns of theirs (pg_cron's run log, however late
        // a busy machine runs them), nothing more appears.
        const { rows: seen } = await db.pool.query<{ runid: string }>(
          `select coalesce(max("runid"), 0)::text as "runid" from "cron"."job_run_details"`,
        );
        await eventually(async () => {
          const { rows } = await db.pool.query<{ runs: number }>(
            `select count(*)::int as "runs" from "cron"."job_run_details"
            where "runid" > $1 and "status" <> 'running' and "command" like '%run_due_draws%'`,
            [seen[0]!.runid],
          );
          return rows[0]!.runs >= 4;
        });
        const rows = await draws();
        expect(rows).toHaveLength(6);
        expect(new Set(rows.map((row) => `${row.draw_date} ${row.draw_hour}`)).size).toBe(6);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    },
    allow(60_000),
  );

  it(
    'after downtime the restarted stack draws the missed hours at once, marked late',
    async () => {
      // As if the stacks had stopped nine hours ago: the last tick and the switch-on lie back then.
      await db.pool.query(
        `update "private"."auto_draw_state" set "drawn_through" = now() - interval '9 hours'`,
      );
      await db.pool.query(
        `update "public"."lottery_settings" set "auto_draw_since" = now() - interval '9 hours'`,
      );
      const before = await draws();
      const restarted = await start();
      try {
        // The first tick runs as the scheduler starts.
        await eventually(async () => (await draws()).length === 9, allow(10_000));
        const rows = await draws();
        const missed = rows.filter(
          (row) =>
            !before.some((b) => b.draw_date === row.draw_date && b.draw_hour === row.draw_hour),
        );
        expect(missed).toHaveLength(3);
        expect(missed.every((row) => row.late)).toBe(true);
      } finally {
        await restarted.stop();
      }
    },
    allow(60_000),
  );
});
