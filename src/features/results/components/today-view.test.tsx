import { act, render as renderDom, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawClock } from '@/hooks/use-draw-clock';
import type { LotteryResult } from '@/lib/types';
import { usePublishedOnly } from '../hooks/use-published-only';
import { resultRow } from '@/lib/results/test/fixtures';
import { TodayView, type TodayViewProps } from './today-view';

// Each row links to its draw's page: the views render inside a router, as in the app.
const render = (ui: ReactElement) => renderDom(ui, { wrapper: MemoryRouter });

const zone = 'Asia/Bangkok'; // UTC+7

function Today({
  results,
  connection,
}: {
  results: LotteryResult[];
  connection?: TodayViewProps['connection'];
}) {
  // As the page does: the view shows what it is given, the hook holds back unpublished rows.
  const clock = useDrawClock(zone);
  const published = usePublishedOnly(results, zone, clock.now);
  return (
    <TodayView
      clock={clock}
      timeZone={zone}
      results={published}
      loading={false}
      connection={connection}
    />
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('TodayView on the lottery clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows today's date in the lottery timezone, not the visitor's", () => {
    vi.setSystemTime(new Date('2024-05-01T18:00:00Z')); // 01:00 on May 2 in Bangkok
    render(<Today results={[]} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Today's Results");
    expect(screen.getByText('May 2, 2024')).toBeInTheDocument();
    expect(screen.getByText('No results available yet for today')).toBeInTheDocument();
  });

  it('counts down to the next draw every second', () => {
    vi.setSystemTime(new Date('2024-05-01T07:28:50Z')); // 14:28:50 local
    // The 14:30 result is in at its time (an admin's cache): no drawing state in between.
    render(<Today results={[resultRow('2024-05-01', 14, '4321')]} />);
    expect(screen.getByText(/Next draw: Draw #15 at 14:30/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('01:10');
    advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('01:09');
    advance(69_000);
    expect(screen.getByText(/Next draw: Draw #16 at 15:30/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('1:00:00');
    advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('59:59');
  });

  it('keeps a cached result hidden until its draw time, then shows it', () => {
    vi.setSystemTime(new Date('2024-05-01T07:29:58Z')); // 14:29:58 local
    const rows = [resultRow('2024-05-01', 14, '4321'), resultRow('2024-05-01', 13, '1234')];
    render(<Today results={rows} />);
    expect(screen.queryByText('14:30')).not.toBeInTheDocument();
    expect(screen.getByText('13:30')).toBeInTheDocument();
    advance(2000);
    expect(screen.getByText('14:30')).toBeInTheDocument();
    expect(screen.getByText('First prize 4 3 2 1')).toBeInTheDocument();
  });

  it('rolls over to the new day at the lottery midnight while open', () => {
    vi.setSystemTime(new Date('2024-05-01T16:59:00Z')); // 23:59 local
    render(<Today results={[]} />);
    expect(screen.getByText('May 1, 2024')).toBeInTheDocument();
    advance(60_000);
    expect(screen.getByText('May 2, 2024')).toBeInTheDocument();
    expect(screen.getByText(/Next draw: Draw #1 at 00:30/)).toBeInTheDocument();
  });

  it("names the lottery clock and gives the next draw on the visitor's clock", () => {
    // The test process runs in UTC (the visitor); the lottery is in Bangkok.
    vi.setSystemTime(new Date('2024-05-01T07:10:00Z')); // 14:10 in Bangkok
    render(<Today results={[]} />);
    expect(screen.getByText('Times in Asia/Bangkok (GMT+7)')).toBeInTheDocument();
    expect(screen.getByText('Your time: 07:30, May 1')).toBeInTheDocument();
  });

  it('says the next draw is tomorrow from 23:30 to midnight, and not after', () => {
    vi.setSystemTime(new Date('2024-05-01T16:30:30Z')); // 23:30:30 in Bangkok
    render(<Today results={[resultRow('2024-05-01', 23, '0008')]} />);
    expect(screen.getByText('May 1, 2024')).toBeInTheDocument();
    expect(screen.getByText(/^Next draw: Draw #1 at 00:30 tomorrow$/)).toBeInTheDocument();
    // The clock also ticks when the 23:30 drawing window closes (23:32), then at midnight.
    advance(90_000);
    advance(28 * 60_000);
    expect(screen.getByText('May 2, 2024')).toBeInTheDocument();
    expect(screen.getByText(/^Next draw: Draw #1 at 00:30$/)).toBeInTheDocument();
  });

  it('announces a newer draw in a live region, but not the first list', () => {
    vi.setSystemTime(new Date('2024-05-01T08:00:00Z')); // 15:00 in Bangkok
    const first = [resultRow('2024-05-01', 13, '1234')];
    const { rerender } = render(<Today results={first} />);
    const region = () =>
      screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    expect(region()).toHaveTextContent('');
    rerender(<Today results={[resultRow('2024-05-01', 14, '4017'), ...first]} />);
    expect(region()).toHaveTextContent('New result: Draw #15 at 14:30, first prize 4 0 1 7');
  });

  it('says when it is offline or reconnecting, and the countdown stops pretending', () => {
    vi.setSystemTime(new Date('2024-05-01T08:00:00Z')); // 15:00 in Bangkok
    const rows = [resultRow('2024-05-01', 14, '4017')];
    const updatedAt = new Date('2024-05-01T07:45:00Z').getTime(); // 14:45 in Bangkok
    const { rerender } = render(
      <Today results={rows} connection={{ offline: true, reconnecting: false, updatedAt }} />,
    );
    expect(screen.getByText('Offline: showing results last updated at 14:45.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Paused while offline')).toBeInTheDocument();
    expect(screen.getByText('First prize 4 0 1 7')).toBeInTheDocument();

    rerender(
      <Today results={rows} connection={{ offline: false, reconnecting: true, updatedAt }} />,
    );
    expect(screen.getByText(/^Reconnecting…/)).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    rerender(
      <Today results={rows} connection={{ offline: false, reconnecting: false, updatedAt }} />,
    );
    expect(screen.queryByText(/Offline|Reconnecting/)).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('30:00');
  });

  it('says the draw is being made from its time until its row arrives, never "no result"', () => {
    vi.setSystemTime(new Date('2024-05-01T07:29:59Z')); // 14:29:59 in Bangkok
    const { rerender } = render(<Today results={[]} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:01');
    advance(1000);
    const drawing = screen.getAllByText('Drawing now…');
    expect(drawing).toHaveLength(2); // the countdown box and the head of the list
    expect(screen.getByText('Draw #15 at 14:30')).toBeInTheDocument();
    expect(screen.queryByText(/No result/)).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    advance(6000);
    rerender(<Today results={[resultRow('2024-05-01', 14, '0008')]} />);
    expect(screen.queryByText('Drawing now…')).not.toBeInTheDocument();
    expect(screen.getByText('First prize 0 0 0 8')).toBeInTheDocument();
    expect(screen.getByText(/Next draw: Draw #16 at 15:30/)).toBeInTheDocument();
  });

  it('stops saying "drawing" once the drawing window closes without a result', () => {
    vi.setSystemTime(new Date('2024-05-01T07:30:00Z')); // 14:30:00 in Bangkok
    render(<Today results={[]} />);
    expect(screen.getAllByText('Drawing now…')).toHaveLength(2);
    advance(120_000);
    expect(screen.queryByText('Drawing now…')).not.toBeInTheDocument();
    expect(screen.getByText('No results available yet for today')).toBeInTheDocument();
    expect(screen.getByText(/Next draw: Draw #16 at 15:30/)).toBeInTheDocument();
  });
});
