import { FunctionsHttpError, type FunctionInvokeOptions } from '@supabase/supabase-js';
import type { TestClient } from './stack.ts';

// Shared by functions*.test.ts: invoking generate-lottery-results through supabase-js.

export const NAME = 'generate-lottery-results';
/** Long enough for HS256, but not the stack's secret: tokens signed with it are forgeries. */
export const FORGERY_SECRET = 'not-the-project-secret-but-long-enough!!';

export interface Answer {
  status: number;
  body: unknown;
}

/** Invokes the function and returns status and JSON body, for successes and HTTP errors alike. */
export async function invoke(
  client: TestClient,
  body?: FunctionInvokeOptions['body'],
  options: FunctionInvokeOptions = {},
): Promise<Answer> {
  const { data, error } = await client.functions.invoke(NAME, { ...options, body });
  if (!error) return { status: 200, body: data };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: await response.json() };
}

/** Every result in [from, to], as an admin reads it (admins see unpublished rows too). */
export async function rowsBetween(admin: TestClient, from: string, to: string) {
  const { data, error } = await admin
    .from('lottery_results')
    .select('id, draw_date, draw_hour, draw_time, first_prize, created_by')
    .gte('draw_date', from)
    .lte('draw_date', to)
    .order('draw_date')
    .order('draw_hour');
  if (error) throw error;
  return data;
}

/** A raw POST, for what supabase-js never sends (no Authorization header). */
export const post = (url: string, headers: Record<string, string> = {}, body = '{}') =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
