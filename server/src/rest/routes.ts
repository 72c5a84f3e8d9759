import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notSupported, PostgrestError } from '../lib/postgrest/errors.ts';
import { fromPgError } from '../lib/postgrest/pg-errors.ts';
import { planRequest, type Plan, type RestRequest } from '../lib/postgrest/plan.ts';
import { renderResult } from '../lib/postgrest/response.ts';
import type { StackContext } from '../context.ts';
import { Admission } from './admission.ts';
import { createAuthenticator } from './auth.ts';
import { withConnection } from './connection.ts';
import { execute, type RequestSettings } from './execute.ts';
import { PlanCache } from './plan-cache.ts';
import { SchemaStore } from './schema-store.ts';
import { restSettings } from './settings.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'] as const;
/** Errors that a fresher schema cache may cure: a table or function created after the last load. */
const CACHE_MISSES = new Set(['PGRST202', 'PGRST204', 'PGRST205']);
/** Whether the request ran as a role other than anon: PostgREST's 401-or-403 for 42501. */
const authedRequests = new WeakSet<FastifyRequest>();

const CONNECTION_ERROR = /connect|connection|terminat|timeout|ECONN|EPIPE|pool/i;
/** pg-pool's error when its own connectionTimeoutMillis passes: PostgREST's PGRST003. */
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

function sendError(reply: FastifyReply, error: PostgrestError): FastifyReply {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(error.toJSON()));
}

/** Any failure as PostgREST's body: ours, PostgreSQL's (by SQLSTATE), or Fastify's (bad input). */
function toPostgrestError(error: unknown, authed: boolean): PostgrestError {
  if (error instanceof PostgrestError) return error;
  const e = error as Partial<FastifyError> & { code?: string; severity?: string; message?: string };
  if (typeof e.severity === 'string' && typeof e.code === 'string') {
    return fromPgError(error as { code: string; message: string }, authed);
  }
  if (e.message === POOL_TIMEOUT) {
    return new PostgrestError(504, {
      code: 'PGRST003',
      message: 'Timed out acquiring connection from connection pool.',
    });
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new PostgrestError(413, { code: 'PGRST102', message: 'Request body is too large' });
  }
  if (typeof e.statusCode === 'number' && e.statusCode < 500) {
    return new PostgrestError(e.statusCode, {
      code: 'PGRST100',
      message: e.message ?? 'Bad request',
    });
  }
  // node-postgres' own errors (connection lost, pool exhausted): PostgREST's PGRST001, 503.
  if (e.message !== undefined && CONNECTION_ERROR.test(e.message)) {
    return new PostgrestError(503, {
      code: 'PGRST001',
      message: 'Database client error. Retrying the connection.',
    });
  }
  return new PostgrestError(500, { code: 'PGRSTX00', message: 'Internal server error' });
}

const invalidPath = () =>
  new PostgrestError(404, { code: 'PGRST125', message: 'Invalid path specified in request URL' });

/** `<table>` or `rpc/<fn>`, one segment each; anything deeper is not a PostgREST path. */
function resourceOf(path: string): { kind: 'table' | 'rpc'; name: string } | null {
  const parts = path.split('/');
  if (parts.length === 1 && parts[0] !== '') return { kind: 'table', name: parts[0]! };
  if (parts.length === 2 && parts[0] === 'rpc' && parts[1] !== '')
    return { kind: 'rpc', name: parts[1]! };
  return null;
}

function cookies(header: string | undefined): string {
  const out: Record<string, string> = {};
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return JSON.stringify(out);
}

/** Aborts when the client goes away before its answer is sent: its query is then cancelled. */
function hangUp(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The PostgREST API over schema `public`, under /rest/v1. */
export async function restRoutes(app: FastifyInstance, ctx: StackContext): Promise<void> {
  const store = new SchemaStore(ctx.pool);
  await store.load();
  await store.listen();
  ctx.onClose(() => store.close());
  const authenticate = createAuthenticator(ctx.config.jwtSecret);
  const plans = new PlanCache();
  const prefix = app.prefix;
  const settings = restSettings(ctx.pool.options.max ?? 10);
  const admission = new Admission(settings.admission);
  const planOptions = { maxRows: settings.maxRows };

  // Bodies arrive as text: PostgREST's own JSON errors (PGRST102), never Fastify's.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => {
    const rendered = toPostgrestError(error, authedRequests.has(request));
    if (rendered.status >= 500) request.log.error(error);
    return sendError(reply, rendered);
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, invalidPath()));

  async function planFor(req: RestRequest): Promise<Plan> {
    const key = plans.key(req);
    const cached = key === undefined ? undefined : plans.get(key, store.current);
    if (cached) return cached;
    let plan: Plan;
    try {
      plan = planRequest(req, store.current, planOptions);
    } catch (error) {
      if (!(
        error instanceof PostgrestError &&
        CACHE_MISSES.has(error.code) &&
        (await store.reloadAfterMiss())
      ))
        throw error;
      plan = planRequest(req, store.current, planOptions);
    }
    if (key !== undefined) plans.set(key, store.current, plan);
    return plan;
  }

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'table' | 'rpc',
    name: string,
  ) {
    const identity = await authenticate(request.headers, store.current);
    if (identity.authed) authedRequests.add(request);
    const [path = '', query = ''] = request.url.split('?', 2) as [string, string?];
    const req: RestRequest = {
      method: request.method,
      resource: { kind, name },
      query,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : undefined,
    };
    const plan = await planFor(req);
    const { cookie, ...headers } = request.headers;
    const requestSettings: RequestSettings = {
      method: request.method,
      path: path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path,
      headersJson: JSON.stringify(headers),
      cookiesJson: cookies(typeof cookie === 'string' ? cookie : undefined),
    };
    const roleSettings = store.current.roleSettings.get(identity.role) ?? [];
    const { row, inserted } = await withConnection(
      ctx.pool,
      admission,
      plan.lane ?? 'plain',
      hangUp(reply),
      (client) => execute(client, identity, requestSettings, plan, roleSettings),
    );
    const response = renderResult(plan.response, row, inserted);
    reply.code(response.status).headers(response.headers);
    return response.body === undefined ? reply.send() : reply.send(response.body);
  }

  // One wildcard rather than `/:table` and `/rpc/:fn`: a parametric segment longer than Fastify's
  // maxParamLength (100) fails to match and falls through to Fastify's own 414 or the static
  // files' 403, with their bodies; PostgREST answers any name with PGRST205 or PGRST202.
  app.route<{ Params: { '*': string } }>({
    method: [...METHODS],
    url: '/*',
    handler: (request, reply) => {
      const target = resourceOf(request.params['*']);
      if (!target) return sendError(reply, invalidPath());
      return handle(request, reply, target.kind, target.name);
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
