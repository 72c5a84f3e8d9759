import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MatchSection, type MatchSectionProps } from './match-section';

const base: MatchSectionProps = {
  kind: 'exact',
  n: '1234',
  page: undefined,
  loading: false,
  loadingMore: false,
  failed: false,
  offline: false,
  onRetry: () => {},
  onMore: () => {},
};

const show = (props: Partial<MatchSectionProps>) =>
  render(
    <MemoryRouter>
      <MatchSection {...base} {...props} />
    </MemoryRouter>,
  );

describe('MatchSection', () => {
  it('says plainly that a number was never drawn', () => {
    show({ page: { draws: [], total: 0 } });
    expect(screen.getByRole('heading', { name: 'Exact first prize 1234 (0 draws)' })).toBeVisible();
    expect(screen.getByText('1234 has never been drawn as the first prize.')).toBeVisible();
  });

  it('lists matches newest first, each linking to its draw, the matched digits read out', () => {
    show({
      kind: 'last3',
      page: {
        total: 2,
        draws: [
          { draw_date: '2024-05-02', draw_hour: 14, first_prize: '9234' },
          { draw_date: '2024-05-01', draw_hour: 0, first_prize: '5234' },
        ],
      },
    });
    const list = screen.getByRole('list', { name: 'Last three digits 234, newest first' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/draw/2024-05-02/14',
      '/draw/2024-05-01/0',
    ]);
    expect(links[0]).toHaveAccessibleName('May 2, 2024, 14:30: first prize 9 2 3 4');
  });

  it('lists a draw dated outside every calendar day as written, without a link (ADR 020)', () => {
    show({
      kind: 'last2',
      n: '0001',
      page: {
        total: 3,
        draws: [
          { draw_date: '2000-01-01', draw_hour: 0, first_prize: '0001' },
          { draw_date: '0001-01-01 BC', draw_hour: 5, first_prize: '9901' },
          { draw_date: '-infinity', draw_hour: 6, first_prize: '8801' },
        ],
      },
    });
    const list = screen.getByRole('list', { name: 'Last two digits 01, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByText('January 1, 2000')).toBeVisible();
    expect(within(list).getByText('0001-01-01 BC')).toBeVisible();
    expect(within(list).getByText('-infinity')).toBeVisible();
  });

  it('offers the rest of a long list a page at a time', async () => {
    const onMore = vi.fn();
    const draws = Array.from({ length: 10 }, (_, i) => ({
      draw_date: `2024-05-${String(20 - i).padStart(2, '0')}`,
      draw_hour: 3,
      first_prize: '0034',
    }));
    show({ kind: 'last2', page: { total: 25, draws }, onMore });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show 15 more of 15' }));
    expect(onMore).toHaveBeenCalledOnce();
  });

  it('loads, and says a failed read failed with Retry rather than "never drawn"', async () => {
    const { unmount } = show({ loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading results...');
    unmount();
    const onRetry = vi.fn();
    show({ failed: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.queryByText(/never been drawn/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
