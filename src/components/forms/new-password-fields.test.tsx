import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, passwordsMatch } from './new-password-fields';

function Harness({ mismatch = false }: { mismatch?: boolean }) {
  const [value, setValue] = useState(EMPTY_NEW_PASSWORD);
  return <NewPasswordFields id="t" value={value} onChange={setValue} mismatch={mismatch} />;
}

describe('NewPasswordFields', () => {
  it('asks for the password twice, each found by its own label and toggle', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const first = screen.getByLabelText('New password');
    const second = screen.getByLabelText('Confirm password');
    expect(first).toHaveAttribute('minLength', '8');
    expect(first).toHaveAccessibleDescription('At least 8 characters.');
    await user.click(screen.getByRole('button', { name: 'Show confirmation' }));
    expect(second).toHaveAttribute('type', 'text');
    expect(first).toHaveAttribute('type', 'password');
  });

  it('shows a mismatch beside the confirmation, tied to it', () => {
    render(<Harness mismatch />);
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The two passwords do not match.',
    );
  });

  it('matches only identical passwords', () => {
    expect(passwordsMatch({ password: 'abcdefgh', confirmation: 'abcdefgh' })).toBe(true);
    expect(passwordsMatch({ password: 'abcdefgh', confirmation: 'abcdefgh ' })).toBe(false);
  });
});
