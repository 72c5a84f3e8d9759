import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { useToast } from '@/components/ui/use-toast';
import { ShareButton } from './share-button';

const shared = {
  title: 'Draw 14:30 on 23 November 2026: 4821',
  text: 'Draw 14:30 on 23 November 2026: 4821. The first prize of hourly draw #15 of the day.',
  url: 'https://lotto24.example/draw/2026-11-23/14',
};

function DismissAll() {
  const { dismiss } = useToast();
  return (
    <button type="button" onClick={() => dismiss()}>
      reset
    </button>
  );
}

const renderButton = () =>
  render(
    <>
      <Toaster />
      <DismissAll />
      <ShareButton {...shared} />
    </>,
  );

describe('ShareButton', () => {
  afterEach(async () => {
    await act(async () => screen.getByRole('button', { name: 'reset' }).click());
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'share');
  });

  it("opens the system share sheet with the draw's title, text and address", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share this draw' }));
    expect(share).toHaveBeenCalledWith(shared);
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });

  it('says nothing when the visitor closes the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share this draw' }));
    expect(share).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('copies the address and says so where the browser cannot share', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Share this draw' }));
    expect(await navigator.clipboard.readText()).toBe(shared.url);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });
});
