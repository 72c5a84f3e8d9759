// The local stack as `npm start` runs it (`tsx server/src/main.ts`), in a child process so the
// benchmark's load generator or browser driver never shares the stack's event loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export const benchAdmin = { email: 'bench-admin@lotto24.test', password: 'bench-admin-password' };

export interface BenchStack {
  url: string;
  anonKey: string;
  stop(): Promise<void>;
}

/** Starts the stack on `port` over a fresh data dir, no demo data, with the bench admin. */
export async function startBenchStack(port: number, timeZone: string): Promise<BenchStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-bench-'));
  // tsx runs this script, so our execArgv carries its loader: the child runs TypeScript too.
  const child = spawn(process.execPath, [...process.execArgv, 'server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOTTERY_TIMEZONE: timeZone,
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
      JWT_SECRET: '',
      DATABASE_URL: '',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The banner follows the state file, which holds the URL and the anon key.
    await new Promise<void>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (text) => {
        if (text.includes('Lotto24 is running at')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the stack exited with ${code}`)));
    });
    const state = JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as {
      url: string;
      anonKey: string;
    };
    return { url: state.url, anonKey: state.anonKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** supabase-js in Node, signed in as the bench admin (the admin's writes go through REST). */
export async function signInAdmin(stack: BenchStack): Promise<SupabaseClient> {
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await client.auth.signInWithPassword(benchAdmin);
  if (error) throw error;
  return client;
}
