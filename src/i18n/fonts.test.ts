import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontsLoaded } from './fonts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('fontsLoaded', () => {
  it("asks for both weights of the language's font, with a character of its script", async () => {
    const load = vi.fn(() => Promise.resolve([]));
    vi.stubGlobal('document', { fonts: { load } });
    await fontsLoaded('lo');
    expect(load.mock.calls).toEqual([
      ['400 1em "Noto Sans Lao"', 'ກ'],
      ['700 1em "Noto Sans Lao"', 'ກ'],
    ]);
  });

  it('never holds the page longer than a second, nor on a failed file', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { fonts: { load: () => new Promise(() => undefined) } });
    let done = false;
    void fontsLoaded('th').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    vi.stubGlobal('document', { fonts: { load: () => Promise.reject(new Error('404')) } });
    await expect(fontsLoaded('th')).resolves.toBeUndefined();
  });
});
