import { isAuthApiError } from '@supabase/supabase-js';
import { expect } from 'vitest';

/** supabase-js got GoTrue's JSON error (an AuthApiError) with this status and code. */
export function expectAuthApiError(error: unknown, status: number, code: string): void {
  expect(isAuthApiError(error), String(error)).toBe(true);
  expect(error).toMatchObject({ status, code });
}
