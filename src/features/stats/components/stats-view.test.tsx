import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { DrawStats, EndingStat } from '../api/get-draw-stats';
import { StatsView, type StatsViewProps } from './stats-view';

const ending = (number: string, count: number, last_date: string | null = null): EndingStat => ({
  number,
  count,
  last_date,
  last_hour: last_date ? 9 : null,
});

/** 100 draws: every digit ten times in every position but the units, where 7 leads. */
function sample(): DrawStats {
  const even = Array<number>(10).fill(10);
  const units = [8, 9, 10, 10, 10, 10, 10, 13, 10, 10];
  return {
    period: '30d',
    from: '2024-04-02',
    to: '2024-05-01',
    draws: 100,
    positions: [even, even, even, units],
    chi_squared: { positions: [0, 0, 0, 1.4], position_df: 9, total: 1.4, total_df: 36 },
    hot: [ending('17', 4, '2024-04-30'), ending('07', 3, '2024-04-29')],
    cold: [ending('00', 0), ending('01', 0)],
    longest_not_drawn: [ending('00', 0), ending('42', 1, '2024-04-03')],
  };
}

const base: StatsViewProps = {
  period: '30d',
  stats: undefined,
  failed: false,
  offline: false,
  onRetry: () => {},
  timeZone: 'UTC',
};

const show = (props: Partial<StatsViewProps>) =>
  render(
    <MemoryRouter>
      <StatsView {...base} {...props} />
    </MemoryRouter>,
  );

describe('StatsView', () => {
  it('gives screen readers the table behind the chart', () => {
    show({ stats: sample() });
    const table = screen.getByRole('table', {
      name: 'How often each digit fell in each position of the first prize',
    });
    const seven = within(table).getByRole('row', { name: /^7 / });
    expect(
      within(seven)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10', '10', '10', '13']);
  });

  it('says in one sentence whether the digits look fair, with the p-value', () => {
    show({ stats: sample() });
    const check = screen.getByRole('region', { name: 'Fairness check' });
    expect(check).toHaveTextContent(/as evenly as fair draws.*\(p = 1\.00\)/);
    expect(check).toHaveTextContent('χ² = 1.40 with 36 degrees of freedom');
  });

  it('lists hot, cold and longest-not-drawn endings', () => {
    show({ stats: sample() });
    const hot = screen.getByRole('heading', { name: 'Hot numbers' }).closest('section')!;
    expect(
      within(hot)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['174 times', '073 times']);
    const overdue = screen.getByRole('heading', { name: 'Longest not drawn' }).closest('section')!;
    expect(overdue).toHaveTextContent('not drawn in this period');
    expect(overdue).toHaveTextContent('last April 3, 2024, 09:30');
  });

  it('marks the current period and links the others', () => {
    show({ period: '365d', stats: { ...sample(), period: '365d' } });
    const nav = screen.getByRole('navigation', { name: 'Period' });
    expect(within(nav).getByRole('link', { name: 'Last 365 days' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'All time' })).toHaveAttribute(
      'href',
      '/stats?period=all',
    );
    expect(within(nav).getByRole('link', { name: 'Last 30 days' })).toHaveAttribute(
      'href',
      '/stats',
    );
  });

  it('loads, says an empty period is empty, and a failed read failed with Retry', async () => {
    const { unmount } = show({});
    expect(screen.getByRole('status')).toHaveTextContent('Loading results...');
    unmount();
    const empty = show({ stats: { ...sample(), draws: 0 } });
    expect(screen.getByText(/No draws were published in this period/)).toBeVisible();
    empty.unmount();
    const onRetry = vi.fn();
    show({ failed: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
