import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useExclusive } from './use-exclusive';

describe('useExclusive', () => {
  it('drops a call made while another runs, and runs again afterwards', async () => {
    const { result } = renderHook(() => useExclusive());
    let release!: () => void;
    let runs = 0;
    const task = () => {
      runs += 1;
      return new Promise<string>((resolve) => (release = () => resolve('done')));
    };
    const first = result.current(task);
    await expect(result.current(task)).resolves.toBeUndefined();
    release();
    await expect(first).resolves.toBe('done');
    expect(runs).toBe(1);

    const third = result.current(task);
    release();
    await expect(third).resolves.toBe('done');
    expect(runs).toBe(2);
  });

  it('is free again after a task fails', async () => {
    const { result } = renderHook(() => useExclusive());
    await expect(result.current(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(result.current(async () => 'ok')).resolves.toBe('ok');
  });
});
