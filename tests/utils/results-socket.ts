// A realtime subscriber as a plain `ws` client speaking Phoenix vsn 2.0.0, joined to changes on
// public.lottery_results the way the Today page's channel is (realtime-js's join payload), for
// load scripts that need hundreds of them: a supabase-js client each would be far heavier.
import WebSocket from 'ws';

export interface ChangedRow {
  id: string;
  draw_date: string;
  draw_hour: number;
  first_prize: string;
}

/** `data` of a postgres_changes push (server/src/realtime/shapes.ts). */
export interface ResultChange {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  record?: ChangedRow | null;
  old_record?: { id: string } | null;
}

export interface ResultsSocketOptions {
  apiUrl: string;
  anonKey: string;
  topic: string;
  event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  onChange: (change: ResultChange) => void;
}

export function realtimeUrl(apiUrl: string, anonKey: string): string {
  return `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;
}

/** Opens a socket and resolves once the server has confirmed the binding (its `system` push). */
export async function openResultsSocket(options: ResultsSocketOptions): Promise<WebSocket> {
  const { apiUrl, anonKey, topic, event = '*', onChange } = options;
  const ws = new WebSocket(realtimeUrl(apiUrl, anonKey));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const [, , , name, payload] = JSON.parse(String(data)) as [
        unknown,
        unknown,
        string,
        string,
        { status?: string; message?: string; response?: unknown; data?: ResultChange },
      ];
      if (name === 'postgres_changes' && payload.data) onChange(payload.data);
      else if (name === 'system' && payload.status === 'ok') resolve();
      else if (name === 'system' || name === 'phx_error' || name === 'phx_close')
        reject(new Error(`${topic}: ${name} ${JSON.stringify(payload)}`));
      else if (name === 'phx_reply' && payload.status !== 'ok')
        reject(new Error(`${topic}: join refused ${JSON.stringify(payload.response)}`));
    });
  });
  const config = {
    broadcast: { ack: false, self: false },
    presence: { key: '', enabled: false },
    postgres_changes: [{ event, schema: 'public', table: 'lottery_results' }],
    private: false,
  };
  ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config, access_token: anonKey }]));
  await subscribed;
  return ws;
}

/** realtime-js heartbeats every 25 s; the stack drops a socket silent for 60 s. */
export function keepAlive(sockets: () => Iterable<WebSocket>): () => void {
  let ref = 0;
  const timer = setInterval(() => {
    ref += 1;
    const frame = JSON.stringify([null, `hb${ref}`, 'phoenix', 'heartbeat', {}]);
    for (const ws of sockets()) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  }, 25_000);
  return () => clearInterval(timer);
}
