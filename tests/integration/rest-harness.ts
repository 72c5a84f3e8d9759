// The stack the REST tests run against: the lead's startTestStack() (the whole stack on a fresh
// migrated database), with the few extras these tests need: the superuser pool to arrange data
// and the JWT secret to mint tokens a client could forge or let expire.
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { startTestStack } from '../utils/stack.ts';

export interface RestUser {
  client: SupabaseClient;
  userId: string;
  email: string;
  accessToken: string;
}

export interface RestStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Superuser: arranges rows as the owner would (seed, migrations), bypassing the API. */
  pool: pg.Pool;
  client(options?: { key?: string; accessToken?: string }): SupabaseClient;
  createUser(): Promise<RestUser>;
  createAdmin(): Promise<RestUser>;
  stop(): Promise<void>;
}

/** A lottery_results row to insert, its draw time at half past `hour`. */
export const row = (date: string, hour: number, prize = '1234') => ({
  draw_date: date,
  draw_hour: hour,
  draw_time: `${String(hour).padStart(2, '0')}:30:00`,
  first_prize: prize,
});

/** Untyped clients: these tests also reach tables they create themselves. */
const loose = (client: unknown) => client as SupabaseClient;

export async function startRestStack(): Promise<RestStack> {
  const stack = await startTestStack();
  const asUser = (user: Awaited<ReturnType<typeof stack.createUser>>): RestUser => ({
    client: loose(user.client),
    userId: user.userId,
    email: user.email,
    accessToken: user.accessToken,
  });
  return {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    jwtSecret: stack.context.config.jwtSecret,
    pool: stack.pool,
    client: (options) => loose(stack.client(options)),
    createUser: async () => asUser(await stack.createUser()),
    createAdmin: async () => asUser(await stack.createAdmin()),
    stop: () => stack.stop(),
  };
}
