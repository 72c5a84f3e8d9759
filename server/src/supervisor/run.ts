import { rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtSecretFile } from '../config.ts';
import { SERVICE_GROUPS, type ServiceGroup } from '../services.ts';
import { removeStackState, writeStackState, type StackState } from '../stack-state.ts';
import { printBanner } from './banner.ts';
import type * as Setup from './prepare.ts';
import { createRouter } from './router.ts';
import { WorkerSlot } from './worker-slot.ts';

const log = (line: string) => console.error(`lotto24: ${line}`);

/**
 * `npm start` (ADR 017): prepares the database, owns the one port, and runs each group of
 * services (http, realtime, functions, cron) in a worker process of its own, restarting any that
 * dies.
 */
export async function runSupervisor(): Promise<void> {
  const slots = new Map<ServiceGroup, WorkerSlot>();
  const router = createRouter(slots);
  let apiUrl = '';
  let prepared: Setup.Prepared | undefined;
  let setup: typeof Setup;
  const onReroute = (bytes: Buffer, socket: Socket) => router.dispatch(bytes, socket);
  // Short (a socket path has ~100 bytes), private to this user's temp folder, one per supervisor.
  const sockets = { functions: path.join(tmpdir(), `lotto24-${process.pid}-functions.sock`) };
  for (const group of SERVICE_GROUPS)
    slots.set(
      group,
      new WorkerSlot(group, {
        init: () => {
          const { config, database, keys } = prepared!;
          const urls = database.urls;
          return {
            type: 'init',
            group,
            config,
            urls,
            databaseUrl: urls.owner,
            apiUrl,
            keys,
            sockets,
          };
        },
        onReroute,
        log,
      }),
    );
  // The workers load their modules while PostgreSQL starts and the schema is checked (ADR 031).
  for (const slot of slots.values()) slot.fork();
  try {
    // Loaded after the forks: the workers boot on the other core while this process loads
    // PostgreSQL's client and starter, which nothing before the forks needs.
    setup = await import('./prepare.ts');
    prepared = await setup.prepare();
  } catch (error) {
    await Promise.all([...slots.values()].map((slot) => slot.stop()));
    throw error;
  }
  const { config, database, keys } = prepared;

  let stopping: Promise<void> | undefined;
  const stop = (code: number) =>
    (stopping ??= (async () => {
      removeStackState(config.dataDir);
      router.server.close();
      await Promise.all([...slots.values()].map((slot) => slot.stop()));
      rmSync(sockets.functions, { force: true });
      await database.stop();
      process.exit(code);
    })());
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  let settled: Setup.Settled;
  try {
    await new Promise<void>((resolve, reject) => {
      router.server.once('error', reject);
      router.server.listen(config.port, config.host, () => resolve());
    });
    const address = router.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    apiUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    // The workers start while the data is put in place; the cron worker, which draws, once
    // auto_draw and the beacon switch are set. The router answers 503 until all of it is done.
    const start = (group: ServiceGroup) => slots.get(group)!.start();
    const http = start('http');
    const data = setup.settle(prepared, http);
    [settled] = await Promise.all([
      data,
      http,
      start('realtime'),
      start('functions'),
      data.then(() => start('cron')),
    ]);
  } catch (error) {
    await Promise.all([...slots.values()].map((slot) => slot.stop()));
    await database.stop();
    throw error;
  }
  router.open();
  // npm run status, npm run admin and npm run dev read this to reach the running stack.
  const state: StackState = {
    pid: process.pid,
    url: apiUrl,
    anonKey: keys.anon,
    serviceRoleKey: keys.serviceRole,
    databaseUrl: database.urls.owner,
    jwtSecretSource: process.env.JWT_SECRET ? 'JWT_SECRET' : jwtSecretFile(config.dataDir),
    lotteryTimezone: config.timezone,
    mailbox: config.mailbox,
  };
  writeStackState(config.dataDir, state);
  printBanner({ ...prepared, ...settled }, state);
}
