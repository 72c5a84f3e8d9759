import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from './lazy-with-retry';

const Loaded = ({ name }: { name: string }) => <p>Loaded {name}</p>;

describe('lazyWithRetry, on demand', () => {
  it('downloads nothing until its stand-in asks, then renders the component', async () => {
    const load = vi.fn(() => Promise.resolve({ Loaded }));
    const Lazy = lazyWithRetry(load, (module) => module.Loaded, {
      onDemand: true,
      loading: ({ name }, ask) => (
        <button type="button" onClick={ask}>
          Stand-in for {name}
        </button>
      ),
      Failed: () => <p>Failed</p>,
    });
    render(<Lazy name="picker" />);
    await act(() => Promise.resolve());
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Stand-in for picker' }));
    expect(await screen.findByText('Loaded picker')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
    // A later mount (the page opened again) uses the download at once.
    render(<Lazy name="again" />);
    expect(screen.getByText('Loaded again')).toBeVisible();
  });

  it('says so when the download fails, and tries again when asked', async () => {
    const load = vi
      .fn<() => Promise<{ Loaded: typeof Loaded }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Loaded });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const Lazy = lazyWithRetry(load, (module) => module.Loaded, {
      onDemand: true,
      loading: (_props, ask) => (
        <button type="button" onClick={ask}>
          Stand-in
        </button>
      ),
      Failed: ({ onRetry }) => (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ),
    });
    render(<Lazy name="picker" />);
    fireEvent.click(screen.getByRole('button', { name: 'Stand-in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loaded picker')).toBeVisible();
    vi.restoreAllMocks();
  });
});
