import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AccessDenied } from './access-denied';

function renderPage(signingOut = false) {
  const onSignOut = vi.fn();
  render(
    <MemoryRouter>
      <AccessDenied email="visitor@example.com" signingOut={signingOut} onSignOut={onSignOut} />
    </MemoryRouter>,
  );
  return onSignOut;
}

describe('AccessDenied', () => {
  it('says whose account this is, why it is turned away, and whom to ask', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    expect(screen.getByText('visitor@example.com')).toBeVisible();
    expect(screen.getByText(/This account is not an administrator/)).toBeVisible();
    expect(screen.getByText(/ask the operator to grant this address the admin role/)).toBeVisible();
    expect(screen.getByText(/every results page is open to visitors/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('has its own Sign out', async () => {
    const user = userEvent.setup();
    const onSignOut = renderPage();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('cannot sign out twice at once', () => {
    renderPage(true);
    expect(screen.getByRole('button', { name: 'Signing out...' })).toBeDisabled();
  });
});
