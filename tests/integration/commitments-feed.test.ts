import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The commitments feed of supabase/functions/results-feed (`?feed=commitments`, ADR 023) on the
// local stack, read as an archiver reads it: no key, no token. It lists the draws to come with
// their commitments and locks, and never a seed or a number before its moment. On a database
// with migration 20250601001300 (beacon draws) each entry carries its lock; before it, null.

let stack: TestStack;
const zone = 'Asia/Bangkok';
const feedUrl = (query: string) => `${stack.url}/functions/v1/results-feed${query}`;

beforeAll(async () => {
  stack = await startTestStack({ timezone: zone });
  // Today and tomorrow committed, as every tick commits them.
  await stack.pool.query(
    `select "private"."commit_draw_days"((now() at time zone $1)::date, (now() at time zone $1)::date + 1)`,
    [zone],
  );
});
afterAll(() => stack?.stop());

interface Entry {
  draw_date: string;
  draw_hour: number;
  draw_at: string;
  commitment: string;
  committed_at: string;
  lock: { chain_hash: string; round: number; ciphertext: string | null } | null;
}

describe('the commitments feed', () => {
  it('lists the draws to come, each with its commitment and lock, and no seed', async () => {
    const response = await fetch(feedUrl('?feed=commitments'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const body = await response.text();
    const feed = JSON.parse(body) as { format: string; time_zone: string; commitments: Entry[] };
    expect(feed).toMatchObject({ format: 'lotto24-commitments/1', time_zone: zone });
    // Tomorrow's 24 at least: after today's last draw (23:30 on the lottery's clock) none of
    // today's is still to come.
    expect(feed.commitments.length).toBeGreaterThanOrEqual(24);
    expect(feed.commitments.length).toBeLessThanOrEqual(48);
    for (const entry of feed.commitments) {
      expect(Date.parse(entry.draw_at)).toBeGreaterThan(Date.now() - 5_000);
      expect(entry.commitment).toMatch(/^[0-9a-f]{64}$/);
      if (entry.lock) expect(entry.lock.round).toBeGreaterThan(0);
    }
    const seeds = await stack.pool.query<{ seed: string }>(
      `select "seed" from "public"."draw_seeds"`,
    );
    expect(seeds.rows.length).toBeGreaterThan(0);
    for (const { seed } of seeds.rows) expect(body).not.toContain(seed);
    expect(body).not.toMatch(/"(seed|first_prize|prize|signature|randomness)"/);
  });

  it('answers its conditional GET with 304', async () => {
    const first = await fetch(feedUrl('?feed=commitments&format=json'));
    const etag = first.headers.get('etag')!;
    await first.text();
    const again = await fetch(feedUrl('?feed=commitments'), { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('words its title and description in the lang asked, and nothing else changes', async () => {
    type Document = Record<string, unknown> & { language: string; title: string };
    const read = async (query: string) => (await (await fetch(feedUrl(query))).json()) as Document;
    const english = await read('?feed=commitments');
    const thai = await read('?feed=commitments&lang=th');
    expect([english.language, english.title]).toEqual([
      'en',
      'Lotto24 commitments of the draws to come',
    ]);
    expect([thai.language, thai.title]).toEqual(['th', 'ค่าผูกมัดของรอบที่จะออก Lotto24']);
    expect(thai.description).not.toMatch(/[A-Za-z]/);
    // Every other field is data: the same whatever the language.
    const data = (document: Document) =>
      Object.fromEntries(
        Object.entries(document).filter(
          ([key]) => !['language', 'title', 'description'].includes(key),
        ),
      );
    expect(Object.keys(data(thai)).length).toBeGreaterThan(4);
    expect(data(thai)).toEqual(data(english));
    const refused = await fetch(feedUrl('?feed=commitments&format=rss&lang=zh'));
    expect(await refused.json()).toEqual({
      error: '承诺订阅只有 JSON 格式：请用 format=json 或不填',
    });
  });

  it('refuses another feed or format with 400', async () => {
    for (const query of ['?feed=seeds', '?feed=commitments&format=rss', '?feed=a&feed=b']) {
      const response = await fetch(feedUrl(query));
      expect([query, response.status]).toEqual([query, 400]);
      await response.text();
    }
  });
});
