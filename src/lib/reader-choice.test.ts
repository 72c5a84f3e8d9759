import { describe, expect, it } from 'vitest';
import { sessionStorageKey, wantsFullClient, type ReaderSituation } from './reader-choice';

const anonymous: ReaderSituation = {
  fullClientLoaded: false,
  storedSession: null,
  hash: '',
  search: '',
};

describe('sessionStorageKey', () => {
  it('is supabase-js default storage key: the first label of the host', () => {
    expect(sessionStorageKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
    expect(sessionStorageKey('http://127.0.0.1:8080')).toBe('sb-127-auth-token');
    expect(sessionStorageKey('http://localhost:5173/')).toBe('sb-localhost-auth-token');
  });
});

describe('wantsFullClient', () => {
  it('gives an anonymous visitor the reader', () => {
    expect(wantsFullClient(anonymous)).toBe(false);
    expect(wantsFullClient({ ...anonymous, search: '?date=2026-11-20' })).toBe(false);
    expect(wantsFullClient({ ...anonymous, search: '?n=1234', hash: '#top' })).toBe(false);
  });

  it('gives anyone with a stored session the full client, so they read with their JWT', () => {
    expect(wantsFullClient({ ...anonymous, storedSession: '{"access_token":"x"}' })).toBe(true);
  });

  it('keeps the full client once it is loaded (a signed-in admin back on a public page)', () => {
    expect(wantsFullClient({ ...anonymous, fullClientLoaded: true })).toBe(true);
  });

  it('gives the full client to an auth redirect, which supabase-js must read from the address', () => {
    for (const hash of [
      '#access_token=a&type=recovery',
      'error_description=expired',
      '#error_code=otp_expired',
    ]) {
      expect(wantsFullClient({ ...anonymous, hash }), hash).toBe(true);
    }
    expect(wantsFullClient({ ...anonymous, search: '?code=abc' })).toBe(true);
    expect(wantsFullClient({ ...anonymous, search: '?error=access_denied' })).toBe(true);
  });
});
