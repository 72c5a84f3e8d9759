import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecoveryCodeForm, type RecoveryCodeFormProps } from './recovery-code-form';

function renderForm(overrides: Partial<RecoveryCodeFormProps> = {}) {
  const props: RecoveryCodeFormProps = {
    initialEmail: 'admin@example.com',
    busy: false,
    onSubmit: vi.fn(),
    onResend: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
  render(<RecoveryCodeForm {...props} />);
  return props;
}

const code = () => screen.getByLabelText('Code from the e-mail');
const submit = () => screen.getByRole('button', { name: 'Set new password' });

describe('RecoveryCodeForm', () => {
  it('starts with the address the reset was sent to', () => {
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(code()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code()).toHaveAttribute('inputmode', 'numeric');
  });

  it('sends the code, without spaces, with the new password typed twice', async () => {
    const user = userEvent.setup();
    const props = renderForm();
    await user.type(code(), '123 456');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm password'), 'a-new-password');
    await user.click(submit());
    expect(props.onSubmit).toHaveBeenCalledWith({
      email: 'admin@example.com',
      code: '123456',
      password: 'a-new-password',
    });
  });

  it('refuses a code that is not six digits, and two different passwords, beside their fields', async () => {
    const user = userEvent.setup();
    const props = renderForm();
    await user.type(code(), '12ab');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm password'), 'another-password');
    await user.click(submit());
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(code()).toHaveAttribute('aria-invalid', 'true');
    expect(code()).toHaveAccessibleDescription('Enter the 6-digit code from the e-mail.');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The two passwords do not match.',
    );
  });

  it('bounds the code field', () => {
    renderForm();
    expect(Number(code().getAttribute('maxlength'))).toBeLessThanOrEqual(14);
  });

  it('offers a new code for the address typed, and the way back', async () => {
    const user = userEvent.setup();
    const props = renderForm({ initialEmail: '' });
    await user.type(screen.getByLabelText('Email'), ' someone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(props.onResend).toHaveBeenCalledWith('someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(props.onBack).toHaveBeenCalled();
  });

  it('reads Saving... and cannot be sent again while busy', () => {
    renderForm({ busy: true });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});
