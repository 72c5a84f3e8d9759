import { describe, expect, it } from 'vitest';
import { BINDINGS_TTL_MS, BindingCache } from './binding-cache.ts';
import type { CompiledBinding } from './subscribe.ts';

const params = [{ event: 'INSERT', schema: 'public', table: 'lottery_results' }];

/** A compile that counts its calls and answers a fresh array each time. */
function compiler(fail = false) {
  const counter = { calls: 0 };
  const compile = async (): Promise<CompiledBinding[]> => {
    counter.calls++;
    if (fail) throw new Error('database away');
    return [];
  };
  return { counter, compile };
}

describe('BindingCache', () => {
  it('compiles once per role and parameters, whatever their key order', async () => {
    const cache = new BindingCache();
    const { counter, compile } = compiler();
    const a = await cache.get('anon', params, compile);
    const b = await cache.get(
      'anon',
      [{ table: 'lottery_results', schema: 'public', event: 'INSERT' }],
      compile,
    );
    expect(b).toBe(a);
    expect(counter.calls).toBe(1);
    // Another role's column privileges are another answer.
    expect(await cache.get('authenticated', params, compile)).not.toBe(a);
    expect(counter.calls).toBe(2);
  });

  it('compiles afresh after the catalog changed, and after its time limit', async () => {
    let now = 0;
    const cache = new BindingCache(() => now);
    const { counter, compile } = compiler();
    const a = await cache.get('anon', params, compile);
    cache.clear();
    const b = await cache.get('anon', params, compile);
    expect(b).not.toBe(a);
    now += BINDINGS_TTL_MS;
    expect(await cache.get('anon', params, compile)).not.toBe(b);
    expect(counter.calls).toBe(3);
  });

  it('keeps no failure: a join that waited on one compiles for itself', async () => {
    const cache = new BindingCache();
    const failing = compiler(true);
    const working = compiler();
    const first = cache.get('anon', params, failing.compile);
    const waiting = cache.get('anon', params, working.compile);
    await expect(first).rejects.toThrow('database away');
    expect(await waiting).toEqual([]);
    expect(working.counter.calls).toBe(1);
    // The failure left nothing behind: the next join compiles too.
    await cache.get('anon', params, working.compile);
    expect(working.counter.calls).toBe(2);
  });
});
