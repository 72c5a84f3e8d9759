import { describe, expect, it, vi } from 'vitest';
import { chunkLoader, reloadForFailedImport } from './chunk-loader';

describe('chunkLoader', () => {
  it('shares one download between consumers and picks from the module', async () => {
    let downloads = 0;
    const chunk = chunkLoader(
      async () => {
        downloads += 1;
        return { Thing: 'thing' };
      },
      (module) => module.Thing,
    );
    expect(chunk.settled(chunk.fresh())).toBeUndefined();
    expect(await chunk.get(chunk.fresh())).toBe('thing');
    expect(await chunk.get(chunk.fresh())).toBe('thing');
    expect(chunk.settled(0)).toEqual({ value: 'thing' });
    expect(downloads).toBe(1);
  });

  it('resolves a failed download to null, and the next consumer starts a new attempt', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const chunk = chunkLoader(
      () => Promise.reject(offline),
      (module: { Thing: string }) => module.Thing,
    );
    expect(await chunk.get(chunk.fresh())).toBeNull();
    expect(chunk.settled(0)).toEqual({ value: null });
    expect(chunk.fresh()).toBe(1);
    // Offline, the retry fails too (and stays on the page): still null, never a rejection.
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      expect(await chunk.get(1)).toBeNull();
      expect(chunk.fresh()).toBe(2);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('preloads the first download once, and never retries a failed one', async () => {
    let downloads = 0;
    const chunk = chunkLoader(
      () => {
        downloads += 1;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      },
      (module: { Thing: string }) => module.Thing,
    );
    chunk.preload();
    chunk.preload();
    expect(await chunk.get(0)).toBeNull();
    // A pointer over the picker again, or its focus: the failure stays for the visitor to see
    // (a retry that fails online would reload the page).
    chunk.preload();
    expect(downloads).toBe(1);
    expect(chunk.fresh()).toBe(1);
  });
});

describe('reloadForFailedImport', () => {
  it('reloads a tab at most once a minute, and never without storage to count by', () => {
    sessionStorage.setItem('lotto24:reloaded-for-import', String(Date.now() - 30_000));
    expect(reloadForFailedImport()).toBe(false);
    sessionStorage.removeItem('lotto24:reloaded-for-import');
    const blocked = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(reloadForFailedImport()).toBe(false);
    } finally {
      blocked.mockRestore();
    }
  });
});
