import WebSocket from 'ws';
import { waitFor } from './realtime-harness.ts';

/** A frame as the client sees it, whatever the vsn. */
export interface Frame {
  join_ref?: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/**
 * A bare Phoenix client on `ws`, to check the protocol frame by frame (what supabase-js hides:
 * error reasons, refs, phx_close) and to open many sockets cheaply.
 */
export class RawSocket {
  readonly frames: Frame[] = [];
  readonly binary: Buffer[] = [];
  private ref = 0;

  private constructor(
    readonly ws: WebSocket,
    readonly vsn: '1.0.0' | '2.0.0',
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return void this.binary.push(data as Buffer);
      const value = JSON.parse(String(data)) as unknown;
      if (Array.isArray(value)) {
        const [join_ref, ref, topic, event, payload] = value as [
          string,
          string,
          string,
          string,
          Frame['payload'],
        ];
        this.frames.push({ join_ref, ref, topic, event, payload });
      } else this.frames.push(value as Frame);
    });
  }

  static url(apiUrl: string, query: Record<string, string>): string {
    return `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?${new URLSearchParams(query)}`;
  }

  static async open(
    apiUrl: string,
    apikey: string,
    vsn: '1.0.0' | '2.0.0' = '2.0.0',
  ): Promise<RawSocket> {
    const ws = new WebSocket(RawSocket.url(apiUrl, { apikey, vsn }));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawSocket(ws, vsn);
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

  next(match: (frame: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
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
