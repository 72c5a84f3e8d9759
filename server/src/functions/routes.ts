import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { importTypeScript } from '../build-mode.ts';
import { supabaseDir, type SupabaseToml } from '../config.ts';
import type { StackContext } from '../context.ts';
import { verifyGatewayJwt } from './gateway.ts';
import { discoverFunctions, type FunctionEntry } from './registry.ts';
import { sendWebResponse, toWebRequest } from './web.ts';

type Handler = (req: Request) => Promise<Response>;
type CreateHandler = (
  env: Record<string, string | undefined>,
  options?: { realtime?: unknown },
) => Handler;

export interface FunctionsOptions {
  /** Defaults to supabase/functions. */
  functionsDir?: string;
  /** Another project's config.toml (`[functions.<name>]`: verify_jwt, enabled); the stack's by default. */
  project?: SupabaseToml;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Errors the functions runtime itself answers, with the hosted/CLI bodies (supabase/cli
 * internal/functions/serve/templates/main.ts): unknown function 404, boot failure 503, a handler
 * that throws 500. The CORS origin header lets a browser on another origin (Vite) read them.
 */
function runtimeError(
  reply: FastifyReply,
  status: number,
  code: string | number,
  message: string,
): FastifyReply {
  return reply.code(status).header('Access-Control-Allow-Origin', '*').send({ code, message });
}

function functionName(path: string): string {
  const segment = path.replace(/^\//, '').split(/[/?]/, 1)[0]!;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Serves supabase/functions/<name>/handler.ts under /functions/v1/<name>, as the edge runtime would. */
export async function functionsRoutes(
  app: FastifyInstance,
  ctx: StackContext,
  options: FunctionsOptions = {},
): Promise<void> {
  const functions = discoverFunctions(
    options.functionsDir ?? path.join(supabaseDir, 'functions'),
    (options.project ?? ctx.config.project).functions,
  );
  // One handler per function and stack, built on first use: ctx.apiUrl is known only after listen.
  const handlers = new Map<string, Promise<Handler>>();

  function handlerFor(entry: FunctionEntry): Promise<Handler> {
    let handler = handlers.get(entry.name);
    if (!handler) {
      handler = (async () => {
        const module = (await importTypeScript(entry.handlerPath, import.meta.url)) as {
          createHandler?: CreateHandler;
        };
        if (typeof module.createHandler !== 'function')
          throw new Error(`${entry.handlerPath} exports no createHandler`);
        // What hosted functions find in Deno.env; the stack's own environment stays private.
        const env: Record<string, string | undefined> = {
          SUPABASE_URL: ctx.apiUrl,
          SUPABASE_ANON_KEY: ctx.keys.anon,
          SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRole,
          SUPABASE_DB_URL: ctx.databaseUrl,
          // Hosted functions get it as a secret (`supabase secrets set SITE_URL=…`); results-feed links to it.
          SITE_URL: ctx.config.siteUrl,
          // draw-beacon fetches local rounds from this stack's own beacon unless told otherwise.
          BEACON_LOCAL_URL: `${ctx.apiUrl}/beacon`,
          ...ctx.config.beaconFunctionEnv,
        };
        // Node 20 has no global WebSocket, which supabase-js needs to construct a client; imported
        // with the first function, not at the worker's start (ADR 031).
        const { default: WebSocket } = await import('ws');
        return module.createHandler(env, { realtime: { transport: WebSocket } });
      })();
      // A failed boot is retried on the next request rather than cached.
      handler.catch(() => handlers.delete(entry.name));
      handlers.set(entry.name, handler);
    }
    return handler;
  }

  // Functions read their bodies themselves, so every body stays raw bytes, whatever its type.
  // Fastify refuses a malformed Content-Type (415) before any parser runs; hiding the header from
  // it routes every body to the catch-all parser, and toWebRequest copies the raw headers anyway.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request) => {
    delete request.headers['content-type'];
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return runtimeError(
      reply,
      status,
      status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
      error.message,
    );
  });
  app.setNotFoundHandler((_request, reply) =>
    runtimeError(reply, 404, 'NOT_FOUND', 'Requested function was not found'),
  );

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    // The first raw segment, as the edge runtime's main.ts takes it: `%2F` does not split it.
    const name = functionName(request.url.slice(app.prefix.length));
    const entry = functions.get(name);
    if (!entry) return runtimeError(reply, 404, 'NOT_FOUND', 'Requested function was not found');
    // The gateway checks the JWT before the function runs, except on preflights (browsers send none).
    if (entry.verifyJwt && request.method !== 'OPTIONS') {
      const refusal = await verifyGatewayJwt(request.headers.authorization, ctx.config.jwtSecret);
      if (refusal) return runtimeError(reply, 401, 401, refusal);
    }
    let handler: Handler;
    try {
      handler = await handlerFor(entry);
    } catch (error) {
      console.error(`functions: ${entry.name} failed to boot`, error);
      return runtimeError(reply, 503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)');
    }
    // The edge runtime hands the function its path without the /functions/v1 prefix.
    const url = new URL(
      request.url.slice(app.prefix.length) || '/',
      ctx.apiUrl || 'http://localhost',
    );
    let response: Response;
    try {
      response = await handler(toWebRequest(request, url));
    } catch (error) {
      console.error(`functions: ${entry.name} threw`, error);
      return runtimeError(
        reply,
        500,
        'WORKER_ERROR',
        'Function exited due to an error (please check logs)',
      );
    }
    await sendWebResponse(reply, response, request.method === 'HEAD');
    return reply;
  }

  // A wildcard, not `/:name`: a name past Fastify's maxParamLength (100) would otherwise get
  // Fastify's own 414 body instead of the runtime's 404.
  app.route({ method: [...METHODS], url: '/*', handler: serve });
}
