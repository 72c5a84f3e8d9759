// The stack for the browser and rush benches: `server/src/main.ts` in a child process (the one
// launcher, tests/utils/stack-process.ts), over a fresh data dir with no demo data, a known admin and a chosen zone.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startStackProcess, type StackProcess } from '../../tests/utils/stack-process.ts';

export const benchAdmin = { email: 'bench-admin@lotto24.test', password: 'bench-admin-password' };

export type BenchStack = StackProcess;

export function startBenchStack(port: number, timeZone: string): Promise<BenchStack> {
  return startStackProcess({
    port,
    echo: true,
    env: {
      SEED_DEMO: 'false',
      LOTTERY_TIMEZONE: timeZone,
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
    },
  });
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
