import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawClock } from '@/hooks/use-draw-clock';
import type { LotteryResult } from '@/lib/types';
import { resultRow } from '../test/fixtures';
import { TodayView } from './today-view';

const zone = 'Asia/Bangkok'; // UTC+7

function Today({ results }: { results: LotteryResult[] }) {
  const clock = useDrawClock(zone);
  return <TodayView clock={clock} timeZone={zone} results={results} loading={false} />;
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
    render(<Today results={[]} />);
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
});
