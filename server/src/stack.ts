import { createApp } from './app.ts';
import { prepareCapture, projectKeys } from './project-setup.ts';
import { resolveConfig, type StackConfig } from './config.ts';
import type { StackContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { startBeaconCaller } from './cron/beacon-caller.ts';
import { startScheduler } from './cron/scheduler.ts';
import { mailStoreFor } from './mail/mail-store.ts';
import { WriteSignal } from './lib/write-signal.ts';
import { registerServices, SERVICE_GROUPS } from './services.ts';

export interface Stack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  databaseUrl: string;
  context: StackContext;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL (or connects to DATABASE_URL), migrates it, and serves every API and the
 * scheduler in this one process: the API tests' stack (fast to start, `context.pools` at hand).
 * `npm start` composes the same services per worker instead (server/src/supervisor/, ADR 017).
 */
export async function startStack(overrides: Partial<StackConfig> = {}): Promise<Stack> {
  const config = resolveConfig(overrides);
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    timezone: config.timezone,
  });
  const closers: Array<() => Promise<void> | void> = [];
  for (const warning of database.warnings) console.warn(`lotto24: ${warning}`);
  try {
    await prepareCapture(database.adminUrl);
    const context: StackContext = {
      pools: database.pools,
      databaseUrl: database.urls.owner,
      config,
      apiUrl: '',
      keys: await projectKeys(config.jwtSecret),
      mail: mailStoreFor(config.mailbox),
      writes: new WriteSignal(),
      onClose: (fn) => void closers.push(fn),
    };
    const app = createApp(config);
    await registerServices(app, context, SERVICE_GROUPS);
    // pg_cron's stand-in: runs cron.job (the automatic draws, ADR 012); stopped before the pools.
    const scheduler = startScheduler({ pool: context.pools.owner });
    closers.push(() => scheduler.stop());
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    context.apiUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    // pg_cron + pg_net's call of draw-beacon on hosted Supabase (ADR 023); stopped first.
    const beacon = startBeaconCaller({
      apiUrl: context.apiUrl,
      serviceRoleKey: context.keys.serviceRole,
      periodMs: config.beaconTickMs,
    });
    closers.push(() => beacon.stop());

    let stopped: Promise<void> | undefined;
    return {
      url: context.apiUrl,
      anonKey: context.keys.anon,
      serviceRoleKey: context.keys.serviceRole,
      databaseUrl: context.databaseUrl,
      context,
      stop: () =>
        (stopped ??= (async () => {
          for (const close of closers.reverse()) await close();
          await app.close();
          await database.stop();
        })()),
    };
  } catch (error) {
    for (const close of closers.reverse()) await close();
    await database.stop();
    throw error;
  }
}
