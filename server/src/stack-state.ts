import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from './db/lock.ts';

/**
 * What a running `npm start` says about itself in `DATA_DIR/stack.json` (mode 0600: it holds the
 * service_role key and the database password), for `npm run status`, `npm run admin`, `npm run
 * dev` and the test and bench launchers: what `supabase status` prints for a Docker stack.
 */
export interface StackState {
  pid: number;
  /** The site and the Supabase API URL. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The database as `postgres` (not a superuser), as hosted Supabase's connection string. */
  databaseUrl: string;
  /** Where the JWT secret comes from: `JWT_SECRET`, or the file in the data dir. */
  jwtSecretSource: string;
  /** The lottery's clock, for the dev server's runtime config. */
  lotteryTimezone: string;
  /** Whether /mailbox is served (`MAILBOX=on`); absent in files of older stacks. */
  mailbox?: boolean;
}

export const stackStatePath = (dataDir: string) => path.join(dataDir, 'stack.json');

export function writeStackState(dataDir: string, state: StackState): void {
  writeFileSync(stackStatePath(dataDir), JSON.stringify(state, null, 2), { mode: 0o600 });
}

/**
 * The running stack's state, or undefined when none runs from this data dir (a stack killed with
 * SIGKILL leaves its file behind: its pid then names no process).
 */
export function readStackState(dataDir: string): StackState | undefined {
  const file = stackStatePath(dataDir);
  if (!existsSync(file)) return undefined;
  const state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  return isAlive(state.pid) ? state : undefined;
}

export function removeStackState(dataDir: string): void {
  rmSync(stackStatePath(dataDir), { force: true });
}

/** The lines `npm start`'s banner and `npm run status` print, as `supabase status` does. */
export function describeStack(state: StackState): string[] {
  return [
    `  API URL           ${state.url}`,
    `  anon key          ${state.anonKey}`,
    `  service_role key  ${state.serviceRoleKey}`,
    `  database URL      ${state.databaseUrl}`,
    `  JWT secret        ${state.jwtSecretSource}`,
    state.mailbox === false
      ? `  mailbox           off (MAILBOX=on serves auth's mail at ${state.url}/mailbox)`
      : `  mailbox           ${state.url}/mailbox`,
  ];
}
