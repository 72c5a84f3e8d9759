import { isTimeZone } from '@/shared/time-zone';
import type { RuntimeConfig } from '../shared/config/runtime-config';

declare global {
  interface Window {
    __LOTTO24_CONFIG__?: RuntimeConfig;
  }
}

export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** `null` when neither the page nor the build names one: the app then reads `lottery_settings`. */
  lotteryTimezone: string | null;
  siteName: string;
  /** Absolute origin for canonical and Open Graph URLs, without a trailing slash. */
  siteUrl: string;
}

type BuildEnv = Partial<Record<string, string | boolean | undefined>>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Pure so it can be tested. A build that names its backend (`VITE_SUPABASE_URL`) talks to it;
 * otherwise the app talks to the origin that served it, with the key the stack injected.
 */
export function parseConfig(
  runtime: RuntimeConfig | undefined,
  env: BuildEnv,
  origin: string,
): AppConfig {
  const buildUrl = text(env.VITE_SUPABASE_URL);
  const supabaseUrl = buildUrl ?? text(runtime?.supabaseUrl) ?? origin;
  const supabaseAnonKey =
    (buildUrl ? text(env.VITE_SUPABASE_ANON_KEY) : undefined) ??
    text(runtime?.supabaseAnonKey) ??
    text(env.VITE_SUPABASE_ANON_KEY) ??
    '';
  const zone = text(runtime?.lotteryTimezone) ?? text(env.VITE_LOTTERY_TIMEZONE);
  const siteUrl = text(env.VITE_SITE_URL) ?? text(runtime?.siteUrl) ?? origin;
  return {
    supabaseUrl: supabaseUrl.replace(/\/+$/, ''),
    supabaseAnonKey,
    lotteryTimezone: zone && isTimeZone(zone) ? zone : null,
    siteName: text(env.VITE_SITE_NAME) ?? 'Lotto24',
    siteUrl: siteUrl.replace(/\/+$/, ''),
  };
}

/** Parsed once at start-up; everything else imports this object. */
export const config: AppConfig = parseConfig(
  typeof window === 'undefined' ? undefined : window.__LOTTO24_CONFIG__,
  import.meta.env,
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
);
