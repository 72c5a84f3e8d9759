import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrizeNumber } from './prize-number';

describe('PrizeNumber', () => {
  it('reads the four digits one by one to screen readers', () => {
    const { container } = render(<PrizeNumber prize="4017" />);
    expect(container).toHaveTextContent('First prize 4 0 1 7');
    expect(screen.getByText('First prize 4 0 1 7')).toHaveClass('sr-only');
  });

  it("draws one ball per digit in the digit's colour, hidden from the accessibility tree", () => {
    const { container } = render(<PrizeNumber prize="0859" />);
    const balls = [...container.querySelectorAll('[data-color]')];
    expect(balls.map((ball) => ball.getAttribute('data-color'))).toEqual([
      'white',
      'black',
      'orange',
      'amber',
    ]);
    expect(balls.every((ball) => ball.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(balls[0]).toHaveStyle({ backgroundColor: '#ffffff', borderColor: '#000000' });
    expect(balls[1]).toHaveStyle({ color: '#ffffff' });
  });
});
