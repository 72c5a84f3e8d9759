// A realtime subscriber on the raw Phoenix client (phoenix-socket.ts), vsn 2.0.0, joined to changes on
// public.lottery_results the way the Today page's channel is (realtime-js's join payload), for
// load scripts that need hundreds of them: a supabase-js client each would be far heavier.
import { RawSocket } from './phoenix-socket.ts';

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

/**
 * Opens a socket and resolves once the server has confirmed the binding (its `system` push).
 * Frames are not kept: `onChange` sees each change as it comes.
 */
export async function openResultsSocket(options: ResultsSocketOptions): Promise<RawSocket> {
  const { apiUrl, anonKey, topic, event = '*', onChange } = options;
  const socket = await RawSocket.open(apiUrl, anonKey, '2.0.0', { record: false });
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.onFrame(({ event: name, payload }) => {
      const data = payload.data as ResultChange | undefined;
      if (name === 'postgres_changes' && data) onChange(data);
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
  socket.send(topic, 'phx_join', { config, access_token: anonKey });
  await subscribed;
  return socket;
}

/** realtime-js heartbeats every 25 s; the stack drops a socket silent for 60 s. */
export function keepAlive(sockets: () => Iterable<RawSocket>): () => void {
  const timer = setInterval(() => {
    for (const socket of sockets()) socket.heartbeat();
  }, 25_000);
  return () => clearInterval(timer);
}
