import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { gridCells, gridDates } from '../utils/grid-days';
import { GridView, type GridViewProps } from './grid-view';

const zone = 'Asia/Bangkok';
const now = new Date('2026-11-23T07:45:00Z'); // 14:45 on Nov 23 in Bangkok
const dates = gridDates('2026-11-23', 7);
const base: GridViewProps = {
  days: 7,
  dates,
  timeZone: zone,
  cell: undefined,
  count: 0,
  failed: false,
  offline: false,
  onRetry: () => {},
};

const view = (props: Partial<GridViewProps>) =>
  render(<GridView {...base} {...props} />, { wrapper: MemoryRouter });

describe('GridView', () => {
  it('says it is loading, then that it failed with a retry, never that there are no results', async () => {
    const { unmount } = view({});
    expect(screen.getByRole('status')).toHaveTextContent('Loading results...');
    unmount();
    const onRetry = vi.fn();
    view({ failed: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('The results could not be loaded.');
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says plainly when the period has no draws', () => {
    const { cell, published } = gridCells([], zone, now);
    view({ cell, count: published });
    expect(screen.getByText('No results available for the last 7 days')).toBeInTheDocument();
  });

  it('shows hours as rows and days as columns, each number linking to its draw', () => {
    const rows = [
      { draw_date: '2026-11-23', draw_hour: 14, first_prize: '4821' },
      { draw_date: '2026-11-17', draw_hour: 0, first_prize: '0042' },
    ];
    const { cell, published } = gridCells(rows, zone, now);
    view({ cell, count: published });
    const table = screen.getByRole('table', { name: /November 17, 2026 to November 23, 2026/ });
    const [head, ...body] = within(table).getAllByRole('row');
    expect(body).toHaveLength(24);
    const days = within(head!).getAllByRole('columnheader');
    expect(days.map((th) => th.textContent)).toEqual([
      'Hour',
      'MonNov 23',
      'SunNov 22',
      'SatNov 21',
      'FriNov 20',
      'ThuNov 19',
      'WedNov 18',
      'TueNov 17',
    ]);
    const at14 = within(body[14]!).getAllByRole('cell');
    expect(within(body[14]!).getByRole('rowheader')).toHaveTextContent('14:30');
    expect(within(at14[0]!).getByRole('link', { name: '4821' })).toHaveAttribute(
      'href',
      '/draw/2026-11-23/14',
    );
    // Today's later hours are empty; a past hour without a result says so to screen readers.
    expect(within(body[15]!).getAllByRole('cell')[0]).toBeEmptyDOMElement();
    expect(at14[1]).toHaveTextContent('No result');
    expect(within(body[0]!).getByRole('link', { name: '0042' })).toHaveAttribute(
      'href',
      '/draw/2026-11-17/0',
    );
  });

  it('switches between 7 and 30 days by address, marking the current one', () => {
    const { cell, published } = gridCells([], zone, now);
    view({ days: 30, dates: gridDates('2026-11-23', 30), cell, count: published });
    const period = screen.getByRole('navigation', { name: 'Period' });
    expect(within(period).getByRole('link', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(period).getByRole('link', { name: 'Last 7 days' })).toHaveAttribute(
      'href',
      '/grid',
    );
  });
});
