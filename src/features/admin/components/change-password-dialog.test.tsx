import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangePasswordDialog } from './change-password-dialog';

// Only what happens before any request: the change itself is tested against a live stack
// (tests/e2e/auth-recovery.spec.ts, tests/e2e/account-details.spec.ts).
function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChangePasswordDialog />
    </QueryClientProvider>,
  );
}

async function open() {
  const user = userEvent.setup();
  renderDialog();
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return { user, dialog: within(screen.getByRole('alertdialog')) };
}

describe('ChangePasswordDialog', () => {
  it('asks for the new password twice, each with a show toggle', async () => {
    const { user, dialog } = await open();
    const first = dialog.getByLabelText('New password');
    const second = dialog.getByLabelText('Confirm password');
    expect(first).toHaveAttribute('type', 'password');
    await user.click(dialog.getByRole('button', { name: 'Show password' }));
    expect(first).toHaveAttribute('type', 'text');
    await user.click(dialog.getByRole('button', { name: 'Show confirmation' }));
    expect(second).toHaveAttribute('type', 'text');
  });

  it('refuses two different passwords inline and stays open', async () => {
    const { user, dialog } = await open();
    await user.type(dialog.getByLabelText('New password'), 'first-password');
    await user.type(dialog.getByLabelText('Confirm password'), 'other-password');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(dialog.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    // Correcting the confirmation takes the error away.
    await user.clear(dialog.getByLabelText('Confirm password'));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts empty each time it opens', async () => {
    const { user, dialog } = await open();
    await user.type(dialog.getByLabelText('New password'), 'typed-password');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(within(screen.getByRole('alertdialog')).getByLabelText('New password')).toHaveValue('');
  });
});
