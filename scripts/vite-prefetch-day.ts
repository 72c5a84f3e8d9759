import { loadEnv, type Plugin } from 'vite';
import { DEFAULT_LOCALE, LOCALES } from '../src/shared/i18n/locales.ts';

/**
 * The day's read, started by index.html itself while the main chunk downloads (ADR 029): a
 * static deploy on hosted Supabase has no server to put the rows in the page, and the app's own
 * read would otherwise wait for the main chunk, the first paint and supabase-js. The stack's
 * pages carry their rows (`#lotto24-results`, server/src/static/served-results.ts): this script
 * hands those to the app instead (`window.__LOTTO24_DAY__`), and reads nothing.
 *
 * It reads what the app's first read would (src/lib/results/api/get-results-by-date.ts
 * takes it, once, for the same day): Today's, History's `?date=` (a date up to today; anything
 * else is today's), or a draw page's day, as anon. Without an anon key or a known lottery
 * timezone (a build that leaves the zone to `lottery_settings`) it does nothing.
 *
 * On every page with a known zone it first starts ICU in that zone (a formatter it throws away):
 * the app's first render needs it (src/config/env.ts, the lottery clock), and here its cost falls
 * while the main chunk is still on the network rather than in the task that paints.
 */
export function prefetchScript(env: Record<string, string | undefined>): string {
  const buildUrl = env.VITE_SUPABASE_URL?.trim() ?? '';
  const buildKey = env.VITE_SUPABASE_ANON_KEY?.trim() ?? '';
  const buildZone = env.VITE_LOTTERY_TIMEZONE?.trim() ?? '';
  const js = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  const prefixes = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join('|');
  // Plain ES2017 without modules: it runs before any of the app's code, in every browser the app
  // supports. Values are JSON-encoded (and `<` escaped) so none can close the element.
  const code = `(function () {
  var w = window, c = w.__LOTTO24_CONFIG__ || {}, u = ${js(buildUrl)}, k, z, t, p, q, m, d, s;
  k = (u && ${js(buildKey)}) || c.supabaseAnonKey || ${js(buildKey)};
  u = u || c.supabaseUrl || location.origin;
  z = c.lotteryTimezone || ${js(buildZone)};
  // ICU's first formatter in a zone costs a phone 70-200 ms, whoever builds it: built here, it
  // runs while the main chunk downloads, and the app's first render finds ICU started.
  if (z) try { new Intl.DateTimeFormat('en-US', { timeZone: z }); } catch (e) {}
  s = document.getElementById('lotto24-results');
  if (s) {
    try {
      s = JSON.parse(s.textContent);
      w.__LOTTO24_DAY__ = { date: s.date, readAt: s.readAt, rows: s.rows };
    } catch (e) {}
    return;
  }
  if (!k || !z) return;
  p = location.pathname.replace(/^\\/(?:${prefixes})(?=\\/|$)/, '') || '/';
  m = /^\\/draw\\/(\\d{4}-\\d{2}-\\d{2})\\/\\d{1,2}$/.exec(p);
  if (p !== '/' && p !== '/history' && !m) return;
  try {
    t = new Intl.DateTimeFormat('en-CA', { timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch (e) {
    return;
  }
  q = new URLSearchParams(location.search).get('date');
  d = p === '/' ? t : p === '/history' ? (q && /^\\d{4}-\\d{2}-\\d{2}$/.test(q) && q <= t ? q : t) : m[1] <= t ? m[1] : '';
  if (!d || !/^\\d{4}-\\d{2}-\\d{2}$/.test(t)) return;
  w.__LOTTO24_DAY__ = {
    date: d,
    rows: fetch(u.replace(/\\/+$/, '') + '/rest/v1/lottery_results?select=*&draw_date=eq.' + d + '&order=draw_hour.desc', {
      headers: { apikey: k, authorization: 'Bearer ' + k }
    }).then(function (r) { return r.ok ? r.json() : null; }, function () { return null; })
  };
})();`;
  return code;
}

/**
 * Puts the day's early read right after `#root` in the built index.html: after the element the
 * stack puts the rows in (so it sees them), before the app's module runs (modules are deferred).
 * An inline script: the stack's Content-Security-Policy takes its hash from the page it serves
 * (server/src/static/security-headers.ts); a host with a CSP of its own must allow it.
 */
export function prefetchDay(): Plugin {
  let env: Record<string, string> = {};
  return {
    name: 'lotto24-prefetch-day',
    apply: 'build',
    configResolved(resolved) {
      env = loadEnv(resolved.mode, resolved.root, 'VITE_');
    },
    transformIndexHtml(html) {
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error('index.html has no <div id="root"></div>');
      return html.replace(root, () => `${root}\n    <script>${prefetchScript(env)}</script>`);
    },
  };
}
