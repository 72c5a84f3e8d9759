import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../src/lib/database.types.ts';
import type { StackConfig } from '../../server/src/config.ts';
import { startStack, type Stack } from '../../server/src/stack.ts';
import { createTestDatabase } from './database.ts';
import { enrolTotp } from './totp.ts';

export type TestClient = SupabaseClient<Database>;

export interface TestStack extends Stack {
  pool: Stack['context']['pools']['rest'];
  /** The project's JWT secret, to mint tokens a client could forge or let expire. */
  jwtSecret: string;
  /** A supabase-js client as the app builds it, but with no storage and no timers. */
  client(options?: { key?: string; accessToken?: string }): TestClient;
  /** Signs up a new account (no role) and returns its signed-in client. */
  createUser(email?: string, password?: string): Promise<SignedIn>;
  /**
   * Signs up a new account, grants it admin (as the operator would) and signs it in with a
   * TOTP factor enrolled and verified, at aal2 as every admin change demands (ADR 025);
   * `{ aal: 'aal1' }` stops after the password, as a stolen password would.
   */
  createAdmin(
    email?: string,
    password?: string,
    options?: { aal?: 'aal1' | 'aal2' },
  ): Promise<SignedIn>;
}

export interface SignedIn {
  client: TestClient;
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  /** The verified TOTP factor of an admin created at aal2, and its base32 secret. */
  factor?: { id: string; secret: string };
}

/** A stack on a free port over a fresh migrated database; `stop()` drops both. */
export async function startTestStack(overrides: Partial<StackConfig> = {}): Promise<TestStack> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-stack-'));
  const stack = await startStack({
    port: 0,
    dataDir,
    databaseUrl: database.url,
    jwtSecret: randomBytes(32).toString('hex'),
    seedDemo: false,
    distDir: null,
    // Tests sign many users up from one address; the limits have tests of their own.
    rateLimits: { windowSeconds: 300, perIp: 10_000, perEmail: 10_000, mfaPerMinute: 10_000 },
    // The stack's draw-beacon calls: only in the suites that test them.
    beaconTickMs: 0,
    ...overrides,
  });

  const client: TestStack['client'] = (options = {}) =>
    createClient<Database>(stack.url, options.key ?? stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: options.accessToken
        ? { headers: { Authorization: `Bearer ${options.accessToken}` } }
        : undefined,
    });

  const createUser: TestStack['createUser'] = async (
    email = `user-${randomUUID()}@example.com`,
    password = `pw-${randomUUID()}`,
  ) => {
    const signedIn = client();
    const { data, error } = await signedIn.auth.signUp({ email, password });
    if (error) throw error;
    if (!data.session || !data.user) throw new Error('sign-up returned no session');
    return {
      client: signedIn,
      email,
      password,
      userId: data.user.id,
      accessToken: data.session.access_token,
    };
  };

  const createAdmin: TestStack['createAdmin'] = async (email, password, options = {}) => {
    const user = await createUser(email, password);
    await database.pool.query(
      `insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`,
      [user.userId],
    );
    if (options.aal === 'aal1') return user;
    const { factor, session } = await enrolTotp(user.client);
    return { ...user, accessToken: session.access_token, factor };
  };

  return {
    ...stack,
    pool: database.pool,
    jwtSecret: stack.context.config.jwtSecret,
    client,
    createUser,
    createAdmin,
    stop: async () => {
      await stack.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
