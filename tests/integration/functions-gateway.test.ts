import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type FunctionsHttpError } from '@supabase/supabase-js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readSupabaseToml } from '../../server/src/config.ts';
import { signJwt } from '../../server/src/lib/jwt.ts';
import { functionsRoutes } from '../../server/src/functions/routes.ts';
import { type SignedIn, startTestStack, type TestClient, type TestStack } from '../utils/stack.ts';
import { FORGERY_SECRET, invoke, NAME, post } from '../utils/functions-helpers.ts';

// The functions gateway and runtime around generate-lottery-results: verify_jwt off (as
// supabase/config.toml sets it, ADR 013: the function checks the caller) and on, CORS preflight, unknown functions. Bodies follow the
// Supabase CLI's edge runtime (internal/functions/serve/templates/main.ts) and the hosted relay.

let stack: TestStack;
let admin: SignedIn;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.createAdmin();
});
afterAll(async () => {
  await stack?.stop();
});

describe('gateway and runtime (verify_jwt = false in supabase/config.toml, ADR 013)', () => {
  const url = () => `${stack.url}/functions/v1/${NAME}`;

  it('answers the CORS preflight without a token, as hosted functions do', async () => {
    const response = await fetch(url(), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-client-info, apikey, content-type',
    );
  });

  it('lets every call through to the function, which refuses a missing, forged or expired JWT', async () => {
    const range = { fromDate: '2006-01-01', toDate: '2006-01-01' };
    const missing = await post(url(), { apikey: stack.anonKey });
    expect([missing.status, await missing.json()]).toEqual([
      401,
      { error: 'Missing authorization header' },
    ]);
    const forged = await signJwt(
      { role: 'authenticated', sub: admin.userId, email: admin.email },
      FORGERY_SECRET,
      3600,
    );
    const expired = await signJwt(
      { role: 'authenticated', sub: admin.userId, exp: 1_700_000_000 },
      stack.context.config.jwtSecret,
    );
    for (const token of [forged, expired, stack.anonKey]) {
      expect(await invoke(stack.client({ accessToken: token }), range)).toEqual({
        status: 401,
        body: { error: 'Sign in as an admin to generate results' },
      });
    }
    const user = await stack.createUser();
    expect(await invoke(user.client, range)).toEqual({
      status: 403,
      body: { error: 'Only admins can generate results' },
    });
    const { rowCount } = await stack.pool.query(
      `select 1 from lottery_results where draw_date = '2006-01-01'`,
    );
    expect(rowCount).toBe(0);
  });

  it('an unknown function is 404', async () => {
    const { error } = await admin.client.functions.invoke('no-such-function', { body: {} });
    const response = (error as FunctionsHttpError).context as Response;
    expect([response.status, await response.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', message: 'Requested function was not found' },
    ]);
  });
});

describe('verify_jwt = true', () => {
  // The same plugin on its own server, reading a config.toml that turns the gateway check on.
  let open: FastifyInstance;
  let openUrl: string;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lotto24-functions-'));
    writeFileSync(path.join(dir, 'config.toml'), `[functions.${NAME}]\nverify_jwt = true\n`);
    open = Fastify({ bodyLimit: 1024 * 1024 });
    await open.register(
      (scope) =>
        functionsRoutes(scope, stack.context, {
          project: readSupabaseToml(path.join(dir, 'config.toml')),
        }),
      { prefix: '/functions/v1' },
    );
    openUrl = await open.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await open?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const clientWith = (token: string) =>
    createClient(openUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    }) as TestClient;

  it('refuses a missing, forged or expired JWT before the function runs', async () => {
    const missing = await post(`${openUrl}/functions/v1/${NAME}`, { apikey: stack.anonKey });
    expect([missing.status, await missing.json()]).toEqual([
      401,
      { code: 401, message: 'Missing authorization header' },
    ]);
    const forged = await signJwt(
      { role: 'authenticated', sub: admin.userId, email: admin.email },
      FORGERY_SECRET,
      3600,
    );
    const expired = await signJwt(
      { role: 'authenticated', sub: admin.userId, exp: 1_700_000_000 },
      stack.context.config.jwtSecret,
    );
    for (const token of [forged, expired, 'garbage']) {
      const response = await post(`${openUrl}/functions/v1/${NAME}`, {
        Authorization: `Bearer ${token}`,
      });
      expect([response.status, await response.json()]).toEqual([
        401,
        { code: 401, message: 'Invalid JWT' },
      ]);
    }
    const viaClient = await invoke(clientWith(forged), {
      fromDate: '2006-01-01',
      toDate: '2006-01-01',
    });
    expect(viaClient).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
  });

  it('admits a valid JWT, and the function decides', async () => {
    const range = { fromDate: '2007-02-01', toDate: '2007-02-01' };
    expect(await invoke(clientWith(admin.accessToken), range)).toEqual({
      status: 200,
      body: { created: 24, skipped: 0, ...range },
    });
  });
});
