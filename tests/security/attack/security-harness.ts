// Shared pieces of the security tests: the four API callers, raw REST requests (for the headers
// supabase-js never sends) and tokens edited the way an attacker would edit them.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from '../../utils/stack.ts';

export const ROLES = ['anon', 'user', 'admin', 'service'] as const;
export type Role = (typeof ROLES)[number];

/** Untyped: the matrix reaches every table by name, including ones added after this file. */
export type LooseClient = SupabaseClient;

export interface Callers {
  clients: Record<Role, LooseClient>;
  /** The Authorization bearer each caller sends (the anon key for anon). */
  tokens: Record<Role, string>;
  userId: string;
  adminId: string;
}

export async function callers(stack: TestStack): Promise<Callers> {
  const [user, admin] = await Promise.all([stack.createUser(), stack.createAdmin()]);
  const loose = (client: unknown) => client as LooseClient;
  return {
    clients: {
      anon: loose(stack.client()),
      user: loose(stack.client({ accessToken: user.accessToken })),
      admin: loose(stack.client({ accessToken: admin.accessToken })),
      service: loose(stack.client({ key: stack.serviceRoleKey })),
    },
    tokens: {
      anon: stack.anonKey,
      user: user.accessToken,
      admin: admin.accessToken,
      service: stack.serviceRoleKey,
    },
    userId: user.userId,
    adminId: admin.userId,
  };
}

/** A lottery_results row whose draw time is half past `hour` (the check constraint's rule). */
export const resultRow = (date: string, hour: number, prize = '1234') => ({
  draw_date: date,
  draw_hour: hour,
  draw_time: `${String(hour).padStart(2, '0')}:30:00`,
  first_prize: prize,
});

/** Inserts a result as the owner (as the seed or an operator would) and returns its id. */
export async function insertResult(
  stack: TestStack,
  date: string,
  hour: number,
  prize = '1234',
): Promise<string> {
  const { rows } = await stack.pool.query<{ id: string }>(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     values ($1, $2, $3, $4) returning id`,
    [date, hour, `${String(hour).padStart(2, '0')}:30:00`, prize],
  );
  return rows[0]!.id;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A request straight to the stack, for what supabase-js cannot express. */
export async function raw(
  stack: TestStack,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const response = await fetch(`${stack.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { apikey: stack.anonKey, ...init.headers },
    body: init.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the test asserts on the text.
  }
  return { status: response.status, headers: response.headers, body };
}

const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const claimsOf = (token: string) => decode(token.split('.')[1]!);

/** The token with its payload edited and the original signature kept (a forgery). */
export function tamper(token: string, patch: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  return `${header}.${encode({ ...decode(payload!), ...patch })}.${signature}`;
}

/** The token's claims, unsigned: `alg: none` with an empty signature. */
export function unsigned(token: string, patch: Record<string, unknown> = {}): string {
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claimsOf(token), ...patch })}.`;
}
