import WebSocket from 'ws';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_INFO, createReaderClient } from '../../src/lib/reader-client.ts';
import { insertResult, listen, newRows } from '../utils/realtime-harness.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { waitFor } from '../utils/wait-for.ts';

// The anonymous reader (ADR 028) against the stack, beside supabase-js as anon: the same
// requests, the same rows, the same live changes under row-level security.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A fetch that notes the headers each request carries, then sends it. */
function notingFetch(seen: Headers[]): typeof fetch {
  return (input, init) => {
    seen.push(new Headers(init?.headers));
    return fetch(input, init);
  };
}

const reader = (seen: Headers[] = []) =>
  createReaderClient({
    url: stack.url,
    key: stack.anonKey,
    fetch: notingFetch(seen),
    transport: WebSocket as never,
  });

describe('the anonymous reader', () => {
  it('sends the anon key as supabase-js does without a session', async () => {
    const seen: Headers[] = [];
    const { error } = await reader(seen).from('lottery_results').select('id').limit(1);
    expect(error).toBeNull();
    expect(seen[0]?.get('apikey')).toBe(stack.anonKey);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${stack.anonKey}`);
    expect(seen[0]?.get('x-client-info')).toBe(CLIENT_INFO);
  });

  it('reads the published rows supabase-js reads as anon, and no others', async () => {
    const published = await insertResult(stack.pool, true, '1111');
    const scheduled = await insertResult(stack.pool, false, '2222');
    const query = (client: Pick<SupabaseClient, 'from'>) =>
      client
        .from('lottery_results')
        .select('id, first_prize')
        .in('id', [published.id, scheduled.id]);
    const [ours, theirs] = await Promise.all([query(reader()), query(stack.client())]);
    expect(ours.error).toBeNull();
    expect(ours.data).toEqual([{ id: published.id, first_prize: '1111' }]);
    expect(ours.data).toEqual(theirs.data);
  });

  it('calls functions with PostgREST errors as supabase-js returns them', async () => {
    const ours = await reader().rpc('check_number', { n: '12ab' });
    const theirs = await stack.client().rpc('check_number', { n: '12ab' });
    expect(ours.error?.code).toBe('22023');
    expect(ours.error).toEqual(theirs.error);
  });

  it('receives published changes live, and never an unpublished one', async () => {
    const client = reader();
    const live = await listen(client as unknown as SupabaseClient, 'reader-live');
    const hidden = await insertResult(stack.pool, false);
    const shown = await insertResult(stack.pool, true);
    await waitFor(() => newRows(live).includes(shown.id) || undefined);
    expect(newRows(live)).not.toContain(hidden.id);
    await client.removeChannel(live.channel);
  });
});
