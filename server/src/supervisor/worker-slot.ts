import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import { compiled } from '../build-mode.ts';
import type { ServiceGroup } from '../services.ts';
import { heapCapMb } from './heap.ts';
import { Liveness } from './liveness.ts';
import type { FromWorker, InitMessage, ToWorker } from './messages.ts';
import { answerAndClose } from './socket-io.ts';
import { workerExecArgv } from './worker-argv.ts';

// The compiled server forks worker.js beside its own bundle file (import.meta.filename is left
// as it is there, while import.meta.dirname is rewritten to name the source folder, ADR 031).
const WORKER = compiled
  ? path.join(path.dirname(import.meta.filename), 'worker.js')
  : path.join(import.meta.dirname, 'worker.ts');
/** Restart delays double from the first to the cap, and start over once a worker stays up. */
export const BACKOFF = { firstMs: 250, maxMs: 4_000, stableMs: 10_000 };
const STOP_GRACE_MS = 10_000;
/**
 * Connections waiting for one worker's channel, at most. Node passes one descriptor at a time and
 * waits for the worker to take it, so a hung or swamped worker makes a queue, each entry an open
 * socket: past this, new connections for it are answered 503 at once instead.
 */
export const MAX_HANDING = 4096;
const OOM = /heap out of memory|Reached heap limit|Allocation failed/;

export interface SlotOptions {
  init: () => InitMessage;
  /** An upgrade a worker handed back (another group's path on a kept-alive connection). */
  onReroute: (bytes: Buffer, socket: Socket) => void;
  log: (line: string) => void;
}

/** One group's worker: forked, watched, restarted with backoff, stopped on request. */
export class WorkerSlot {
  private child: ChildProcess | undefined;
  private ready = false;
  private stopping = false;
  private everReady = false;
  private delay = BACKOFF.firstMs;
  private readySince = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  /** How long the worker had left pings unanswered when it was killed as hung. */
  private hungMs: number | undefined;
  /** Connections handed over whose send has not completed yet, with what answers them if it fails. */
  private readonly handing = new Map<Socket, () => void>();
  private readonly liveness = new Liveness(
    () => this.send({ type: 'ping' }),
    (silentMs) => this.killHung(silentMs),
  );
  private onFirstReady: Array<(error?: Error) => void> = [];

