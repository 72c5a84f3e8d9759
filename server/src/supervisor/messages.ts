import type { StackConfig } from '../config.ts';
import type { RoleUrls } from '../db/roles.ts';
import type { ServiceGroup } from '../services.ts';

/**
 * What the supervisor and its workers say over the IPC channel (ADR 017). Secrets (the JWT
 * secret, the role passwords in `urls`) travel here, never on a command line `ps` shows.
 */
export interface InitMessage {
  type: 'init';
  group: ServiceGroup;
  config: StackConfig;
  urls: RoleUrls;
  databaseUrl: string;
  apiUrl: string;
  keys: { anon: string; serviceRole: string };
  /** Where a group reached through another's worker listens (`functions`: a socket file). */
  sockets: Partial<Record<ServiceGroup, string>>;
}

/** A new connection: the bytes the supervisor read (its head, maybe more), with the socket. */
export interface ConnectionMessage {
  type: 'connection';
  head: string; // base64
}

/** `ping`: answered `pong` at once, showing the worker's event loop comes round (liveness.ts). */
export type ToWorker = InitMessage | ConnectionMessage | { type: 'ping' } | { type: 'stop' };

/** `reroute`: an upgrade to another group's path on a kept-alive connection, handed back. */
export type FromWorker = { type: 'ready' } | { type: 'pong' } | { type: 'reroute'; head: string };
