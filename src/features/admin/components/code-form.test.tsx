import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeForm, type CodeFormProps } from './code-form';

function renderForm(overrides: Partial<CodeFormProps> = {}) {
  const props: CodeFormProps = {
    busy: false,
    error: null,
    submitLabel: 'Verify',
    busyLabel: 'Verifying...',
    onSubmit: vi.fn(),
    ...overrides,
  };
  const view = render(<CodeForm {...props} />);
  return { props, view };
}

const field = () => screen.getByLabelText('6-digit code');

describe('CodeForm', () => {
  it('is a labelled one-time-code field with the digit pad', () => {
    renderForm();
    expect(field()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    expect(field()).toHaveAccessibleDescription(/changes every 30 seconds/);
  });

  it('sends six digits without the space an app shows between groups', async () => {
    const user = userEvent.setup();
    const { props } = renderForm();
    await user.type(field(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(props.onSubmit).toHaveBeenCalledWith('123456');
  });

  it('refuses a short code before any request, and forgets it as the admin types', async () => {
    const user = userEvent.setup();
    const { props } = renderForm();
    await user.type(field(), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await user.type(field(), '6');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal tied to the field, and stays still while busy", async () => {
    const user = userEvent.setup();
    const { props, view } = renderForm({ error: 'That code is not right.' });
    expect(screen.getByRole('alert')).toHaveTextContent('That code is not right.');
    expect(field()).toHaveAccessibleDescription('That code is not right.');
    view.rerender(<CodeForm {...props} error={null} busy />);
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    await user.type(field(), '123456{Enter}');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });
});
