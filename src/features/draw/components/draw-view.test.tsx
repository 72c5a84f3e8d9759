import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawView, type DrawViewProps } from './draw-view';

const base: DrawViewProps = {
  draw: { date: '2026-11-23', hour: 14 },
  today: '2026-11-23',
  timeZone: 'Asia/Bangkok',
  prize: '4821',
  state: 'published',
  failed: false,
  offline: false,
  onRetry: () => {},
  share: { title: 't', text: 'd', url: 'https://lotto24.example/draw/2026-11-23/14' },
  Verification: ({ date, hour, revision }) => (
    <p>
      verification of {date} {hour} at {revision}
    </p>
  ),
  revision: '2026-11-23T07:30:01Z',
};
const view = (props: Partial<DrawViewProps> = {}) =>
  render(<DrawView {...base} {...props} />, { wrapper: MemoryRouter });

describe('DrawView', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the draw, its number and its day', () => {
    view();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Draw #15 at 14:30');
    expect(screen.getByText('November 23, 2026')).toBeInTheDocument();
    expect(screen.getByText('First prize 4 8 2 1')).toBeInTheDocument();
    expect(screen.getByText(/Times in Asia\/Bangkok/)).toBeInTheDocument();
  });

  it('shows the verification of a published draw only', () => {
    const { unmount } = view();
    expect(screen.getByText('verification of 2026-11-23 14 at 2026-11-23T07:30:01Z')).toBeVisible();
    unmount();
    view({ prize: null, state: 'upcoming' });
    expect(screen.queryByText(/verification of/)).not.toBeInTheDocument();
  });

  it('links to the neighbouring draws across midnight and to its day in History', () => {
    view({ draw: { date: '2026-11-23', hour: 0 } });
    const nav = screen.getByRole('navigation', { name: 'Other draws' });
    expect(within(nav).getByRole('link', { name: /Previous draw: 23:30, Nov 22/ })).toHaveAttribute(
      'href',
      '/draw/2026-11-22/23',
    );
    expect(within(nav).getByRole('link', { name: /Next draw: 01:30/ })).toHaveAttribute(
      'href',
      '/draw/2026-11-23/1',
    );
    expect(
      within(nav).getByRole('link', { name: 'All draws of November 23, 2026 in History' }),
    ).toHaveAttribute('href', '/history?date=2026-11-23');
  });

  it("says a draw still ahead is not drawn yet, on the lottery's clock and the visitor's", () => {
    vi.setSystemTime(new Date('2026-11-23T05:00:00Z'));
    view({ prize: null, state: 'upcoming' });
    expect(screen.getByText('Not drawn yet')).toBeInTheDocument();
    expect(screen.getByText(/Draw #15 takes place at/)).toHaveTextContent(
      'Draw #15 takes place at 14:30, Asia/Bangkok (GMT+7).',
    );
    // The visitor's own clock is the e2e tests' (Los Angeles); here it is the runner's.
  });

  it('says a draw whose time just passed is being drawn, never that it had no result', () => {
    view({ prize: null, state: 'drawing' });
    expect(screen.getByRole('status')).toHaveTextContent('Drawing now…');
    expect(screen.getByRole('status')).toHaveTextContent('Draw #15 at 14:30 is being drawn.');
    expect(screen.queryByText(/No result/)).not.toBeInTheDocument();
  });

  it('says a past draw without a result had none', () => {
    view({ prize: null, state: 'missing' });
    expect(screen.getByText('No result was published for this draw.')).toBeInTheDocument();
    expect(screen.queryByText('Not drawn yet')).not.toBeInTheDocument();
  });

  it('says it is loading, and a failed read offers a retry', async () => {
    const { unmount } = view({ prize: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading results...');
    unmount();
    const onRetry = vi.fn();
    view({ prize: undefined, failed: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('The results could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
