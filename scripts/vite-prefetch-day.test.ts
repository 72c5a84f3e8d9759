import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { prefetchScript } from './vite-prefetch-day.ts';

interface Day {
  date: string;
  readAt?: number;
  rows: unknown;
}

/** Runs index.html's inline script as a browser would, at `href`, and returns what it left. */
function run(
  href: string,
  {
    env = {},
    config,
    served,
    now = '2026-11-26T09:00:00Z',
  }: {
    env?: Record<string, string>;
    config?: Record<string, string>;
    served?: string;
    now?: string;
  } = {},
) {
  const url = new URL(href);
  const fetched: { url: string; headers: Record<string, string> }[] = [];
  let formatters = 0;
  const window: { __LOTTO24_CONFIG__?: unknown; __LOTTO24_DAY__?: Day } = {
    __LOTTO24_CONFIG__: config,
  };
  const RealDate = Date;
  runInNewContext(prefetchScript(env), {
    window,
    location: { pathname: url.pathname, search: url.search, origin: url.origin },
    document: {
      getElementById: (id: string) =>
        id === 'lotto24-results' && served !== undefined ? { textContent: served } : null,
    },
    URLSearchParams,
    Intl: {
      DateTimeFormat: class extends Intl.DateTimeFormat {
        constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          super(...args);
          formatters += 1;
        }
      },
    },
    JSON,
    Date: class extends RealDate {
      constructor() {
        super(now);
      }
    },
    fetch: (requestUrl: string, init: { headers: Record<string, string> }) => {
      fetched.push({ url: requestUrl, headers: init.headers });
      return Promise.resolve({ ok: true, json: () => Promise.resolve([{ id: 'row' }]) });
    },
  });
  return { day: window.__LOTTO24_DAY__, fetched, formatters };
}

const stack = { supabaseAnonKey: 'anon-key', lotteryTimezone: 'Asia/Bangkok' };
const hosted = {
  VITE_SUPABASE_URL: 'https://project.supabase.co/',
  VITE_SUPABASE_ANON_KEY: 'hosted-key',
  VITE_LOTTERY_TIMEZONE: 'Asia/Bangkok',
};
const read = (date: string) =>
  `/rest/v1/lottery_results?select=*&draw_date=eq.${date}&order=draw_hour.desc`;

describe("index.html's early read of the day", () => {
  it('hands over the rows the stack served, and reads nothing', () => {
    const served = '{"date":"2026-11-26","readAt":5,"rows":[{"id":"a"}]}';
    const { day, fetched } = run('http://stack.test/', { config: stack, served });
    expect(day).toEqual({ date: '2026-11-26', readAt: 5, rows: [{ id: 'a' }] });
    expect(fetched).toEqual([]);
  });

  it("starts Today's read on the lottery's clock where nothing was served", async () => {
    // 09:00 UTC is 16:00 in Bangkok; 20:00 UTC is already the next day there.
    const { day, fetched } = run('http://stack.test/th/', {
      config: stack,
      now: '2026-11-26T20:00:00Z',
    });
    expect(fetched).toEqual([
      {
        url: `http://stack.test${read('2026-11-27')}`,
        headers: { apikey: 'anon-key', authorization: 'Bearer anon-key' },
      },
    ]);
    expect(day?.date).toBe('2026-11-27');
    expect(await day?.rows).toEqual([{ id: 'row' }]);
  });

  it("reads History's day, a draw page's day, and a hosted build's project", () => {
    expect(run('https://site.test/history?date=2026-11-20', { env: hosted }).fetched[0]).toEqual({
      url: `https://project.supabase.co${read('2026-11-20')}`,
      headers: { apikey: 'hosted-key', authorization: 'Bearer hosted-key' },
    });
    expect(run('https://site.test/vi/draw/2026-11-23/7', { env: hosted }).day?.date).toBe(
      '2026-11-23',
    );
  });

  it('reads today for a future or malformed History date, and nothing for other pages', () => {
    for (const date of ['2026-12-01', 'garbage', "2026-11-20'&select=secret", ''])
      expect(
        run(`https://site.test/history?date=${encodeURIComponent(date)}`, { env: hosted }).day
          ?.date,
      ).toBe('2026-11-26');
    for (const path of ['/grid', '/check?n=1', '/draw/2026-12-01/7', '/draw/x/1', '/admin'])
      expect(run(`https://site.test${path}`, { env: hosted }).fetched).toEqual([]);
  });

  // A first Intl.DateTimeFormat with a time zone starts ICU: 70-200 ms of a phone's main thread
  // (4x CPU throttle). The app pays it in its first render on every page (src/config/env.ts);
  // paid here, it runs while the main chunk downloads instead.
  it('starts ICU in the lottery zone on every page that knows the zone, served rows or not', () => {
    for (const path of ['/grid', '/th/check?n=1', '/stats', '/admin', '/no-such-page'])
      expect(run(`https://site.test${path}`, { env: hosted }).formatters).toBe(1);
    expect(
      run('http://stack.test/', {
        config: { supabaseAnonKey: 'k', lotteryTimezone: 'Asia/Bangkok' },
        served: JSON.stringify({ date: '2026-11-26', readAt: 1, rows: [] }),
      }).formatters,
    ).toBe(1);
    expect(
      run('https://site.test/grid', { env: { VITE_SUPABASE_URL: 'https://p.test' } }).formatters,
    ).toBe(0);
  });

  it('survives a zone this browser does not know', () => {
    const { day, fetched } = run('https://site.test/', {
      env: { ...hosted, VITE_LOTTERY_TIMEZONE: 'Mars/Olympus_Mons' },
    });
    expect(day).toBeUndefined();
    expect(fetched).toEqual([]);
  });

  it('does nothing without a key or a lottery timezone', () => {
    expect(
      run('https://site.test/', { env: { VITE_SUPABASE_URL: 'https://p.test' } }).fetched,
    ).toEqual([]);
    expect(run('http://stack.test/', { config: { supabaseAnonKey: 'k' } }).fetched).toEqual([]);
  });

  it('writes no value that could close its element', () => {
    const code = prefetchScript({ VITE_SUPABASE_ANON_KEY: '</script><script>alert(1)//' });
    expect(code).not.toContain('</script>');
  });
});
