// The REST tests' view of the test stack (tests/utils/stack.ts): the same stack, its clients seen
// without the generated types, since these tests also reach tables and functions they create.
import type { SupabaseClient } from '@supabase/supabase-js';
import { resultRow } from '../utils/draws.ts';
import { startTestStack, type SignedIn, type TestStack } from '../utils/stack.ts';

export type RestUser = Omit<SignedIn, 'client'> & { client: SupabaseClient };

export type RestStack = Omit<TestStack, 'client' | 'createUser' | 'createAdmin'> & {
  client(options?: { key?: string; accessToken?: string }): SupabaseClient;
  createUser(): Promise<RestUser>;
  createAdmin(): Promise<RestUser>;
};

/** A lottery_results row to insert, its draw time at half past `hour`. */
export const row = (date: string, hour: number, prize = '1234') => resultRow(date, hour, prize);

export const startRestStack: () => Promise<RestStack> = () => startTestStack();
