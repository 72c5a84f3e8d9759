import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  invalidResourcePath,
  notSupported,
  type PostgrestError,
} from '../lib/postgrest/response/errors.ts';
import { CODINGS, preferredCoding } from '../lib/accept-encoding.ts';
import { toPostgrestError } from '../lib/postgrest/response/pg-errors.ts';
import { renderResult } from '../lib/postgrest/response/render.ts';
import type { StackContext } from '../context.ts';
import { Admission } from './admission.ts';
import { createAuthenticator, type Identity } from './auth.ts';
import { COMPRESS_FROM_BYTES, compressBody } from './compress.ts';
import { withConnection } from './connection.ts';
import { execute } from './execute.ts';
import { createPlanner } from './planner.ts';
import { requestSettings, resourceOf, restRequest, type Resource } from './request.ts';
import { SchemaStore } from './schema-store.ts';
import { restSettings } from './settings.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who a REST request runs as, once its token verified; null before that (and outside the
     * REST API). The error handler reads it: PostgREST answers 42501 with 403 when authed, else 401.
     */
    restIdentity: Identity | null;
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'] as const;

function sendError(reply: FastifyReply, error: PostgrestError): FastifyReply {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(error.toJSON()));
}

/** Aborts when the client goes away before its answer is sent: its query is then cancelled. */
function hangUp(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The PostgREST API over schema `public`, under /rest/v1: authenticate → plan → execute → render. */
export async function restRoutes(app: FastifyInstance, ctx: StackContext): Promise<void> {
  const store = new SchemaStore(ctx.pools.rest);
  await store.load();
  await store.listen();
  ctx.onClose(() => store.close());
  const authenticate = createAuthenticator(ctx.config.jwtSecret);
  const settings = restSettings(ctx.pools.rest.options.max ?? 10, ctx.config.project);
  const plan = createPlanner(store, { maxRows: settings.maxRows });
  const admission = new Admission(settings.admission);
  const prefix = app.prefix;

  app.decorateRequest('restIdentity', null);
  // Bodies arrive as text: PostgREST's own JSON errors (PGRST102), never Fastify's.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => {
    const rendered = toPostgrestError(error, request.restIdentity?.authed ?? false);
    if (rendered.status >= 500) request.log.error(error);
    return sendError(reply, rendered);
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, invalidResourcePath()));

  async function handle(request: FastifyRequest, reply: FastifyReply, resource: Resource) {
    const identity = await authenticate(request.headers, store.current);
    request.restIdentity = identity;
    const planned = await plan(restRequest(request, resource));
    const roleSettings = store.current.roleSettings.get(identity.role) ?? [];
    const executed = await withConnection(
      ctx.pools.rest,
      admission,
      planned.lane ?? 'plain',
      hangUp(reply),
      (client) =>
        execute(client, identity, requestSettings(request, prefix), planned, roleSettings),
    );
    // Committed: what this process keeps of the data is stale now (lib/write-signal.ts). Only a
    // write that changed rows, or a volatile function POSTed (which may have), says so: an
    // anonymous DELETE that row-level security filters to nothing must not let a stranger empty
    // the served pages' caches at will.
    if (!planned.readOnly && (resource.kind === 'rpc' || Number(executed.row.page_total) > 0))
      ctx.writes.written();
    const response = renderResult(
      planned.response,
      executed.row,
      executed.inserted,
      executed.planned,
    );
    reply.code(response.status).headers(response.headers);
    if (response.body === undefined) return reply.send();
    if (Buffer.byteLength(response.body) < COMPRESS_FROM_BYTES) return reply.send(response.body);
    // Compressed for a client that asks (a browser always does), as hosted Supabase's edge sends
    // them: a week's grid is 9.9 KB of JSON, 0.9 KB as brotli. By hand, because PostgREST's
    // `Content-Range` counts rows, and @fastify/compress takes the header for a byte range (206).
    const vary = reply.getHeader('Vary'); // `Origin`, from CORS (gateway/cors.ts)
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const coding = preferredCoding(request.headers['accept-encoding'], CODINGS);
    if (!coding) return reply.send(response.body);
    reply.header('Content-Encoding', coding);
    return reply.send(await compressBody(response.body, coding));
  }

  // One wildcard rather than `/:table` and `/rpc/:fn`: a parametric segment longer than Fastify's
  // maxParamLength (100) fails to match and falls through to Fastify's own 414 or the static
  // files' 403, with their bodies; PostgREST answers any name with PGRST205 or PGRST202.
  app.route<{ Params: { '*': string } }>({
    method: [...METHODS],
    url: '/*',
    handler: (request, reply) => {
      const resource = resourceOf(request.params['*']);
      if (!resource) return sendError(reply, invalidResourcePath());
      return handle(request, reply, resource);
    },
  });
  // The root serves PostgREST's OpenAPI description; supabase-js never asks for it.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    handler: () => {
      throw notSupported('The OpenAPI description at the API root');
    },
  });
}
