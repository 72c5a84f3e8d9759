import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/shared/config/paths';
import { LotteryTimezoneContext } from '@/lib/lottery-timezone';
import { resultRow } from '@/lib/results/test/fixtures';
import type { LotteryResult } from '@/lib/types';
import type { WithdrawnTrace } from './components/withdrawn-notice';
import { DrawPage } from './draw-page';

/** A day's read as React Query answers it, narrowed to what the page uses. */
interface DayQuery {
  data: LotteryResult[] | undefined;
  isError: boolean;
  refetch: () => unknown;
}

// The page's reads answer from here: this tests what the page makes of a day, a draw's traces and
// the beacon switch (the reads themselves: tests/integration and the e2e draw pages).
const reads = vi.hoisted(() => ({
  day: {} as Partial<DayQuery>,
  asked: [] as Array<{ date: string; live?: boolean }>,
  live: [] as boolean[],
  /** `null` while the traces are being read. */
  withdrawn: [] as WithdrawnTrace[] | null,
  withdrawnEnabled: [] as boolean[],
  beaconSince: null as string | null,
}));
vi.mock('@/lib/results/api/get-results-by-date', () => ({
  useResultsByDate: (args: { date: string; live?: boolean }): DayQuery => {
    reads.asked.push(args);
    return { data: undefined, isError: false, refetch: () => {}, ...reads.day };
  },
}));
vi.mock('@/lib/results/api/use-results-realtime', () => ({
  useResultsRealtime: (live: boolean) => void reads.live.push(live),
}));
vi.mock('@/lib/results/api/get-beacon-since', () => ({
  useBeaconSince: () => reads.beaconSince,
}));
vi.mock('./api/get-withdrawn-results', () => ({
  useWithdrawnResults: ({ enabled }: { enabled: boolean }) => {
    reads.withdrawnEnabled.push(enabled);
    return { data: reads.withdrawn ?? undefined, isError: false };
  },
}));

const zone = 'Asia/Bangkok'; // UTC+7

const row = (date: string, hour: number, prize: string): LotteryResult =>
  resultRow(date, hour, prize, { source: 'system', created_by: null });

/** Opens `address` with the day's rows as the lists' query would give them. */
function open(
  address: string,
  day: Partial<DayQuery>,
  withdrawn: WithdrawnTrace[] | null = [],
  beaconSince: string | null = null,
) {
  Object.assign(reads, { day, withdrawn, beaconSince, asked: [], live: [], withdrawnEnabled: [] });
  render(
    <LotteryTimezoneContext value={zone}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route
            path={paths.draw.path}
            element={<DrawPage Verification={() => <p>verification</p>} />}
          />
        </Routes>
      </MemoryRouter>
    </LotteryTimezoneContext>,
  );
  return reads.asked;
}

