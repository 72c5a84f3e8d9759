import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Factor } from '../api/list-factors';
import { FactorList } from './factor-list';
import { nextName } from './security-dialog';

// The list as each state of the factors query draws it; removal itself runs against a live
// stack (tests/e2e/admin-mfa.spec.ts).
const factor = (id: string, name: string): Factor => ({
  id,
  name,
  createdAt: '2026-11-20T10:00:00Z',
});

function renderList(data: Factor[] | undefined, canManage = true, error: Error | null = null) {
  const query = { data, isError: error !== null, error } as UseQueryResult<Factor[]>;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FactorList query={query} canManage={canManage} />
    </QueryClientProvider>,
  );
}

describe('FactorList', () => {
  it('keeps the only app: no Remove, and says why', () => {
    renderList([factor('a', 'Authenticator app')]);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByText(/only app cannot be removed/)).toBeVisible();
  });

  it('offers to remove each of several apps, by name', () => {
    renderList([factor('a', 'Authenticator app'), factor('b', 'Authenticator app 2')]);
    expect(screen.getByRole('button', { name: 'Remove Authenticator app' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Authenticator app 2' })).toBeEnabled();
  });

  it('below aal2 lists the apps but offers no removal', () => {
    renderList([factor('a', 'One'), factor('b', 'Two')], false);
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Enter your authenticator code first/)).toBeVisible();
  });

  it('says when the list could not be read', () => {
    renderList(undefined, true, new TypeError('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the server');
  });
});

describe('nextName', () => {
  const named = (n: number) => `Authenticator app ${n}`;
  it('picks the first name no app of the account has', () => {
    expect(nextName(['Authenticator app'], named)).toBe('Authenticator app 2');
    expect(nextName(['Authenticator app', 'Authenticator app 2'], named)).toBe(
      'Authenticator app 3',
    );
  });
});
