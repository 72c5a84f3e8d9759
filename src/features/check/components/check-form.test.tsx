import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { parseCheckNumber } from '@/shared/check-number';
import { CheckForm } from './check-form';

/** The form under a stand-in for the page: the address is `n`, as CheckPage keeps it. */
function WithAddress({
  start,
  onAddress,
}: {
  start: string | null;
  onAddress: (n: string | null) => void;
}) {
  const [raw, setRaw] = useState(start);
  const n = parseCheckNumber(raw);
  return (
    <CheckForm
      initial={n ?? raw ?? ''}
      invalid={raw !== null && raw.trim() !== '' && n === null}
      onCheck={(typed) => {
        const next = typed === '' ? null : typed;
        setRaw(next);
        onAddress(next);
      }}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'Your number' });

describe('CheckForm', () => {
  it('checks what was typed, without spaces, on Enter', async () => {
    const user = userEvent.setup();
    const onCheck = vi.fn();
    render(<CheckForm initial="" invalid={false} onCheck={onCheck} />);
    await user.type(field(), '04 27{Enter}');
    expect(onCheck).toHaveBeenCalledWith('0427');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a typo to the address too, and says beside the field why it has no results', async () => {
    const user = userEvent.setup();
    const onAddress = vi.fn();
    render(<WithAddress start="1234" onAddress={onAddress} />);
    await user.clear(field());
    await user.type(field(), '12345');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    // The address no longer names 1234, so the page can no longer show 1234's results.
    expect(onAddress).toHaveBeenLastCalledWith('12345');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“12345” is not a number to check. Enter 2 to 4 digits',
    );
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(/Enter 2 to 4 digits/);
    expect(field()).toHaveFocus();
    expect(field()).toHaveValue('12345');
  });

  it('an empty check clears the address and asks for a number', async () => {
    const user = userEvent.setup();
    const onAddress = vi.fn();
    render(<WithAddress start="1234" onAddress={onAddress} />);
    await user.clear(field());
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(onAddress).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Enter 2 to 4 digits/);
    expect(field()).toHaveFocus();
  });

  it('a valid number after a typo clears the error', async () => {
    const user = userEvent.setup();
    render(<WithAddress start="12ab" onAddress={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('“12ab” is not a number to check.');
    await user.clear(field());
    await user.type(field(), '0427{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field()).toHaveValue('0427');
  });

  it('starts from the number in the address, and follows it when the address changes', () => {
    const { rerender } = render(<CheckForm initial="1234" invalid={false} onCheck={() => {}} />);
    expect(field()).toHaveValue('1234');
    rerender(<CheckForm initial="5678" invalid={false} onCheck={() => {}} />);
    expect(field()).toHaveValue('5678');
  });

  it('repeats at most 12 characters of a long address value', () => {
    render(<CheckForm initial={'9'.repeat(200)} invalid onCheck={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(`“${'9'.repeat(12)}” is not`);
  });
});
