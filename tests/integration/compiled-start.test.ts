// The compiled server `npm start` runs (ADR 031): built as scripts/build-server.ts builds it, run
// with plain `node` (no tsx anywhere in its processes), it starts, serves the app and REST, and
// still serves the edge functions from supabase/functions, whose TypeScript loads on first use.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../scripts/build-server.ts';
import { repoRoot } from '../../server/src/config.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import { workerPid } from '../utils/stack-workers.ts';

// Inside the repository, so the bundle's bare imports find node_modules; not server/dist, which
// a running `npm start` of this checkout may be using.
const outDir = path.join(repoRoot, '.tmp', `server-dist-test-${process.pid}`);
let stack: StackProcess;

// Node 20 has no global WebSocket, which supabase-js needs to construct a client.
const client = () =>
  createClient<Database>(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

beforeAll(async () => {
  await buildServer(outDir);
  stack = await startStackProcess({ port: 0, compiled: path.join(outDir, 'main.js') });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

describe('the compiled server', () => {
  it('runs as plain node: the supervisor and its workers load no TypeScript loader', () => {
    const groups = ['http', 'realtime', 'cron'] as const;
    const workers = groups.map((group) => workerPid(stack, group));
    expect(workers).not.toContain(undefined);
    for (const pid of [stack.child.pid!, ...workers.map(Number)])
      expect(commandLine(pid).join(' ')).not.toMatch(/tsx/);
    expect(commandLine(workers[0]!)).toContain(path.join(outDir, 'worker.js'));
  });

  it("takes pg's Node sockets as they are: no Cloudflare probe that loads undici at start", () => {
    const bundle = readdirSync(outDir).filter((file) => file.endsWith('.js'));
    const probing = bundle.filter((file) =>
      readFileSync(path.join(outDir, file), 'utf8').includes('isCloudflareRuntime'),
    );
    expect(bundle.length).toBeGreaterThan(0);
    expect(probing).toEqual([]);
  });

  it('serves the built app and REST through supabase-js', async () => {
    const page = await fetch(`${stack.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const supabase = client();
    const { data, error } = await supabase.from('lottery_results').select('id').limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it('serves an edge function from supabase/functions (its TypeScript loaded on first use)', async () => {
    const supabase = client();
    const { data, error } = await supabase.functions.invoke<string>('results-feed', {
      method: 'GET',
    });
    expect(error).toBeNull();
    expect(String(data)).toContain('<rss');
  }, 60_000); // tsx's loader and the function's modules load now, on a busy machine slowly
});

describe('the compiled server, its other services', () => {
  it('answers sign-in through supabase-js (auth, its password hashing)', async () => {
    const { error } = await client().auth.signInWithPassword({
      email: 'nobody@lotto24.test',
      password: 'not-the-password',
    });
    expect(error?.code).toBe('invalid_credentials');
  });

  it('subscribes a live channel through supabase-js (realtime)', async () => {
    const supabase = client();
    const status = await new Promise<string>((resolve) => {
      supabase
        .channel('compiled-start')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'lottery_results' },
          () => {},
        )
        .subscribe((state) => {
          if (state !== 'CLOSED') resolve(state);
        });
    });
    await supabase.removeAllChannels();
    expect(status).toBe('SUBSCRIBED');
  });
});
