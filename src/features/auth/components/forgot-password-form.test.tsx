import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ForgotPasswordForm, type ForgotPasswordFormProps } from './forgot-password-form';

function renderForm(overrides: Partial<ForgotPasswordFormProps> = {}) {
  const props: ForgotPasswordFormProps = {
    initialEmail: 'admin@example.com',
    busy: false,
    onSubmit: vi.fn(),
    onHaveCode: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
  render(<ForgotPasswordForm {...props} />);
  return props;
}

describe('ForgotPasswordForm', () => {
  it('keeps the address typed on the login form and sends the reset there', async () => {
    const user = userEvent.setup();
    const props = renderForm();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(props.onSubmit).toHaveBeenCalledWith('admin@example.com');
  });

  it('leads to the code form with the address typed', async () => {
    const user = userEvent.setup();
    const props = renderForm({ initialEmail: '' });
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'I have a code' }));
    expect(props.onHaveCode).toHaveBeenCalledWith('me@example.com');
  });
});
