/** A row of cron.job (pg_cron's, or the local emulation of server/sql/bootstrap/04-cron.sql). */
export interface CronJob {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
}
