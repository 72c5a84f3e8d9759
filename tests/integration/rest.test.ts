// Reads through /rest/v1 with the unmodified supabase-js, as the app and its visitors make them.
// Expected statuses and bodies are PostgREST's (src/PostgREST/Response.hs, Error.hs).
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestStack, type RestStack } from './rest-harness.ts';

let stack: RestStack;
const DAY = '2024-05-01';
const FUTURE = '2099-01-01';

beforeAll(async () => {
  stack = await startRestStack();
  // A published day (in the past) and a scheduled one; the owner inserts, as the seed would.
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     select d::date, h, to_char(h, 'FM00') || ':30:00', lpad((h * 7)::text, 4, '0')
     from unnest(array[$1, $2]) d, generate_series(0, 23) h`,
    [DAY, FUTURE],
  );
});
afterAll(() => stack?.stop());

describe('GET as anon (the Today and History pages)', () => {
  it("reads one day's results, newest hour first", async () => {
    const { data, error, status } = await stack
      .client()
      .from('lottery_results')
      .select('*')
      .eq('draw_date', DAY)
      .order('draw_hour', { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(24);
    expect(data?.[0]).toMatchObject({
      draw_date: DAY,
      draw_hour: 23,
      draw_time: '23:30:00',
      first_prize: '0161',
    });
    expect(Object.keys(data?.[0] ?? {})).toEqual([
      'id',
      'draw_date',
      'draw_hour',
      'draw_time',
      'first_prize',
      'created_by',
      'updated_by',
      'created_at',
      'updated_at',
      'source',
      'previous_prize',
      'corrected_at',
    ]);
  });

  it('never shows a scheduled result to anon (row-level security in PostgreSQL)', async () => {
    const { data, count } = await stack
      .client()
      .from('lottery_results')
      .select('*', { count: 'exact' })
      .eq('draw_date', FUTURE);
    expect(data).toEqual([]);
    expect(count).toBe(0);
  });

  it('renames and casts columns', async () => {
    const { data } = await stack
      .client()
      .from('lottery_results')
      .select('hour:draw_hour, draw_hour::text, prize:first_prize')
      .eq('draw_date', DAY)
      .eq('draw_hour', 5);
    expect(data).toEqual([{ hour: 5, draw_hour: '5', prize: '0035' }]);
  });

  it.each([
    ['neq', (q: Q) => q.neq('draw_hour', 0), 23],
    ['gt', (q: Q) => q.gt('draw_hour', 20), 3],
    ['gte', (q: Q) => q.gte('draw_hour', 20), 4],
    ['lt', (q: Q) => q.lt('draw_hour', 2), 2],
    ['lte', (q: Q) => q.lte('draw_hour', 2), 3],
    ['like', (q: Q) => q.like('draw_time', '1%'), 10],
    ['ilike', (q: Q) => q.ilike('draw_time', '%:30:00'), 24],
    ['is', (q: Q) => q.is('created_by', null), 24],
    ['in', (q: Q) => q.in('draw_hour', [1, 2, 99]), 2],
    ['not', (q: Q) => q.not('draw_hour', 'in', '(1,2)'), 22],
    ['or', (q: Q) => q.or('draw_hour.eq.1,draw_hour.eq.2,first_prize.eq.0161'), 3],
    ['match', (q: Q) => q.match({ draw_hour: 3, first_prize: '0021' }), 1],
  ])('filters with %s', async (_name, filter, expected) => {
    const { data, error } = await filter(dayQuery());
    expect(error).toBeNull();
    expect(data).toHaveLength(expected);
  });

  it('orders by several keys, with nulls first or last', async () => {
    const { data } = await stack
      .client()
      .from('lottery_results')
      .select('draw_date, draw_hour')
      .in('draw_hour', [1, 2])
      .order('draw_date', { ascending: false })
      .order('draw_hour', { ascending: true, nullsFirst: false })
      .limit(2);
    expect(data).toEqual([
      { draw_date: DAY, draw_hour: 1 },
      { draw_date: DAY, draw_hour: 2 },
    ]);
  });

  it('pages with range() and counts exactly: 206 and Content-Range', async () => {
    const { data, count, status } = await stack
      .client()
      .from('lottery_results')
      .select('draw_hour', { count: 'exact' })
      .eq('draw_date', DAY)
      .order('draw_hour')
      .range(10, 14);
    expect(status).toBe(206);
    expect(count).toBe(24);
    expect(data?.map((r) => r.draw_hour)).toEqual([10, 11, 12, 13, 14]);
  });

  it('answers HEAD with the count and no body', async () => {
    const { data, count, status } = await stack
      .client()
      .from('lottery_results')
      .select('*', { count: 'exact', head: true })
      .eq('draw_date', DAY);
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(24);
  });

  it('single() gives one object, or PGRST116 (406)', async () => {
    const one = await stack
      .client()
      .from('lottery_results')
      .select('draw_hour')
      .eq('draw_date', DAY)
      .eq('draw_hour', 7)
      .single();
    expect(one.data).toEqual({ draw_hour: 7 });
    const none = await stack
      .client()
      .from('lottery_results')
      .select('*')
      .eq('draw_date', FUTURE)
      .single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      message: 'Cannot coerce the result to a single JSON object',
    });
    const many = await stack
      .client()
      .from('lottery_results')
      .select('*')
      .eq('draw_date', DAY)
      .single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 24 rows' });
  });

  it('maybeSingle() gives null for no row', async () => {
    const { data, error } = await stack
      .client()
      .from('lottery_results')
      .select('*')
      .eq('draw_date', FUTURE)
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('reads the lottery clock', async () => {
    const { data } = await stack.client().from('lottery_settings').select('timezone').single();
    expect(data).toEqual({ timezone: expect.any(String) });
  });
});

describe('raw HTTP details', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}/rest/v1/${path}`, { headers: { apikey: stack.anonKey, ...headers } });

  it('sends Content-Range, Content-Type with charset and Content-Profile', async () => {
    const res = await get(`lottery_results?select=draw_hour&draw_date=eq.${DAY}&limit=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-2/*');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-profile')).toBe('public');
    const empty = await get(`lottery_results?draw_date=eq.${FUTURE}`, { Prefer: 'count=exact' });
    expect(empty.headers.get('content-range')).toBe('*/0');
  });

  it('honours Prefer: timezone for the transaction', async () => {
    const res = await get(`lottery_results?select=created_at&limit=1`, {
      Prefer: 'timezone=Asia/Tokyo',
    });
    const [row] = (await res.json()) as Array<{ created_at: string }>;
    expect(row?.created_at).toMatch(/\+09:00$/);
    const bad = await get('lottery_results?limit=1', { Prefer: 'timezone=Mars/Olympus' });
    expect(bad.status).toBe(400);
  });

  it('honours the Range header on GET', async () => {
    const res = await get(`lottery_results?select=draw_hour&draw_date=eq.${DAY}&order=draw_hour`, {
      Range: '2-3',
    });
    expect(await res.json()).toEqual([{ draw_hour: 2 }, { draw_hour: 3 }]);
    expect(res.headers.get('content-range')).toBe('2-3/*');
  });

  it('answers 416 past the end and for an inverted Range', async () => {
    const past = await get(`lottery_results?draw_date=eq.${DAY}&offset=100&limit=1`, {
      Prefer: 'count=exact',
    });
    expect(past.status).toBe(416);
    expect(await past.json()).toMatchObject({
      code: 'PGRST103',
      details: 'An offset of 100 was requested, but there are only 24 rows.',
    });
    const inverted = await get('lottery_results', { Range: '5-1' });
    expect(inverted.status).toBe(416);
  });

  it('refuses other schemas (PGRST106) and media types it cannot produce (PGRST107)', async () => {
    const schema = await get('users', { 'Accept-Profile': 'auth' });
    expect(schema.status).toBe(406);
    expect(await schema.json()).toMatchObject({
      code: 'PGRST106',
      hint: 'Only the following schemas are exposed: public',
    });
    const media = await get('lottery_results', { Accept: 'image/png' });
    expect(media.status).toBe(406);
    expect((await media.json()).code).toBe('PGRST107');
  });

  it('answers an unknown path with PGRST125', async () => {
    const res = await get('a/b/c');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'PGRST125' });
  });
});

const dayQuery = () =>
  stack.client().from('lottery_results').select('draw_hour').eq('draw_date', DAY);
type Q = ReturnType<typeof dayQuery>;

describe('compression (as hosted Supabase sends a browser its answers)', () => {
  // node:http, not fetch: fetch asks for gzip itself and hands back the decoded text.
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = httpGet(`${stack.url}/rest/v1/${path}`, {
        headers: { apikey: stack.anonKey, ...headers },
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      request.on('error', reject);
    });
  const day = `lottery_results?select=*&draw_date=eq.${DAY}&order=draw_hour.desc`;

  it('sends a day of results as brotli or gzip, whichever is asked, and the same rows', async () => {
    const plain = await raw(day, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await raw(day, { 'Accept-Encoding': 'gzip, deflate, br', Origin: 'http://a.test' });
    expect(br.headers['content-encoding']).toBe('br');
    // CORS's Vary stays beside compression's: a shared cache keeps each variant apart.
    expect(br.headers.vary).toBe('Origin, Accept-Encoding');
    expect(br.headers['content-range']).toBe('0-23/*');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await raw(day, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    // The client's weights decide, as for the files and pages (lib/accept-encoding.ts).
    const weighed = await raw(day, { 'Accept-Encoding': 'br;q=0.5, gzip;q=1' });
    expect(weighed.headers['content-encoding']).toBe('gzip');
  });

  it('sends small answers, and any to a client that refuses the codings, as they are', async () => {
    const one = await raw(
      `lottery_results?select=draw_hour&draw_date=eq.${DAY}&order=draw_hour.asc&limit=1`,
      {
        'Accept-Encoding': 'br, gzip',
      },
    );
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(one.body.toString())).toEqual([{ draw_hour: 0 }]);
    const refused = await raw(day, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString())).toHaveLength(24);
  });
});
