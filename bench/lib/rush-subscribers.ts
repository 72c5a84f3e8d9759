// Many realtime subscribers, each joined as anon to every change on public.lottery_results the
// way the Today page's channel is (src/lib/results/api/use-results-realtime.ts).
import type { RawSocket } from '../../tests/utils/phoenix-socket.ts';
import { keepAlive, openResultsSocket, type ChangedRow } from '../../tests/utils/results-socket.ts';

export type { ChangedRow };

/** What a subscriber does with an event: the strategy under test decides. */
export type OnChange = (subscriber: number, record: ChangedRow | null) => void;

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
  const sockets: RawSocket[] = [];
  const open = (index: number) =>
    openResultsSocket({
      apiUrl,
      anonKey,
      topic: `realtime:results-live-${index}`,
      onChange: (change) => onChange(index, change.record ?? null),
    });
  try {
    for (let i = 0; i < count; i += batch) {
      const size = Math.min(batch, count - i);
      sockets.push(...(await Promise.all(Array.from({ length: size }, (_, j) => open(i + j)))));
    }
  } catch (error) {
    for (const socket of sockets) socket.close();
    throw error;
  }
  const stopHeartbeats = keepAlive(() => sockets);
  return {
    count: sockets.length,
    close() {
      stopHeartbeats();
      for (const socket of sockets) socket.close();
    },
  };
}
