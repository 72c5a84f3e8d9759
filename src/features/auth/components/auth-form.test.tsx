import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthForm, type AuthFormProps } from './auth-form';

function renderForm(overrides: Partial<AuthFormProps> = {}) {
  const props: AuthFormProps = {
    mode: 'login',
    busy: false,
    onSubmit: vi.fn(),
    onToggleMode: vi.fn(),
    ...overrides,
  };
  const view = render(<AuthForm {...props} />);
  return {
    props,
    rerender: (next: Partial<AuthFormProps>) => view.rerender(<AuthForm {...props} {...next} />),
  };
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

describe('AuthForm', () => {
  it('requires an email address and a password', () => {
    renderForm();
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toBeRequired();
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toBeRequired();
  });

  it('does not submit while a field is empty or the email is malformed', async () => {
    const user = userEvent.setup();
    const { props } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(email(), 'not-an-email');
    await user.type(password(), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('submits the credentials', async () => {
    const user = userEvent.setup();
    const { props } = renderForm();
    await user.type(email(), 'admin@example.com');
    await user.type(password(), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      email: 'admin@example.com',
      password: 'secret-password',
    });
  });

  it('offers the other mode', async () => {
    const user = userEvent.setup();
    const { props, rerender } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
    expect(props.onToggleMode).toHaveBeenCalledTimes(1);
    rerender({ mode: 'signup' });
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Already have an account? Login' }),
    ).toBeInTheDocument();
  });

  it('hands the address typed so far to Forgot password?', async () => {
    const user = userEvent.setup();
    const onForgotPassword = vi.fn();
    renderForm({ onForgotPassword });
    await user.type(email(), ' admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalledWith('admin@example.com');
  });

  it('reads Loading... and cannot be submitted again while busy', () => {
    renderForm({ busy: true });
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });
});
