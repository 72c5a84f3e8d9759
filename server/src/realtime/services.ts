import type pg from 'pg';
import type { AuthorizationCache } from './authorization-cache.ts';
import type { BindingCache } from './binding-cache.ts';
import type { BroadcastHub } from './broadcast.ts';
import type { Budget } from './budget.ts';
import type { Channel, ChannelSocket } from './channel.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { RateWindow } from './limits.ts';
import type { TokenCache } from './token-cache.ts';

/** What joins, token refreshes and broadcasts share: the database, the secret, the whole's state. */
export interface RealtimeServices {
  pool: pg.Pool;
  jwtSecret: string;
  dispatcher: Dispatcher;
  hub: BroadcastHub;
  budget: Budget;
  /** Verified tokens until they expire (token-cache.ts). */
  tokens: TokenCache;
  /** Compiled bindings by role and parameters until the catalog changes (binding-cache.ts). */
  bindings: BindingCache;
}

export interface JoiningSocket extends ChannelSocket {
  readonly apiKey: string;
  readonly channels: Map<string, Channel>;
  readonly isOpen: boolean;
  readonly joins: RateWindow;
  readonly authorizations: AuthorizationCache;
  close(code: number, reason: string): void;
}
