import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SecondFactorBanner } from './second-factor-banner';

describe('SecondFactorBanner', () => {
  it('says changes need the code, and leads back to it', async () => {
    const onResume = vi.fn();
    render(<SecondFactorBanner step="code" onResume={onResume} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      /changes to results need your authenticator code/,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enter code' }));
    expect(onResume).toHaveBeenCalledOnce();
  });

  it('asks an admin without an app to set one up', () => {
    render(<SecondFactorBanner step="enrol" onResume={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Set up authenticator' })).toBeVisible();
  });
});