  constructor(
    readonly group: ServiceGroup,
    private readonly options: SlotOptions,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get isReady(): boolean {
    return this.ready;
  }

  /**
   * Forks the worker without its init, so it loads its modules while the supervisor still
   * prepares the database (ADR 031); `start` then sends the init.
   */
  fork(): void {
    if (!this.child) this.spawn({ init: false });
  }

  /** Forks the worker (or inits the one `fork` made); resolves once it first says it is ready, rejects if it dies before. */
  start(): Promise<void> {
    const started = new Promise<void>((resolve, reject) =>
      this.onFirstReady.push((error) => (error ? reject(error) : resolve())),
    );
    const forked = this.child;
    if (forked && forked.exitCode === null && forked.signalCode === null && forked.connected)
      this.send({ ...this.options.init() });
    else this.spawn();
    return started;
  }

  private spawn({ init = true } = {}): void {
    let oom = false;
    const child = fork(WORKER, [this.group], {
      execArgv: workerExecArgv(this.group, { typescript: !compiled }),
      stdio: ['inherit', 'inherit', 'pipe', 'ipc'],
    });
    this.child = child;
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      if (!oom && OOM.test(chunk.toString('latin1'))) oom = true;
    });
    child.on('message', (message: FromWorker, handle?: unknown) => {
      if (message.type === 'ready') this.markReady();
      else if (message.type === 'pong') this.liveness.answered();
      else if (message.type === 'reroute' && handle)
        this.options.onReroute(Buffer.from(message.head, 'base64'), handle as Socket);
    });
    child.on('error', () => undefined); // a send to a dead worker: its exit says the rest
    child.once('exit', (code, signal) => this.exited(child, code, signal, oom));
    if (init) this.send({ ...this.options.init() });
  }

  private markReady(): void {
    this.liveness.start();
    this.ready = true;
    this.readySince = Date.now();
    if (this.everReady) this.options.log(`the ${this.group} worker is back (pid ${this.pid})`);
    this.everReady = true;
    for (const settle of this.onFirstReady.splice(0)) settle();
  }

  private exited(
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
    oom: boolean,
  ): void {
    if (this.child !== child) return;
    this.ready = false;
    this.liveness.stop();
    this.failStranded(child);
    const hungMs = this.hungMs;
    this.hungMs = undefined;
    if (this.stopping) return;
    const why = [
      oom ? `out of memory (heap cap ${heapCapMb(this.group)} MiB)` : '',
      hungMs === undefined ? '' : `unresponsive for ${(hungMs / 1000).toFixed(0)} s`,
      signal ? `signal ${signal}` : `exit code ${code}`,
    ].filter(Boolean);
    if (!this.everReady) {
      const error = new Error(`the ${this.group} worker exited before it was ready: ${why}`);
      for (const settle of this.onFirstReady.splice(0)) settle(error);
      return;
    }
    if (Date.now() - this.readySince >= BACKOFF.stableMs) this.delay = BACKOFF.firstMs;
    this.options.log(
      `the ${this.group} worker (pid ${child.pid}) died: ${why.join(', ')}; restarting it in ${(this.delay / 1000).toFixed(2)} s`,
    );
    this.restartTimer = setTimeout(() => this.spawn(), this.delay);
    this.delay = Math.min(this.delay * 2, BACKOFF.maxMs);
  }

  private send(message: ToWorker, socket?: Socket, done?: (error: Error | null) => void): void {
    const child = this.child;
    if (!child?.connected) return done?.(new Error('not connected'));
    child.send(message, socket, { keepOpen: false }, done ?? (() => undefined));
  }

  /**
   * Hands a connection to the worker; false (nothing sent) when it is not ready, or when
   * MAX_HANDING connections already wait for its channel.
   */
  handOver(bytes: Buffer, socket: Socket, onFailure: () => void): boolean {
    if (!this.ready || this.handing.size >= MAX_HANDING) return false;
    this.handing.set(socket, onFailure);
    this.send({ type: 'connection', head: bytes.toString('base64') }, socket, (error) => {
      if (this.handing.delete(socket) && error) onFailure();
    });
    return true;
  }

  /**
   * Connections on their way to a worker that died: Node drops the sends still queued for a
   * closed channel without calling them back, so their clients would wait for ever and their
   * sockets stay open here. They are answered 503 now. The one descriptor already sent is held in
   * the channel's `_pendingMessage` until the worker acknowledges it, which a dead worker never
   * does: it is closed, the only way to free it (Node has no public hook for this).
   */
  private failStranded(child: ChildProcess): void {
    const stranded = [...this.handing.values()];
    this.handing.clear();
    for (const fail of stranded) fail();
    const internals = child as unknown as { _pendingMessage?: { handle?: { close(): void } } };
    internals._pendingMessage?.handle?.close();
    internals._pendingMessage = undefined;
  }

  /** A worker whose event loop no longer comes round: killed, and restarted as any dead one. */
  private killHung(silentMs: number): void {
    this.hungMs = silentMs;
    this.child?.kill('SIGKILL');
  }

  /** Asks the worker to finish and exit; SIGKILL after a grace period. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.liveness.stop();
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}

/** The answer while a group's worker is down or restarting: at once, never a hang. */
export function answerUnavailable(socket: Socket, group: ServiceGroup): void {
  answerAndClose(
    socket,
    503,
    `The ${group === 'realtime' ? 'realtime' : 'API'} service is restarting; try again in a moment.`,
    { 'Retry-After': '2' },
  );
}

/** The answer before the stack has started (the router is not open yet). */
export function answerStarting(socket: Socket): void {
  answerAndClose(socket, 503, 'Lotto24 is starting; try again in a moment.', {
    'Retry-After': '1',
  });
}
