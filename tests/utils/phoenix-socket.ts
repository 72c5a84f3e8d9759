// The one hand-written Phoenix client of the tests and benches, on `ws`: to check the protocol
// frame by frame (what supabase-js hides: error reasons, refs, phx_close), to send what no client
// would (through `ws`), and to open hundreds of sockets cheaply (tests/utils/results-socket.ts).
import WebSocket from 'ws';
import { waitFor } from './wait-for.ts';

/** A frame as the client sees it, whatever the vsn. */
export interface Frame {
  join_ref?: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export type Vsn = '1.0.0' | '2.0.0';

export interface OpenOptions {
  /**
   * Keep every frame in `frames` (the default) for `next()`; load scripts with many sockets turn
   * it off and read frames through `onFrame`, so memory stays flat over a long run.
   */
  record?: boolean;
}

export class RawSocket {
  readonly frames: Frame[] = [];
  readonly binary: Buffer[] = [];
  private readonly listeners: ((frame: Frame) => void)[] = [];
  private ref = 0;

  private constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    private readonly record: boolean,
  ) {
    // A socket the server drops may also report an error: what a test asserts is the close.
    ws.on('error', () => undefined);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return void (record && this.binary.push(data as Buffer));
      if (!record && this.listeners.length === 0) return;
      const frame = parseFrame(String(data));
      if (record) this.frames.push(frame);
      for (const listener of this.listeners) listener(frame);
    });
  }

  static url(apiUrl: string, query: Record<string, string>): string {
    return `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?${new URLSearchParams(query)}`;
  }

  static async open(
    apiUrl: string,
    apikey: string,
    vsn: Vsn = '2.0.0',
    { record = true }: OpenOptions = {},
  ): Promise<RawSocket> {
    const ws = new WebSocket(RawSocket.url(apiUrl, { apikey, vsn }));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawSocket(ws, vsn, record);
  }

  /** Calls `listener` with every text frame from now on. */
  onFrame(listener: (frame: Frame) => void): void {
    this.listeners.push(listener);
  }

  /** Sends an event and returns its ref (joins use it as their join_ref too). */
  send(topic: string, event: string, payload: unknown, joinRef?: string): string {
    const ref = String(++this.ref);
    const join_ref = event === 'phx_join' ? ref : (joinRef ?? null);
    const frame =
      this.vsn === '2.0.0'
        ? [join_ref, ref, topic, event, payload]
        : { topic, event, payload, ref, join_ref };
    this.ws.send(JSON.stringify(frame));
    return ref;
  }

  /** realtime-js heartbeats every 25 s; the stack drops a socket silent for 60 s. */
  heartbeat(): string | null {
    return this.ws.readyState === WebSocket.OPEN ? this.send('phoenix', 'heartbeat', {}) : null;
  }

  next(match: (frame: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    if (!this.record) throw new Error('next() needs a socket opened with record: true');
    return waitFor(() => this.frames.find(match), timeoutMs);
  }

  replyTo(ref: string): Promise<Frame> {
    return this.next((f) => f.event === 'phx_reply' && f.ref === ref);
  }

  /** Joins with postgres_changes bindings and resolves with the reply. */
  async join(topic: string, payload: Record<string, unknown>): Promise<Frame> {
    return this.replyTo(this.send(topic, 'phx_join', payload));
  }

  close(): void {
    this.ws.terminate();
  }
}

/** vsn 2.0.0 sends arrays, 1.0.0 objects (Phoenix's V1/V2 JSON serializers). */
function parseFrame(text: string): Frame {
  const value = JSON.parse(text) as unknown;
  if (!Array.isArray(value)) return value as Frame;
  const [join_ref, ref, topic, event, payload] = value as [
    string,
    string,
    string,
    string,
    Frame['payload'],
  ];
  return { join_ref, ref, topic, event, payload };
}

/** What the server answers an upgrade it refuses. */
export function refusedUpgrade(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => reject(new Error('upgrade accepted')));
    ws.once('error', () => undefined);
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) as unknown }),
      );
    });
  });
}
