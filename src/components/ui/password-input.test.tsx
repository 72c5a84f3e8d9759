import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('hides the password until its toggle is pressed, and hides it again', async () => {
    const user = userEvent.setup();
    render(<PasswordInput aria-label="Secret" defaultValue="hunter22" />);
    const field = screen.getByLabelText('Secret');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(field).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(field).toHaveAttribute('autocapitalize', 'none');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'password');
  });

  it('never submits its form, and takes its own name', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <PasswordInput aria-label="Secret" revealLabel="Show confirmation" />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Show confirmation' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
