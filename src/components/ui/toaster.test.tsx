import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { toast, useToast } from './use-toast';

function DismissAll() {
  const { dismiss } = useToast();
  return (
    <button type="button" onClick={() => dismiss()}>
      reset
    </button>
  );
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    // The store is module-level: leave it empty for the next test.
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    act(() => vi.advanceTimersByTime(2_000));
    vi.useRealTimers();
  });

  const renderToaster = () =>
    render(
      <>
        <Toaster />
        <DismissAll />
      </>,
    );

  it('replaces an old error with the next outcome, never showing both', () => {
    renderToaster();
    act(() => void toast({ variant: 'destructive', title: 'Error', description: 'It failed' }));
    expect(screen.getByText('It failed')).toBeVisible();
    act(() => void toast({ title: 'Success', description: 'Result added' }));
    expect(screen.getByText('Result added')).toBeVisible();
    expect(screen.queryByText('It failed')).not.toBeInTheDocument();
  });

  it("keeps a toast raised for the next page beside that page's own, two at most", () => {
    renderToaster();
    act(() => void toast({ title: 'Success', description: 'Account created', carry: true }));
    act(() => void toast({ variant: 'destructive', title: 'Access Denied', carry: true }));
    expect(screen.getByText('Account created')).toBeVisible();
    expect(screen.getByText('Access Denied')).toBeVisible();
    act(() => void toast({ title: 'Success', description: 'Third' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps an error for ten seconds, a success for five', () => {
    renderToaster();
    act(() => void toast({ variant: 'destructive', title: 'Error', description: 'Slow read' }));
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.getByText('Slow read')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.queryByText('Slow read')).not.toBeInTheDocument();

    act(() => void toast({ title: 'Success', description: 'Saved' }));
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('can be closed before its time', () => {
    renderToaster();
    act(() => void toast({ variant: 'destructive', title: 'Error', description: 'Read me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.queryByText('Read me')).not.toBeInTheDocument();
  });
});
