import type pg from 'pg';
import type { CronJob } from './cron-job.ts';
import { returnMessage, RunLog } from './run-details.ts';
import { nextRun, parseSchedule, type Schedule } from './schedule.ts';

export interface SchedulerOptions {
  /** The owner pool (`postgres`, the role migrations schedule jobs as). */
  pool: pg.Pool;
  /** How often cron.job is re-read and due jobs are looked for. */
  pollMs?: number;
  log?: (message: string) => void;
}

export interface Scheduler {
  /** Stops polling and waits for the job in progress, if any. */
  stop(): Promise<void>;
}

// The emulation keeps cron.job in each database (a copy made from a template brings its jobs, still
// naming the template), so every row is this database's. Where the real pg_cron is installed, its
// own background worker runs the jobs and this scheduler stays idle rather than run them twice.
const LIST_JOBS = `select j."jobid"::text as "jobid", j."jobname", j."schedule", j."command", j."username"
  from "cron"."job" j
 where j."active"
   and not exists (select 1 from pg_catalog.pg_extension e where e."extname" = 'pg_cron')
 order by j."jobid"`;

/**
 * The local stack's pg_cron (ADR 012): runs the active jobs of cron.job on their schedule, as the
 * user who scheduled them, one job at a time, so a job never overlaps itself (pg_cron waits for a
 * run to finish too). A job that fails is logged and tried again at its next time; a schedule it
 * cannot read is logged once and skipped.
 */
export function startScheduler({
  pool,
  pollMs = 1000,
  log = console.warn,
}: SchedulerOptions): Scheduler {
  const due = new Map<string, number>();
  const said = new Set<string>();
  const once = (key: string, message: string) => {
    if (said.has(key)) return;
    said.add(key);
    log(`lotto24 cron: ${message}`);
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const runLog = new RunLog();

  async function run(job: CronJob): Promise<void> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const { rows } = await client.query<{ user: string }>('select current_user as "user"');
      const switched = rows[0]?.user !== job.username;
      // Logged as pg_cron logs it (cron.job_run_details), by the scheduler's own login.
      const runid = await runLog.start(client, job);
      let outcome: ['succeeded' | 'failed', string];
      // pg_cron connects as the job's user; a login that is someone else switches to it.
      if (switched) await client.query(`set role ${client.escapeIdentifier(job.username)}`);
      try {
        outcome = ['succeeded', returnMessage(await client.query(job.command))];
        said.delete(`fail:${job.jobid}`);
      } catch (error) {
        outcome = ['failed', (error as Error).message];
        once(
          `fail:${job.jobid}`,
          `job ${job.jobname ?? job.jobid} failed: ${(error as Error).message}`,
        );
      } finally {
        if (switched) await client.query('reset role');
      }
      await runLog.finish(client, runid, ...outcome);
    } catch (error) {
      broken = error as Error;
      once(
        `run:${job.jobid}`,
        `cannot run job ${job.jobname ?? job.jobid} as ${job.username}: ${broken.message}`,
      );
    } finally {
      // A connection left as another role (or broken) is not given back to the pool.
      client.release(broken);
    }
  }

  async function tick(): Promise<void> {
    let jobs: CronJob[];
    try {
      jobs = (await pool.query<CronJob>(LIST_JOBS)).rows;
      said.delete('list');
    } catch (error) {
      // No cron schema (a database migrated elsewhere) or the database went away: try again later.
      once('list', `cannot read cron.job: ${(error as Error).message}`);
      return;
    }
    const seen = new Set<string>();
    for (const job of jobs) {
      if (stopped) return;
      seen.add(job.jobid);
      const schedule: Schedule | null = parseSchedule(job.schedule);
      if (!schedule) {
        once(
          `schedule:${job.jobid}:${job.schedule}`,
          `job ${job.jobname ?? job.jobid}: unsupported schedule "${job.schedule}", skipped`,
        );
        continue;
      }
      const now = Date.now();
      // An interval job runs at once on start, as pg_cron does; a cron job waits for its minute.
      if (!due.has(job.jobid))
        due.set(
          job.jobid,
          schedule.kind === 'interval' ? now : (nextRun(schedule, now) ?? Infinity),
        );
      if (due.get(job.jobid)! > now) continue;
      await run(job);
      // Intervals count from the start of a run; cron times from its end (a missed minute is skipped).
      due.set(
        job.jobid,
        nextRun(schedule, schedule.kind === 'interval' ? now : Date.now()) ?? Infinity,
      );
    }
    for (const id of due.keys()) if (!seen.has(id)) due.delete(id);
  }

  const loop = () => {
    if (stopped) return;
    pass = tick()
      // No connection at all (the database restarting or gone): say so once, try again next poll.
      .catch((error: unknown) =>
        once('pass', `cannot reach the database: ${(error as Error).message}`),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, pollMs);
      });
  };
  loop();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
