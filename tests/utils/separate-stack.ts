// A test's stack in a process of its own, started as `npm start` starts it (stack-process.ts),
// for tests that time an honest visitor against an attack with large answers. In-process
// (startTestStack), the stack shares the vitest worker's event loop with the attacker's client
// parsing those answers, so a busy machine shows up as the test's own contention rather than the
// stack's (the visitor itself reads from its own thread, visitor-probe.ts); hosted Supabase and
// `npm start` run the services apart from clients.
import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startStackProcess, type StackProcess } from './stack-process.ts';
import { enrolTotp } from './totp.ts';

const admin = { email: 'separate-admin@example.com', password: 'separate-admin-password' };

export interface SeparateStack extends StackProcess {
  /** The database as `postgres`, its owner (not a superuser, as on hosted Supabase). */
  pool: pg.Pool;
  /**
   * An access token of the ADMIN_EMAIL account at aal2, with a TOTP factor enrolled and verified
   * now: once per stack (a second enrolment would need aal2 first).
   */
  adminAccessToken(): Promise<string>;
}

/**
 * As startTestStack configures its stack: a fresh data dir, a free port, no demo data (so no
 * automatic draws and no beacon chain), no draw-beacon calls, the lottery on UTC; plus a known
 * admin, which `npm start` ensures at start. `stop()` also removes the data dir.
 */
export async function startSeparateStack(): Promise<SeparateStack> {
  const stack = await startStackProcess({
    port: 0,
    env: {
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOTTERY_TIMEZONE: 'UTC',
      BEACON_TICK_MS: '0',
    },
  });
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 5 });
  pool.on('error', () => undefined);

  // One sign-in and one verification: within the stack's default auth rate limits.
  const adminAccessToken = async () => {
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const { error } = await client.auth.signInWithPassword(admin);
    if (error) throw error;
    return (await enrolTotp(client)).session.access_token;
  };

  return {
    ...stack,
    pool,
    adminAccessToken,
    stop: async (options) => {
      await pool.end();
      await stack.stop(options);
    },
  };
}
