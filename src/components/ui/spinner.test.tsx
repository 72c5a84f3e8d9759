import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

// Spinner joins classes without tailwind-merge, so its own rule must keep one size only.
describe('Spinner', () => {
  it('is size-4 by default and announces itself', () => {
    render(<Spinner className="text-primary" />);
    const spinner = screen.getByRole('status', { name: 'Loading' });
    expect(spinner).toHaveClass('size-4', 'animate-spin', 'text-primary');
  });

  it('takes the size a caller gives instead of its own', () => {
    const { container } = render(<Spinner aria-hidden className="size-8 text-primary" />);
    const spinner = container.querySelector('svg');
    expect(spinner).toHaveClass('size-8', 'animate-spin');
    expect(spinner).not.toHaveClass('size-4');
    expect(spinner).not.toHaveAttribute('role');
  });

  it('keeps its default size under a responsive size', () => {
    const { container } = render(<Spinner aria-hidden className="sm:size-6" />);
    expect(container.querySelector('svg')).toHaveClass('size-4', 'sm:size-6');
  });
});
