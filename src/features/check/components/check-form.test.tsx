import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckForm } from './check-form';

describe('CheckForm', () => {
  it('checks what was typed, without spaces, on Enter', async () => {
    const user = userEvent.setup();
    const onCheck = vi.fn();
    render(<CheckForm initial="" onCheck={onCheck} />);
    await user.type(screen.getByRole('textbox', { name: 'Your number' }), '04 27{Enter}');
    expect(onCheck).toHaveBeenCalledWith('0427');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses anything but 2 to 4 digits with a sentence tied to the field', async () => {
    const user = userEvent.setup();
    const onCheck = vi.fn();
    render(<CheckForm initial="" onCheck={onCheck} />);
    const field = screen.getByRole('textbox', { name: 'Your number' });
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(onCheck).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter 2 to 4 digits');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Enter 2 to 4 digits/);
    expect(field).toHaveFocus();
  });

  it('starts from the number in the address', () => {
    render(<CheckForm initial="1234" onCheck={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Your number' })).toHaveValue('1234');
  });
});
