import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeleteQuestion, GenerateQuestion, generatePlan } from './range-questions';

const year = { from: '2024-01-01', to: '2024-12-31' };
const tooLong = { from: '2024-01-01', to: '2025-01-01' };
const counted = (results: number, published = 0) => ({
  data: { results, published },
  isError: false,
});

describe('range questions', () => {
  it('counts a whole leap year of hours, and refuses one day more', () => {
    expect(generatePlan(year, counted(100))).toEqual({
      ready: true,
      create: 366 * 24 - 100,
      days: 366,
      kept: 100,
    });
    expect(generatePlan(tooLong, counted(0)).ready).toBe(false);
    render(<GenerateQuestion range={tooLong} count={counted(0)} />);
    expect(
      screen.getByText(
        'The range from 2024-01-01 to 2025-01-01 spans 367 days: at most 366 days can be generated at once.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the count failed, and never a number then', () => {
    render(<GenerateQuestion range={year} count={{ data: undefined, isError: true }} />);
    expect(screen.getByText(/could not be counted/)).toBeInTheDocument();
    expect(generatePlan(year, { data: undefined, isError: true }).ready).toBe(false);
  });

  it('says one result in the singular, and that it is published', () => {
    render(
      <DeleteQuestion range={{ from: '2024-05-01', to: '2024-05-01' }} count={counted(1, 1)} />,
    );
    expect(screen.getByText(/This deletes/)).toHaveTextContent(
      'This deletes 1 result from 2024-05-01 to 2024-05-01.',
    );
    expect(screen.getByText(/It is published/)).toBeInTheDocument();
  });

  it('groups thousands', () => {
    render(<DeleteQuestion range={year} count={counted(8784, 8784)} />);
    expect(screen.getByText(/This deletes/)).toHaveTextContent('This deletes 8,784 results');
    expect(screen.getByText(/All of them are published/)).toBeInTheDocument();
  });
});
