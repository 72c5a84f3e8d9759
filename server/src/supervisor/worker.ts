// One group of the stack's services in a process of its own (ADR 017), forked by the supervisor
// (server/src/supervisor/run.ts) as `worker.ts <group>`; everything else arrives over IPC.
import { rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { StackContext } from '../context.ts';
import { createPools } from '../db/pools.ts';
import { mailStoreFor } from '../mail/mail-store.ts';
import { WriteSignal } from '../lib/write-signal.ts';
import { GROUP_POOLS, loadServices, registerServices, type ServiceGroup } from '../services.ts';
import { acceptConnection, misdirected, upgradeElsewhere } from './handoff.ts';
import type { InitMessage, ToWorker } from './messages.ts';
import { registerTestHooks, testHooksEnabled } from './test-hooks.ts';

/** Once the supervisor is gone, a worker finishes what it can in this long, then exits. */
const ORPHAN_EXIT_MS = 3_000;

/**
 * The group's modules, imported as soon as the worker is forked (its group is its argument): the
 * supervisor forks workers before PostgreSQL is up, so this overlaps the database's start and the
 * init message finds them loaded (ADR 031). `cron` loads no HTTP server at all.
 */
function loadGroup(group: ServiceGroup) {
  if (group === 'cron')
    return Promise.all([import('../cron/scheduler.ts'), import('../cron/beacon-caller.ts')]).then(
      ([scheduler, beacon]) => ({ ...scheduler, ...beacon, createApp: undefined }),
    );
  return Promise.all([import('../app.ts'), loadServices([group])]).then(([app]) => ({
    ...app,
    startScheduler: undefined,
    startBeaconCaller: undefined,
  }));
}

const loading = loadGroup(process.argv[2] as ServiceGroup);
// A failed import is reported when init awaits it; never as an unhandled rejection before.
loading.catch(() => undefined);

async function serveGroup(init: InitMessage): Promise<() => Promise<void>> {
  const { group, config } = init;
  const { createApp, startScheduler, startBeaconCaller } = await loading;
  const pools = await createPools(init.urls, GROUP_POOLS[group]);
  const closers: Array<() => Promise<void> | void> = [];
  const context: StackContext = {
    pools,
    databaseUrl: init.databaseUrl,
    config,
    apiUrl: init.apiUrl,
    keys: init.keys,
    mail: mailStoreFor(config.mailbox),
    writes: new WriteSignal(),
    onClose: (fn) => void closers.push(fn),
  };
  let app: FastifyInstance | undefined;
  if (startScheduler && startBeaconCaller) {
    // pg_cron's stand-in with its own small owner pool: no HTTP to slow it down (ADR 012, 017).
    const scheduler = startScheduler({ pool: pools.owner });
    closers.push(() => scheduler.stop());
    // pg_cron + pg_net's call of draw-beacon on hosted Supabase (ADR 023).
    const beacon = startBeaconCaller({
      apiUrl: init.apiUrl,
      serviceRoleKey: init.keys.serviceRole,
      periodMs: config.beaconTickMs,
    });
    closers.push(() => beacon.stop());
  } else if (createApp && group === 'functions') {
    // Reached only through the http worker's forwarding (services.ts): it listens on a socket file.
    app = createApp(config);
    await registerServices(app, context, [group]);
    if (testHooksEnabled()) registerTestHooks(app, group);
    const socketPath = init.sockets.functions!;
    rmSync(socketPath, { force: true }); // the socket file of the worker this one replaces
    await app.listen({ path: socketPath });
  } else if (createApp) {
    app = createApp(config);
    app.addHook('onRequest', misdirected(group));
    if (group === 'http') app.server.on('upgrade', upgradeElsewhere(group));
    await registerServices(app, context, [group], init.sockets);
    if (testHooksEnabled()) registerTestHooks(app, group);
    await app.ready();
    // The server never listens (the supervisor does); this starts Node's checks of request and
    // header timeouts on kept-alive connections, which it otherwise starts on 'listening'.
    app.server.emit('listening');
    const server = app.server;
    process.on('message', (message: ToWorker, handle?: unknown) => {
      if (message.type === 'connection' && handle)
        acceptConnection(server, message, handle as Socket);
    });
  }
  return async () => {
    for (const close of closers.reverse()) await close();
    if (app) {
      app.server.closeAllConnections();
      await app.close();
    }
    await pools.end();
  };
}

function main(): void {
  // Ctrl+C reaches the whole process group; the supervisor stops the workers in order.
  process.on('SIGINT', () => undefined);
  let stop: (() => Promise<void>) | undefined;
  let stopping = false;
  const exit = async (code: number) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(code), ORPHAN_EXIT_MS).unref();
    await stop?.().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGTERM', () => void exit(0));
  // The supervisor died or let go: never linger on its port's behalf.
  process.on('disconnect', () => void exit(0));
  process.on('message', (message: ToWorker) => {
    if (message.type === 'ping') process.send?.({ type: 'pong' });
    if (message.type === 'stop') void exit(0);
    if (message.type !== 'init') return;
    serveGroup(message).then(
      (stopGroup) => {
        stop = stopGroup;
        process.send?.({ type: 'ready' });
      },
      (error: unknown) => {
        console.error(`lotto24 ${message.group} worker: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  });
}

main();
