import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSupabaseToml, type StackConfig } from '../config.ts';
import { signJwt } from '../lib/jwt.ts';
import { MailStore } from '../mail/mail-store.ts';
import { WriteSignal } from '../lib/write-signal.ts';
import type { StackContext } from '../context.ts';
import { functionsRoutes } from './routes.ts';

// The runtime adapter on its own, with fixture functions: request and response conversion,
// the gateway, and the runtime's own errors. The real function runs in tests/integration.

const secret = 'a-functions-routes-test-secret-of-32-chars';
const root = mkdtempSync(path.join(tmpdir(), 'lotto24-fn-routes-'));
const ECHO = `export function createHandler(env, options) {
  return async (req) => {
    const url = new URL(req.url);
    if (url.pathname.endsWith('/throw')) throw new Error('a function bug');
    const bytes = Array.from(new Uint8Array(await req.arrayBuffer()));
    const headers = new Headers({ 'content-type': 'application/json', 'x-echo': 'yes' });
    headers.append('set-cookie', 'a=1');
    headers.append('set-cookie', 'b=2');
    const echo = { method: req.method, path: url.pathname + url.search, env, bytes,
      transport: typeof options?.realtime?.transport, multi: req.headers.get('x-multi'),
      type: req.headers.get('content-type') };
    return new Response(req.method === 'HEAD' ? null : JSON.stringify(echo), { status: 201, headers });
  };
}
`;

function fixture(name: string, source: string): void {
  mkdirSync(path.join(root, 'functions', name), { recursive: true });
  writeFileSync(path.join(root, 'functions', name, 'handler.ts'), source);
}

let app: FastifyInstance;
beforeAll(async () => {
  fixture('echo', ECHO);
  fixture('open', ECHO);
  fixture('broken', 'export const nothing = 1;\n');
  writeFileSync(path.join(root, 'config.toml'), '[functions.open]\nverify_jwt = false\n');
  const ctx = {
    pools: undefined as never,
    databaseUrl: 'postgres://unused',
    config: { jwtSecret: secret } as StackConfig,
    apiUrl: 'http://127.0.0.1:54321',
    keys: { anon: 'anon-key', serviceRole: 'service-key' },
    mail: new MailStore(),
    writes: new WriteSignal(),
    onClose: () => undefined,
  } satisfies StackContext;
  app = Fastify({ bodyLimit: 1024 });
  await app.register(
    (scope) =>
      functionsRoutes(scope, ctx, {
        functionsDir: path.join(root, 'functions'),
        project: readSupabaseToml(path.join(root, 'config.toml')),
      }),
    {
      prefix: '/functions/v1',
    },
  );
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const auth = async () => ({ authorization: `Bearer ${await signJwt({ role: 'anon' }, secret)}` });

describe('functionsRoutes', () => {
  it('hands the function a WHATWG Request with raw body bytes, headers and its own path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/functions/v1/echo/sub?x=1',
      headers: {
        ...(await auth()),
        'content-type': 'application/octet-stream',
        'x-multi': ['a', 'b'],
      },
      payload: Buffer.from([0, 255, 10]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-echo']).toBe('yes');
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(res.json()).toEqual({
      method: 'POST',
      path: '/echo/sub?x=1',
      env: {
        SUPABASE_URL: 'http://127.0.0.1:54321',
        SUPABASE_ANON_KEY: 'anon-key',
        SUPABASE_DB_URL: 'postgres://unused',
        SUPABASE_SERVICE_ROLE_KEY: 'service-key',
        // draw-beacon's local rounds: this stack's own beacon (ADR 023).
        BEACON_LOCAL_URL: 'http://127.0.0.1:54321/beacon',
      },
      bytes: [0, 255, 10],
      transport: 'function',
      multi: 'a, b',
      type: 'application/octet-stream',
    });
  });

  it('passes bodies of any type (or none) through unparsed', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/functions/v1/open',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(json.json()).toMatchObject({
      bytes: [...Buffer.from('{bad')],
      type: 'application/json',
    });
    const none = await app.inject({
      method: 'POST',
      url: '/functions/v1/open',
      payload: 'plain',
      headers: { 'content-type': '' },
    });
    expect(none.json()).toMatchObject({ bytes: [...Buffer.from('plain')] });
    const empty = await app.inject({ method: 'GET', url: '/functions/v1/open' });
    expect(empty.json()).toMatchObject({ method: 'GET', bytes: [] });
    const head = await app.inject({ method: 'HEAD', url: '/functions/v1/open' });
    expect([head.statusCode, head.body]).toEqual([201, '']);
  });

  it('verify_jwt: 401 before the function runs, except on preflights and when turned off', async () => {
    const missing = await app.inject({ method: 'POST', url: '/functions/v1/echo' });
    expect([missing.statusCode, missing.json()]).toEqual([
      401,
      { code: 401, message: 'Missing authorization header' },
    ]);
    const forged = await app.inject({
      method: 'POST',
      url: '/functions/v1/echo',
      headers: { authorization: `Bearer ${await signJwt({ role: 'anon' }, 'x'.repeat(40))}` },
    });
    expect([forged.statusCode, forged.json()]).toEqual([
      401,
      { code: 401, message: 'Invalid JWT' },
    ]);
    expect((await app.inject({ method: 'OPTIONS', url: '/functions/v1/echo' })).statusCode).toBe(
      201,
    );
    expect((await app.inject({ method: 'POST', url: '/functions/v1/open' })).statusCode).toBe(201);
  });

  it('answers the runtime errors: unknown function, boot failure, function bug, body too large', async () => {
    // The runtime logs boot failures and bugs for the operator; expected here, so kept quiet.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const headers = await auth();
    for (const url of [
      '/functions/v1/nope',
      '/functions/v1/_shared',
      '/functions/v1/..%2Fecho',
      '/functions/v1/',
    ]) {
      const res = await app.inject({ method: 'POST', url, headers });
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { code: 'NOT_FOUND', message: 'Requested function was not found' },
      ]);
    }
    const broken = await app.inject({ method: 'POST', url: '/functions/v1/broken', headers });
    expect([broken.statusCode, broken.json().code]).toEqual([503, 'BOOT_ERROR']);
    const bug = await app.inject({ method: 'POST', url: '/functions/v1/echo/throw', headers });
    expect([bug.statusCode, bug.json().code]).toEqual([500, 'WORKER_ERROR']);
    const big = await app.inject({
      method: 'POST',
      url: '/functions/v1/open',
      payload: 'x'.repeat(2048),
      headers: { 'content-type': 'text/plain' },
    });
    expect([big.statusCode, big.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
});
