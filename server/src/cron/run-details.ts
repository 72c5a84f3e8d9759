import type pg from 'pg';
import type { CronJob } from './cron-job.ts';

/**
 * How many runs cron.job_run_details keeps: pg_cron keeps every row until someone purges it
 * (hosted users schedule a delete); the stand-in keeps the newest 10,000, a bit over a day of
 * the 10-second draw tick, and purges at most once a minute.
 */
export const KEPT_RUNS = 10_000;
const PURGE_EVERY_MS = 60_000;

/** What the row says of a finished run, as pg_cron words it: rows returned or the command tag. */
export function returnMessage(result: pg.QueryResult | pg.QueryResult[]): string {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  if (!last) return '';
  if (last.command === 'SELECT')
    return `${last.rowCount ?? 0} ${last.rowCount === 1 ? 'row' : 'rows'}`;
  return [last.command, last.rowCount].filter((part) => part !== null).join(' ');
}

/** Writes pg_cron's run log (server/sql/bootstrap/05-cron-run-details.sql) for the scheduler. */
export class RunLog {
  private lastPurge = 0;

  /** Records a run starting on `client` (before it switches role); null when the log is missing. */
  async start(client: pg.PoolClient, job: CronJob): Promise<string | null> {
    try {
      const { rows } = await client.query<{ runid: string }>(
        `insert into "cron"."job_run_details"
           ("jobid", "job_pid", "database", "username", "command", "status", "start_time")
         values ($1, pg_backend_pid(), current_database(), $2, $3, 'running', clock_timestamp())
         returning "runid"::text as "runid"`,
        [job.jobid, job.username, job.command],
      );
      return rows[0]?.runid ?? null;
    } catch {
      // A database bootstrapped before the run log existed: runs go on unlogged.
      return null;
    }
  }

  async finish(
    client: pg.PoolClient,
    runid: string | null,
    status: 'succeeded' | 'failed',
    message: string,
  ): Promise<void> {
    if (runid === null) return;
    await client.query(
      `update "cron"."job_run_details"
          set "status" = $2, "return_message" = $3, "end_time" = clock_timestamp()
        where "runid" = $1`,
      [runid, status, message],
    );
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await client.query(
      `delete from "cron"."job_run_details"
        where "runid" <= (select max("runid") from "cron"."job_run_details") - $1`,
      [KEPT_RUNS],
    );
  }
}
