// Shared by tests/security: one stack per file, the four callers the access matrix is about, and
// raw HTTP for what supabase-js never sends (HEAD counts, Range and profile headers).
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { StackConfig } from '../../server/src/config.ts';
import { resultRow } from '../utils/draws.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

/** `admin_aal1`: an admin signed in with the password only, as a stolen password would (ADR 025). */
export const ROLES = ['anon', 'user', 'admin_aal1', 'admin', 'service'] as const;
export type Role = (typeof ROLES)[number];

export interface Caller {
  role: Role;
  /** Untyped: the matrix reaches every table by name. */
  client: SupabaseClient;
  /** The apikey header and the Bearer token a browser or script would send. */
  apikey: string;
  bearer: string;
  userId: string | null;
  email: string | null;
}

export interface SecurityStack {
  stack: TestStack;
  callers: Record<Role, Caller>;
  stop(): Promise<void>;
}

/**
 * A stack whose lottery runs on UTC-12 (Etc/GMT+12): a draw of the last UTC hour is already past
 * in UTC but still 11 hours away on the lottery's clock, so a policy that forgot the timezone
 * would leak it.
 */
export const LOTTERY_TIMEZONE = 'Etc/GMT+12';

export async function startSecurityStack(
  overrides: Partial<StackConfig> = {},
): Promise<SecurityStack> {
  const stack = await startTestStack({ timezone: LOTTERY_TIMEZONE, ...overrides });
  const [user, admin, aal1] = await Promise.all([
    stack.createUser(),
    stack.createAdmin(),
    stack.createAdmin(undefined, undefined, { aal: 'aal1' }),
  ]);
  const callers: Record<Role, Caller> = {
    anon: caller('anon', stack.client(), stack.anonKey, stack.anonKey),
    user: {
      ...caller('user', user.client, stack.anonKey, user.accessToken),
      userId: user.userId,
      email: user.email,
    },
    admin_aal1: {
      ...caller('admin_aal1', aal1.client, stack.anonKey, aal1.accessToken),
      userId: aal1.userId,
      email: aal1.email,
    },
    admin: {
      ...caller('admin', admin.client, stack.anonKey, admin.accessToken),
      userId: admin.userId,
      email: admin.email,
    },
    service: caller(
      'service',
      stack.client({ key: stack.serviceRoleKey }),
      stack.serviceRoleKey,
      stack.serviceRoleKey,
    ),
  };
  return { stack, callers, stop: () => stack.stop() };
}

function caller(role: Role, client: SupabaseClient, apikey: string, bearer: string): Caller {
  return { role, client, apikey, bearer, userId: null, email: null };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** A raw request as `who`, with the headers supabase-js would add. */
export async function http(
  stack: TestStack,
  who: Caller,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${stack.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: who.apikey,
      authorization: `Bearer ${who.bearer}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body,
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** PostgREST's status for a privilege error: 401 for anon (sign in), 403 for everyone else. */
export const deniedStatus = (role: Role) => (role === 'anon' ? 401 : 403);

let slot = 0;
/** A free draw slot: published ones in 2001, scheduled ones in 2099 (each call a new hour). */
export function freeDraw(published: boolean) {
  const n = slot++;
  const day = new Date(Date.UTC(published ? 2001 : 2099, 0, 1 + Math.floor(n / 24)));
  return resultRow(
    day.toISOString().slice(0, 10),
    n % 24,
    String(1000 + (n % 9000)).padStart(4, '0'),
  );
}

/** Inserts a result as the database owner and returns its id. */
export async function seedResult(
  stack: TestStack,
  row: ReturnType<typeof freeDraw>,
): Promise<string> {
  const { rows } = await stack.pool.query<{ id: string }>(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     values ($1, $2, $3, $4) returning id`,
    [row.draw_date, row.draw_hour, row.draw_time, row.first_prize],
  );
  return rows[0]!.id;
}

export const uniqueEmail = () => `sec-${randomUUID()}@example.com`;
