import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredToaster } from './deferred-toaster';

describe('DeferredToaster', () => {
  it('renders nothing until the first toast, then the toaster with it', async () => {
    const { container } = render(<DeferredToaster />);
    expect(container).toBeEmptyDOMElement();
    // What raises a toast brings the store with it (sign-in, the admin, a draw's Share).
    const { toast } = await import('@/components/ui/use-toast');
    act(() => void toast({ title: 'Saved', description: 'Result added' }));
    expect(await screen.findByText('Result added')).toBeVisible();
  });
});
