/**
 * The runtime config a page is served with: the local stack (server/src/static) and the dev
 * server (vite.config.ts) put it in place of index.html's `<!-- runtime-config -->`, and the app
 * reads it as `window.__LOTTO24_CONFIG__` (env.ts). Plain functions, so Node imports them too.
 */
export interface RuntimeConfig {
  supabaseAnonKey?: string;
  supabaseUrl?: string;
  lotteryTimezone?: string;
  siteUrl?: string;
}

const marker = '<!-- runtime-config -->';
const script = /<script>window\.__LOTTO24_CONFIG__ = (\{.*?\});<\/script>/;

/** The page with its config script; `<` is escaped so no value can close the script element. */
export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(marker, `<script>window.__LOTTO24_CONFIG__ = ${json};</script>`);
}

/** The config a served page carries, or undefined when it carries none. */
export function readRuntimeConfig(html: string): RuntimeConfig | undefined {
  const match = script.exec(html);
  return match ? (JSON.parse(match[1]!) as RuntimeConfig) : undefined;
}
