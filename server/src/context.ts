import type { StackConfig } from './config.ts';
import type { Pools } from './db/pools.ts';
import type { MailStore } from './mail/mail-store.ts';
import type { WriteSignal } from './lib/write-signal.ts';

/** What every API plugin gets: the database, the configuration and the project keys. */
export interface StackContext {
  /**
   * One bounded pool per service, each logged in as its own role (ADR 010): `rest` as
   * `authenticator`, `auth` as `supabase_auth_admin`, `realtime` as `supabase_realtime_admin`,
   * `owner` as `postgres` (seeds, the admin CLI). None is a superuser.
   */
  pools: Omit<Pools, 'end'>;
  /** The database as `postgres` (what hosted Supabase calls the connection string; functions get it as SUPABASE_DB_URL). */
  databaseUrl: string;
  config: StackConfig;
  /** The stack's public URL. Known only once it listens, so read it per request. */
  apiUrl: string;
  keys: { anon: string; serviceRole: string };
  /** Every e-mail auth sends, caught in memory and shown at /mailbox (the local mail catcher). */
  mail: MailStore;
  /** Writes the API committed in this process (REST signals, the served pages' caches listen). */
  writes: WriteSignal;
  onClose(fn: () => Promise<void> | void): void;
}
