// The supervisor's port while the stack starts (ADR 017): the workers start while the demo seed
// and the admin account are put in place, so one may be ready before the data it serves. A
// launcher polling the port (Playwright's webServer, a health check) must see "starting" until
// that data is there, never an empty answer.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { projectKeys } from '../../server/src/project-setup.ts';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import { allow } from '../utils/load-factor.ts';

const admin = { email: 'gate-admin@lotto24.test', password: 'gate-admin-password-1' };
let stack: StackProcess | undefined;

afterAll(async () => {
  await stack?.stop();
}, allow(60_000));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One REST read as anon: its status and body, or null while nothing listens. */
async function poll(
  port: number,
  anonKey: string,
): Promise<{ status: number; body: string } | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/rest/v1/lottery_results?limit=1`, {
      headers: { apikey: anonKey },
      signal: AbortSignal.timeout(5_000),
    });
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

describe('the port while the stack starts', () => {
  it(
    'answers 503 "starting" until the seeded data and the admin are in place',
    async () => {
      const port = await freePort();
      // Its keys known beforehand, so the poll reads as anon from the first answer on.
      const secret = randomBytes(32).toString('hex');
      const { anon } = await projectKeys(secret);
      let ready = false;
      const starting = startStackProcess({
        port,
        env: {
          JWT_SECRET: secret,
          SEED_DEMO: 'true',
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
        },
      }).then((started) => {
        ready = true;
        return started;
      });
      const seen: Array<{ status: number; body: string }> = [];
      while (!ready) {
        const answer = await poll(port, anon);
        // An answer that arrives after the banner is not a start-time answer.
        if (answer && !ready) seen.push(answer);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      stack = await starting;

      // The port opens once the data is in place and every worker is ready, just before the banner.
      expect(seen.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
      for (const answer of seen) {
        if (answer.status === 503) expect(answer.body).toContain('Lotto24 is starting');
        else {
          expect(answer, answer.body).toMatchObject({ status: 200 });
          expect(JSON.parse(answer.body)).toHaveLength(1);
        }
      }
      // Node 20 has no global WebSocket, which supabase-js needs to construct a client.
      const client = createClient(stack.url, stack.anonKey, {
        auth: { persistSession: false },
        realtime: { transport: WebSocket as never },
      });
      const { data, error } = await client.from('lottery_results').select('id').limit(1);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      const signIn = await client.auth.signInWithPassword(admin);
      expect(signIn.error).toBeNull();
    },
    allow(180_000),
  );
});
