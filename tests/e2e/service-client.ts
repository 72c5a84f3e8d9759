import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { readStackState } from '../../server/src/stack-state.ts';
import type { Database } from '../../src/lib/database.types.ts';

/** The e2e stack's data dir (playwright.config.ts), wiped each time the stack starts. */
export function stackDataDir(): string {
  return path.resolve(`.tmp/e2e-data-${Number(process.env.E2E_PORT ?? 4173)}`);
}

function stackKeys() {
  const state = readStackState(stackDataDir());
  if (!state) throw new Error('The e2e stack is not running');
  return state;
}

/** supabase-js with the service_role key the e2e stack wrote into its data dir. */
export function serviceClient(baseURL: string) {
  return createClient<Database>(baseURL, stackKeys().serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** supabase-js as a visitor's browser holds it (anon key), without storage: one per account. */
export function anonClient(baseURL: string) {
  return createClient<Database>(baseURL, stackKeys().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A confirmed account of the test's own with the admin role, as the operator would grant it. */
export async function newAdminAccount(baseURL: string, local: string) {
  const service = serviceClient(baseURL);
  const email = `${local}@lotto24.test`;
  const password = `old-${randomUUID()}`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw error;
  const granted = await service
    .from('user_roles')
    .insert({ user_id: data.user!.id, role: 'admin' });
  if (granted.error) throw granted.error;
  return { email, password };
}
