import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { toast, useToast } from '@/components/ui/use-toast';
import { RouteToasts } from './route-toasts';

function Page() {
  const { dismiss } = useToast();
  return (
    <>
      <Link to="/admin">Admin</Link>
      <Link to="/">Home</Link>
      <button type="button" onClick={() => dismiss()}>
        reset
      </button>
    </>
  );
}

const renderApp = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <RouteToasts />
      <Page />
      <Toaster />
    </MemoryRouter>,
  );

describe('RouteToasts', () => {
  afterEach(() => {
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    act(() => vi.advanceTimersByTime(2_000));
    vi.useRealTimers();
  });

  it('leaves a toast behind on its page, however soon the visitor moves on', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp();
    act(() => void toast({ variant: 'destructive', title: 'Error', description: 'Old failure' }));
    fireEvent.click(screen.getByRole('link', { name: 'Admin' }));
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.queryByText('Old failure')).not.toBeInTheDocument();
  });

  it('lets the toast of the action that navigated arrive with it, and go with the next page', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp();
    act(() => void toast({ title: 'Success', description: 'Logged in successfully', carry: true }));
    fireEvent.click(screen.getByRole('link', { name: 'Admin' }));
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.getByText('Logged in successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.queryByText('Logged in successfully')).not.toBeInTheDocument();
  });
});
