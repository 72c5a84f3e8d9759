import { describe, expect, it } from 'vitest';
import { parseConfig } from './env';

const origin = 'http://127.0.0.1:8080';

describe('parseConfig', () => {
  it('talks to the origin with the key and timezone the stack injected', () => {
    const config = parseConfig(
      {
        supabaseAnonKey: 'anon',
        lotteryTimezone: 'Asia/Bangkok',
        siteUrl: 'https://lotto.example/',
      },
      {},
      origin,
    );
    expect(config).toEqual({
      supabaseUrl: origin,
      supabaseAnonKey: 'anon',
      lotteryTimezone: 'Asia/Bangkok',
      siteName: 'Lotto24',
      siteUrl: 'https://lotto.example',
    });
  });

  it('uses a build that names its backend, and its site name and URL', () => {
    const config = parseConfig(
      { supabaseAnonKey: 'injected' },
      {
        VITE_SUPABASE_URL: 'https://abc.supabase.co/',
        VITE_SUPABASE_ANON_KEY: 'built',
        VITE_SITE_NAME: 'Lucky Hour',
        VITE_SITE_URL: 'https://lucky.example',
      },
      origin,
    );
    expect(config.supabaseUrl).toBe('https://abc.supabase.co');
    expect(config.supabaseAnonKey).toBe('built');
    expect(config.siteName).toBe('Lucky Hour');
    expect(config.siteUrl).toBe('https://lucky.example');
  });

  it('leaves the timezone to the database when none (or a bogus one) is given', () => {
    expect(parseConfig(undefined, {}, origin).lotteryTimezone).toBeNull();
    expect(parseConfig({ lotteryTimezone: 'Mars/Olympus' }, {}, origin).lotteryTimezone).toBeNull();
    expect(parseConfig(undefined, {}, origin).siteUrl).toBe(origin);
  });
});
