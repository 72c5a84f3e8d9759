// Many realtime subscribers as plain `ws` clients speaking Phoenix vsn 2.0.0, each joined as anon
// to every change on public.lottery_results, the way the Today page's channel is
// (src/features/results/api/use-results-realtime.ts, through realtime-js).
import WebSocket from 'ws';

export interface ChangedRow {
  id: string;
  draw_date: string;
  draw_hour: number;
  first_prize: string;
}

/** What a subscriber does with an event: the strategy under test decides. */
export type OnChange = (subscriber: number, record: ChangedRow | null) => void;

interface Pushed {
  status?: string;
  message?: string;
  data?: { record?: ChangedRow | null };
}

const BINDING = { event: '*', schema: 'public', table: 'lottery_results' };
/** realtime-js heartbeats every 25 s; the stack drops a socket silent for 60 s. */
const HEARTBEAT_MS = 25_000;

async function openOne(url: string, anonKey: string, index: number, onChange: OnChange) {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const topic = `realtime:results-live-${index}`;
  const subscribed = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const [, , , event, payload] = JSON.parse(String(data)) as [
        unknown,
        unknown,
        string,
        string,
        Pushed,
      ];
      if (event === 'system')
        return payload.status === 'ok' ? resolve() : reject(new Error(payload.message));
      if (event === 'postgres_changes') onChange(index, payload.data?.record ?? null);
    });
  });
  const config = {
    broadcast: { ack: false, self: false },
    presence: { key: '', enabled: false },
    postgres_changes: [BINDING],
    private: false,
  };
  ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config, access_token: anonKey }]));
  await subscribed;
  return ws;
}

export interface Subscribers {
  count: number;
  close(): void;
}

/** Opens `count` subscribed sockets, `batch` joins at a time, and keeps them alive. */
export async function openSubscribers(
  apiUrl: string,
  anonKey: string,
  count: number,
  onChange: OnChange,
  batch = 50,
): Promise<Subscribers> {
  const url = `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;
  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < count; i += batch) {
      const size = Math.min(batch, count - i);
      const opened = Array.from({ length: size }, (_, j) => openOne(url, anonKey, i + j, onChange));
      sockets.push(...(await Promise.all(opened)));
    }
  } catch (error) {
    for (const ws of sockets) ws.terminate();
    throw error;
  }
  let ref = 0;
  const heartbeat = setInterval(() => {
    ref += 1;
    const frame = JSON.stringify([null, `hb${ref}`, 'phoenix', 'heartbeat', {}]);
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  }, HEARTBEAT_MS);
  return {
    count: sockets.length,
    close() {
      clearInterval(heartbeat);
      for (const ws of sockets) ws.terminate();
    },
  };
}
