import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { resolveConfig, type StackConfig } from './config.ts';
import type { StackContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { grantCaptureToRealtime } from './realtime/capture-grants.ts';
import { apiKeyGate } from './gateway/api-key.ts';
import { trustFunction } from './gateway/client-address.ts';
import { noStoreFor } from './gateway/cache-control.ts';
import { apiCors } from './gateway/cors.ts';
import { installChangeCapture } from './realtime/capture.ts';
import { startScheduler } from './cron/scheduler.ts';
import { authRoutes } from './auth/routes.ts';
import { frameworkErrors } from './gateway/framework-errors.ts';
import { functionsRoutes } from './functions/routes.ts';
import { MailStore } from './lib/mail-store.ts';
import { mailboxRoutes } from './mailbox/routes.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { staticRoutes } from './static/routes.ts';

export interface Stack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  databaseUrl: string;
  context: StackContext;
  stop(): Promise<void>;
}

/**
 * Project API keys are JWTs signed with the project's secret, like Supabase's anon and
 * service_role keys. Fixed iat/exp make them the same on every start for the same secret.
 */
async function projectKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return new SignJWT({ iss: 'lotto24', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(1_735_689_600)
    .setExpirationTime(2_051_222_400)
    .sign(new TextEncoder().encode(secret));
}

function registerApis(app: FastifyInstance, context: StackContext): void {
  const gate = apiKeyGate(() => [context.keys.anon, context.keys.serviceRole]);
  const apis = [
    ['/auth/v1', authRoutes, true],
    ['/rest/v1', restRoutes, true],
    ['/realtime/v1', realtimeRoutes, true],
    // Functions answer CORS themselves and are guarded by `verify_jwt`, not by the key check.
    ['/functions/v1', functionsRoutes, false],
  ] as const;
  for (const [prefix, routes, gateway] of apis) {
    void app.register(
      async (scope) => {
        if (gateway) {
          scope.addHook('onRequest', apiCors);
          scope.addHook('onRequest', gate);
          scope.addHook(
            'onRequest',
            noStoreFor(prefix, () => context.keys.anon),
          );
        }
        await routes(scope, context);
      },
      { prefix },
    );
  }
}

/** Starts PostgreSQL (or connects to DATABASE_URL), migrates it, and serves every API. */
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
    // The capture's event trigger needs the superuser; the realtime role then reads the capture.
    const admin = new pg.Pool({ connectionString: database.adminUrl, max: 1 });
    try {
      await installChangeCapture(admin);
      await grantCaptureToRealtime(admin);
    } finally {
      await admin.end();
    }
    const context: StackContext = {
      pools: database.pools,
      databaseUrl: database.urls.owner,
      config,
      apiUrl: '',
      keys: {
        anon: await projectKey('anon', config.jwtSecret),
        serviceRole: await projectKey('service_role', config.jwtSecret),
      },
      mail: config.mailbox ? new MailStore() : new MailStore(0), // off: no mail is kept (ADR 019)
      onClose: (fn) => void closers.push(fn),
    };
    const app = Fastify({
      logger: false,
      bodyLimit: 1024 * 1024,
      forceCloseConnections: true,
      trustProxy: trustFunction(config.trustProxy), // one rule with the per-IP limits (ADR 019)
      frameworkErrors,
    });
    registerApis(app, context);
    // pg_cron's stand-in: runs cron.job (the automatic draws, ADR 012); stopped before the pools.
    const scheduler = startScheduler({ pool: context.pools.owner });
    closers.push(() => scheduler.stop());
    // The local mail catcher (Inbucket's place under `supabase start`); no API key, loopback only.
    void app.register(async (scope) => mailboxRoutes(scope, context), { prefix: '/mailbox' });
    if (config.distDir) await app.register(staticRoutes, { context });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    context.apiUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;

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
