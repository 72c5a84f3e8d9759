import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useHistoryDate } from './use-history-date';

function setup(url: string, today = '2024-05-10') {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/history', element: children }], {
      initialEntries: [url],
    });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useHistoryDate(today), { wrapper });
  return { hook, location: () => router.state.location };
}

describe('useHistoryDate', () => {
  it('reads a shared date from the URL', () => {
    const { hook } = setup('/history?date=2024-04-01');
    expect(hook.result.current[0]).toBe('2024-04-01');
  });

  it('falls back to today and cleans the URL for a future or malformed date', () => {
    for (const url of ['/history?date=2024-05-11', '/history?date=nonsense']) {
      const { hook, location } = setup(url);
      expect(hook.result.current[0]).toBe('2024-05-10');
      expect(location().search).toBe('');
      expect(hook.result.current[2]).toMatch(/showing today\.$/);
      hook.unmount();
    }
  });

  it('says why it shows today, until another day is chosen', async () => {
    const { hook } = setup('/history?date=2024-05-11');
    expect(hook.result.current[2]).toBe('2024-05-11 is in the future; showing today.');
    await act(async () => hook.result.current[1]('2024-05-09'));
    expect(hook.result.current[2]).toBeUndefined();
  });

  it('pushes a picked date so back returns to the previous one', async () => {
    const { hook, location } = setup('/history?date=2024-04-01');
    await act(async () => hook.result.current[1]('2024-04-02'));
    expect(location().search).toBe('?date=2024-04-02');
    expect(hook.result.current[0]).toBe('2024-04-02');
  });

  it('keeps the day it opened on when the lottery midnight passes, until a new visit', async () => {
    // A MemoryRouter, so a re-render with the next day's `today` reaches the hook.
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/history']}>{children}</MemoryRouter>
    );
    const hook = renderHook(({ today }) => useHistoryDate(today), {
      wrapper,
      initialProps: { today: '2024-05-10' },
    });
    expect(hook.result.current[0]).toBe('2024-05-10');
    hook.rerender({ today: '2024-05-11' });
    expect(hook.result.current[0]).toBe('2024-05-10');
    // The new day can be picked (the calendar's last day moved on).
    await act(async () => hook.result.current[1]('2024-05-11'));
    expect(hook.result.current[0]).toBe('2024-05-11');
  });
});
