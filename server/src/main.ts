import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jwtSecretFile } from './config.ts';
import { ensureAdmin } from './seed/admin.ts';
import { seedDemoResults, setAutoDraw } from './seed/demo.ts';
import { startStack, type Stack } from './stack.ts';
import {
  describeStack,
  removeStackState,
  writeStackState,
  type StackState,
} from './stack-state.ts';

/** `npm start`: the site, its Supabase-compatible API and PostgreSQL, in one process. */
async function main(): Promise<void> {
  const stack = await startStack();
  const { config, pools } = stack.context;
  const firstRun = !existsSync(path.join(config.dataDir, 'initialized'));

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    removeStackState(config.dataDir);
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const demo = config.seedDemo === true || (config.seedDemo === 'auto' && firstRun);
  const seeded = demo ? await seedDemoResults(pools.owner) : 0;
  // The demo lottery draws itself; AUTO_DRAW=0/1 decides on any data dir (ADR 012).
  const autoDraw = config.autoDraw ?? (demo ? true : undefined);
  if (autoDraw !== undefined) await setAutoDraw(pools.owner, autoDraw);
  const admin = await ensureAdmin(pools, config, firstRun);
  writeFileSync(path.join(config.dataDir, 'initialized'), new Date().toISOString());
  // npm run status, npm run admin and npm run dev read this to reach the running stack.
  const state: StackState = {
    pid: process.pid,
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    databaseUrl: stack.databaseUrl,
    jwtSecretSource: process.env.JWT_SECRET ? 'JWT_SECRET' : jwtSecretFile(config.dataDir),
    lotteryTimezone: config.timezone,
    mailbox: config.mailbox,
  };
  writeStackState(config.dataDir, state);
  printBanner(stack, state, seeded, admin, autoDraw);
}

function printBanner(
  stack: Stack,
  state: StackState,
  seeded: number,
  admin: Awaited<ReturnType<typeof ensureAdmin>>,
  autoDraw: boolean | undefined,
): void {
  const { config } = stack.context;
  const lines = [
    '',
    `  Lotto24 is running at ${stack.url}`,
    '',
    ...describeStack(state),
    `  database          ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}`,
    `  lottery timezone  ${config.timezone}`,
    autoDraw === undefined ? '' : `  automatic draws   ${autoDraw ? 'on' : 'off'}`,
    seeded > 0 ? `  demo data         ${seeded} results seeded` : '',
    '',
    admin.password
      ? `  Sign in as admin at ${stack.url}/auth with\n    email     ${admin.email}\n    password  ${admin.password}\n  (printed once: keep it, or set ADMIN_EMAIL/ADMIN_PASSWORD)`
      : admin.email
        ? `  Sign in as admin at ${stack.url}/auth as ${admin.email}`
        : `  Grant admin to an account with: npm run admin -- grant <email>`,
    '',
    '  Stop with Ctrl+C.',
    '',
  ];
  console.log(lines.filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