describe('DrawPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-23T07:45:00Z')); // 14:45 in Bangkok
  });
  afterEach(() => vi.useRealTimers());

  it("reads its day live when it is today's, and shows the published number", () => {
    const asked = open('/draw/2026-11-23/14', { data: [row('2026-11-23', 14, '4821')] });
    expect(asked.at(-1)).toEqual({ date: '2026-11-23', live: true });
    expect(reads.live.at(-1)).toBe(true);
    expect(screen.getByText('4821')).toBeInTheDocument();
    expect(document.title).toBe('Draw 14:30 on 23 November 2026: 4821 | Lotto24');
  });

  it('holds back a row whose draw time is still ahead (an admin session can read it)', () => {
    open('/draw/2026-11-23/15', { data: [row('2026-11-23', 15, '5555')] });
    expect(screen.getByText('Not drawn yet')).toBeInTheDocument();
    expect(screen.queryByText('5555')).not.toBeInTheDocument();
    expect(document.title).not.toContain('5555');
  });

  it('reads a past day without the live channel', () => {
    const asked = open('/draw/2026-11-20/3', { data: [] });
    expect(asked.at(-1)).toEqual({ date: '2026-11-20', live: false });
    expect(reads.live).not.toContain(true);
    expect(screen.getByText('No result was published for this draw.')).toBeInTheDocument();
  });

  it('waits for the beacon past the window of a beacon draw, reads again, and shows the late number', () => {
    vi.setSystemTime(new Date('2026-11-23T07:40:00Z')); // 14:40 in Bangkok, ten minutes late
    const refetch = vi.fn();
    open('/draw/2026-11-23/14', { data: [], refetch }, [], '2026-11-20T00:00:00Z');
    expect(screen.getByText('Waiting for the beacon…')).toBeInTheDocument();
    expect(screen.queryByText(/No result/)).not.toBeInTheDocument();
    expect(document.title).not.toMatch(/no result/i);
    act(() => vi.advanceTimersByTime(10_000));
    expect(refetch).toHaveBeenCalled();
  });

  it('calls a late draw before the switch to the beacon missing, as before', () => {
    vi.setSystemTime(new Date('2026-11-23T07:40:00Z'));
    open('/draw/2026-11-23/14', { data: [] }, [], '2026-11-23T08:00:00Z');
    expect(screen.getByText('No result was published for this draw.')).toBeInTheDocument();
  });

  it('shows the draw moment as drawing, reads again meanwhile, and calls it missing only later', () => {
    vi.setSystemTime(new Date('2026-11-23T07:30:00Z')); // 14:30:00 in Bangkok
    const refetch = vi.fn();
    open('/draw/2026-11-23/14', { data: [], refetch });
    expect(screen.getByText('Drawing now…')).toBeInTheDocument();
    expect(screen.queryByText(/No result/)).not.toBeInTheDocument();
    expect(document.title).not.toMatch(/no result/i);
    act(() => vi.advanceTimersByTime(10_000));
    expect(refetch).toHaveBeenCalled();
    expect(screen.getByText('Drawing now…')).toBeInTheDocument();
    // The drawing window (2 minutes) closes: the clock ticks and the page says so.
    act(() => vi.advanceTimersByTime(111_000));
    expect(screen.getByText('No result was published for this draw.')).toBeInTheDocument();
  });

  it('says nothing of a draw without a result until its traces are read', () => {
    open('/draw/2026-11-23/14', { data: [] }, null);
    expect(screen.getByText('Loading results...')).toBeInTheDocument();
    expect(screen.queryByText(/No result was published/)).not.toBeInTheDocument();
    expect(screen.queryByText('Result withdrawn')).not.toBeInTheDocument();
  });

  it('says a withdrawn result was withdrawn, with its number and when, never "no result"', () => {
    const trace: WithdrawnTrace = {
      id: 1,
      first_prize: '5153',
      source: 'operator',
      withdrawn_at: '2026-11-23T07:40:00Z', // 14:40 in Bangkok
    };
    open('/draw/2026-11-23/14', { data: [] }, [trace]);
    expect(screen.getByText('Result withdrawn')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Withdrawn results' })).toHaveTextContent(
      '5153 was published for this draw (entered by the operator) and withdrawn at 14:40.',
    );
    expect(screen.queryByText(/No result was published/)).not.toBeInTheDocument();
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).not.toMatch(
      /no result/i,
    );
  });

  it('shows the current number and the one withdrawn before it', () => {
    const trace: WithdrawnTrace = {
      id: 2,
      first_prize: '5153',
      source: 'system',
      withdrawn_at: '2026-11-24T01:05:00Z', // the next day, 08:05 in Bangkok
    };
    open('/draw/2026-11-23/14', { data: [row('2026-11-23', 14, '4321')] }, [trace]);
    expect(screen.getByText('4321')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Withdrawn results' })).toHaveTextContent(
      '5153 was published for this draw (drawn by the system) and withdrawn at November 24, 2026, 08:05.',
    );
  });

  it('reads no traces for a draw still ahead', () => {
    open('/draw/2026-11-23/20', { data: [] });
    expect(reads.withdrawnEnabled.length).toBeGreaterThan(0);
    expect(reads.withdrawnEnabled.every((enabled) => !enabled)).toBe(true);
  });

  it('says an address that names no draw is not found', () => {
    open('/draw/2026-11-23/24', {});
    expect(screen.getByRole('heading', { name: 'Draw not found' })).toBeInTheDocument();
  });

  it('redirects a zero-padded hour (/07) to the canonical address, keeping the query', () => {
    const asked = open('/draw/2026-11-23/07?from=share', {
      data: [row('2026-11-23', 7, '0707')],
    });
    expect(screen.getByText('0707')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Draw not found' })).not.toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ date: '2026-11-23', live: true });
  });
});
