import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js';
import type pg from 'pg';

export type Result = {
  id: string;
  draw_date: string;
  draw_hour: number;
  draw_time: string;
  first_prize: string;
};
export type Change = RealtimePostgresChangesPayload<Result>;
export interface SystemPayload {
  extension: string;
  status: string;
  message: string;
  channel: string;
}

export interface Listening {
  channel: RealtimeChannel;
  changes: Change[];
  system: SystemPayload[];
  statuses: string[];
}

/**
 * Subscribes with the unmodified client, as the Today page does, and resolves once realtime-js
 * reports SUBSCRIBED (the join reply); changes and `system` messages are collected.
 */
export async function listen(
  client: SupabaseClient,
  name: string,
  binding: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = {},
): Promise<Listening> {
  const listening: Listening = {
    channel: undefined as never,
    changes: [],
    system: [],
    statuses: [],
  };
  listening.channel = client
    .channel(name)
    .on(
      'postgres_changes',
      {
        event: binding.event ?? '*',
        schema: 'public',
        table: 'lottery_results',
        filter: binding.filter,
      } as never,
      (payload: Change) => listening.changes.push(payload),
    )
    .on('system', {}, (payload: SystemPayload) => listening.system.push(payload));
  await new Promise<void>((resolve, reject) => {
    listening.channel.subscribe((status, error) => {
      listening.statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
        reject(error ?? new Error(status));
    });
  });
  return listening;
}

let hourSeed = 0;
/** A free (date, hour): published when `published`, otherwise a draw far in the future. */
export function nextDraw(published = true): { draw_date: string; draw_hour: number } {
  const n = hourSeed++;
  const day = String(1 + Math.floor(n / 24)).padStart(2, '0');
  return { draw_date: `${published ? '2024-01' : '2099-01'}-${day}`, draw_hour: n % 24 };
}

/** Writes as the database owner would (the SQL editor); realtime must report it like any write. */
export async function insertResult(
  pool: pg.Pool,
  published = true,
  prize = '0042',
  draw = nextDraw(published),
): Promise<Result> {
  const { draw_date, draw_hour } = draw;
  const { rows } = await pool.query<Result>(
    `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize")
     values ($1, $2::int, to_char($2::int, 'FM00') || ':30:00', $3)
     returning "id", to_char("draw_date", 'YYYY-MM-DD') as "draw_date", "draw_hour", "draw_time", "first_prize"`,
    [draw_date, draw_hour, prize],
  );
  return rows[0]!;
}

export const newRows = (listening: Listening) =>
  listening.changes.map((change) => (change.new as Partial<Result>).id).filter(Boolean);
