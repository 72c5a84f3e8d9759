// The floor of realtime fan-out (bench/realtime-rush.bench.ts): the least a server must do to
// push a committed row to N websockets, run as its own process beside the stack. A trigger on a
// copy of lottery_results sends the row with pg_notify; one LISTEN connection hears it; the row is
// wrapped once in a Phoenix-shaped frame and the same bytes go to every plain `ws` socket. No
// protocol, no token, no row-level security, no per-socket state: what the stack does beyond this
// is its cost.
//
//   node --import tsx bench/lib/realtime-floor.ts <databaseUrl>   (prints `port <n>` when ready)
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

export const FLOOR_SCHEMA = 'bench_floor';
export const FLOOR_CHANNEL = 'bench_floor_changes';

/** The floor's table and trigger, in the stack's database (a bench's temporary data dir). */
export const FLOOR_SETUP = `
create schema if not exists "${FLOOR_SCHEMA}";
drop table if exists "${FLOOR_SCHEMA}"."results";
create table "${FLOOR_SCHEMA}"."results" (like "public"."lottery_results" including defaults);
alter table "${FLOOR_SCHEMA}"."results" add primary key ("id");
create or replace function "${FLOOR_SCHEMA}"."notify"() returns trigger
language plpgsql as $$
begin
  perform pg_notify('${FLOOR_CHANNEL}', jsonb_build_object(
    'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op, 'record', to_jsonb(new))::text);
  return null;
end
$$;
create trigger "notify" after insert on "${FLOOR_SCHEMA}"."results"
  for each row execute function "${FLOOR_SCHEMA}"."notify"();
`;

async function main(databaseUrl: string): Promise<void> {
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const listening = new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', () => ws.terminate());
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined); // the stack's PostgreSQL stops first at the end of a run
  await client.connect();
  client.on('notification', ({ payload }) => {
    const frame = Buffer.from(
      `[null,null,"realtime:floor","postgres_changes",{"ids":[1],"data":${payload ?? 'null'}}]`,
    );
    for (const ws of sockets) ws.send(frame, { binary: false });
  });
  await client.query(`listen "${FLOOR_CHANNEL}"`);
  await listening;
  const address = wss.address();
  process.stdout.write(`port ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.once('SIGTERM', () => {
    for (const ws of sockets) ws.terminate();
    wss.close();
    void client.end().finally(() => process.exit(0));
  });
}

// Run as a script only (the bench imports FLOOR_SETUP from here).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await main(process.argv[2] ?? '');
