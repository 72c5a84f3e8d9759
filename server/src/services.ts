import type { FastifyInstance } from 'fastify';
import type { StackContext } from './context.ts';
import type { LoginRole } from './db/roles.ts';
import { apiKeyGate } from './gateway/api-key.ts';
import { noStoreFor } from './gateway/cache-control.ts';
import { apiCors } from './gateway/cors.ts';
import { forwardTo } from './gateway/forward.ts';

/**
 * The one table of which plugin serves which prefix, and in which group of processes (ADR 017).
 * `npm start` runs each group in a worker of its own and routes each new connection by the
 * prefixes below; tests compose every group in one process. `cron` serves no HTTP: its worker
 * runs the scheduler (server/src/cron/). `functions` (the edge runtime's place, ADR 032) takes
 * no connections: `http` forwards it each request under its prefix (`reachedThrough`), because
 * a browser keeps one connection for REST and functions alike.
 */
export type ServiceGroup = 'http' | 'realtime' | 'functions' | 'cron';
export const SERVICE_GROUPS: readonly ServiceGroup[] = ['http', 'realtime', 'functions', 'cron'];

type Routes = (app: FastifyInstance, ctx: StackContext) => Promise<void>;

interface Service {
  prefix: string;
  group: ServiceGroup;
  /**
   * Imported when a process registers it: the supervisor (which only routes by prefix) and the
   * other groups' workers never load a service's modules, which a start would wait for (ADR 031).
   */
  routes: () => Promise<Routes>;
  /** Behind the gateway (CORS, API key, no-store), as Kong fronts these on hosted Supabase. */
  gateway: boolean;
  /** The group whose connections carry this service's requests, forwarded to its own worker. */
  reachedThrough?: ServiceGroup;
}

const SERVICES: readonly Service[] = [
  {
    prefix: '/auth/v1',
    group: 'http',
    routes: async () => (await import('./auth/routes.ts')).authRoutes,
    gateway: true,
  },
  {
    prefix: '/rest/v1',
    group: 'http',
    routes: async () => (await import('./rest/routes.ts')).restRoutes,
    gateway: true,
  },
  {
    prefix: '/realtime/v1',
    group: 'realtime',
    routes: async () => (await import('./realtime/routes.ts')).realtimeRoutes,
    gateway: true,
  },
  // Functions answer CORS themselves and are guarded by `verify_jwt`, not by the key check.
  {
    prefix: '/functions/v1',
    group: 'functions',
    routes: async () => (await import('./functions/routes.ts')).functionsRoutes,
    gateway: false,
    reachedThrough: 'http',
  },
  // The local mail catcher (Inbucket's place under `supabase start`); no API key, loopback only.
  {
    prefix: '/mailbox',
    group: 'http',
    routes: async () => (await import('./mailbox/routes.ts')).mailboxRoutes,
    gateway: false,
  },
  // The local test beacon, drand's public HTTP API shape (ADR 023): no API key, like drand's relays.
  {
    prefix: '/beacon',
    group: 'http',
    routes: async () => (await import('./beacon/routes.ts')).beaconRoutes,
    gateway: false,
  },
];

/** Which database logins each group opens a pool for (ADR 010); the others stay closed. */
export const GROUP_POOLS: Readonly<Record<ServiceGroup, readonly LoginRole[]>> = {
  http: ['rest', 'auth'],
  realtime: ['realtime'],
  // Functions reach the database as hosted ones do: through the API, with the keys they are given.
  functions: [],
  cron: ['owner'],
};

/** Everything not under another group's prefix (the app's pages above all) is `http`'s. */
const FALLBACK: ServiceGroup = 'http';

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/** The group whose worker takes a connection that begins with this target (`/rest/v1/x?y`). */
export function groupForPath(target: string): ServiceGroup {
  for (const service of SERVICES) {
    const owner = service.reachedThrough ?? service.group;
    if (owner !== FALLBACK && under(target, service.prefix)) return owner;
  }
  return FALLBACK;
}

/**
 * Registers the plugins of `groups` on `app`: all of them in one process, or one worker's. A
 * worker also forwards what it carries for another group to that group's socket in `sockets`.
 */
export async function registerServices(
  app: FastifyInstance,
  context: StackContext,
  groups: readonly ServiceGroup[],
  sockets: Partial<Record<ServiceGroup, string>> = {},
): Promise<void> {
  const gate = apiKeyGate(() => [context.keys.anon, context.keys.serviceRole]);
  for (const { prefix, group, reachedThrough } of SERVICES) {
    const socketPath = sockets[group];
    if (!groups.includes(group) && reachedThrough && groups.includes(reachedThrough) && socketPath)
      void app.register(forwardTo, { prefix, socketPath });
  }
  const loaded = await loadServices(groups);
  for (const [{ prefix, gateway }, routes] of loaded) {
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
  if (groups.includes(FALLBACK) && context.config.distDir) {
    const { staticRoutes } = await import('./static/routes.ts');
    await app.register(staticRoutes, { context });
  }
}

/**
 * The route modules of `groups`, imported at once: a worker calls it as soon as it is forked,
 * so its modules load while PostgreSQL starts rather than after (ADR 031).
 */
export async function loadServices(
  groups: readonly ServiceGroup[],
): Promise<Array<[Service, Routes]>> {
  const chosen = SERVICES.filter((service) => groups.includes(service.group));
  const loads: Array<Promise<unknown>> = chosen.map((service) => service.routes());
  if (groups.includes(FALLBACK)) loads.push(import('./static/routes.ts'));
  const routes = await Promise.all(loads);
  return chosen.map((service, index) => [service, routes[index] as Routes]);
}
