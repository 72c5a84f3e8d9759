import { createClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/config/env';
import { sessionStorageKey } from './reader-choice';
import { CLIENT_INFO } from './reader-client';

// Which client a public page's query gets (ADR 028). The module keeps the loaded clients, so each
// case imports a fresh copy.
const fresh = async () => {
  vi.resetModules();
  return import('./supabase');
};

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('getReader', () => {
  it('hands an anonymous visitor the reader: no auth, no supabase-js', async () => {
    const { getReader } = await fresh();
    const reader = await getReader();
    expect('auth' in reader).toBe(false);
    expect(typeof reader.from).toBe('function');
    expect(typeof reader.channel).toBe('function');
    expect(await getReader()).toBe(reader);
  });

  it('hands someone with a stored session the full client', async () => {
    localStorage.setItem(sessionStorageKey(config.supabaseUrl), '{"access_token":"x"}');
    const { getReader, getSupabase } = await fresh();
    const reader = await getReader();
    expect(reader).toBe(await getSupabase());
    expect('auth' in reader).toBe(true);
  });

  it('switches to the full client once a page has loaded it (a sign-in)', async () => {
    const { getReader, getSupabase } = await fresh();
    const before = await getReader();
    const full = await getSupabase();
    expect(before).not.toBe(full);
    expect(await getReader()).toBe(full);
  });
});

describe('the reader', () => {
  it('names itself as supabase-js does in a browser', () => {
    const client = createClient('http://127.0.0.1:1', 'key', { auth: { persistSession: false } });
    const { headers } = client as unknown as { headers: Record<string, string> };
    expect(headers['X-Client-Info']).toBe(CLIENT_INFO);
  });
});
