import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { drawMeta } from '@/config/page-meta';
import { useDrawClock } from '@/hooks/use-draw-clock';
import { useOnline, useOnReconnect } from '@/hooks/use-online';
import { useRefetchWhileDrawing } from '@/hooks/use-refetch-while-drawing';
import { paddedDrawAddress, parseDrawAddress } from '@/lib/draw-address';
import { drawState, isPublished } from '@/lib/lottery-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import type { LotteryResult } from '@/lib/types';
import type { WithdrawnArgs } from './api/get-withdrawn-results';
import { DrawNotFound } from './components/draw-not-found';
import type { PrizeComponent } from './components/draw-result';
import { DrawView, type VerificationComponent } from './components/draw-view';
import type { WithdrawnTrace } from './components/withdrawn-notice';

/** A day's results as the results lists read them (React Query's answer, narrowed). */
export interface DayQuery {
  data: LotteryResult[] | undefined;
  isError: boolean;
  refetch: () => unknown;
}

export interface DrawPageProps {
  /**
   * Reads the draw's day: the lists' own query, so a draw opened from Today or History shows at
   * once from the cache, and the live channel keeps it current (the app composes both).
   */
  useDay: (args: { date: string; live?: boolean }) => DayQuery;
  /** The live subscription, rendered only while the draw's day is today. */
  live: ReactNode;
  /** The prize as the lists show it. */
  Prize: PrizeComponent;
  /** The draw's verification panel (another feature: the app hands it over). */
  Verification: VerificationComponent;
  /** Reads the draw's withdrawn results (api/get-withdrawn-results: the app passes it in). */
  useWithdrawn: (args: WithdrawnArgs) => { data: WithdrawnTrace[] | undefined };
  /** Reads lottery_settings.beacon_since (ADR 023): a late beacon draw is waiting, not missing. */
  useBeaconSince?: () => string | null | undefined;
}

// Publishing is the passage of time, not a write, so no live event announces it (ADR 003): read
// the day again a moment after the draw time, once the database's clock has passed it too.
const PUBLICATION_GRACE_MS = 1000;

export function DrawPage(props: DrawPageProps) {
  const params = useParams();
  const { search, hash } = useLocation();
  // `/draw/2026-11-23/07` is the draw at 07:30 written as people write times: its canonical
  // address replaces it (the stack answers the served page with the same redirect).
  const padded = paddedDrawAddress(params.date, params.hour);
  if (padded) {
    const to = `${paths.draw.getHref(padded.date, padded.hour)}${search}${hash}`;
    return <Navigate to={to} replace />;
  }
  return <DrawAt {...props} />;
}

const noBeacon = () => null;

function DrawAt({
  useDay,
  live,
  Prize,
  Verification,
  useWithdrawn,
  useBeaconSince = noBeacon,
}: DrawPageProps) {
  const params = useParams();
  const draw = parseDrawAddress(params.date, params.hour);
  const timeZone = useLotteryTimezone();
  const clock = useDrawClock(timeZone);
  const date = draw?.date ?? clock.today;
  const isToday = date === clock.today;
  const day = useDay({ date, live: isToday });
  const online = useOnline();
  const refetch = () => void day.refetch();
  useOnReconnect(online, refetch);

  const upcoming = draw ? !isPublished(draw.date, draw.hour, timeZone, clock.now) : false;
  useRefetchWhenDrawn(`${date}/${draw?.hour}`, upcoming, refetch);
  const row = draw ? day.data?.find((result) => result.draw_hour === draw.hour) : undefined;
  // Keyed by the draw's current result: a live deletion changes it and reads the traces again.
  const withdrawn =
    useWithdrawn({
      date,
      hour: draw?.hour ?? 0,
      revision: row ? `${row.id}@${row.updated_at}` : 'none',
      enabled: !!draw && !upcoming && day.data !== undefined,
    }).data ?? [];
  // From HH:30:00 until the number arrives the draw is being made, not missing: a bounded wait
  // (DRAWING_WINDOW_MS) before the page may say no result was published. A result withdrawn in
  // that window is not being drawn: its trace shows.
  // A beacon draw past that window is waiting for its round (ADR 023): drawn late from the same
  // round once it is fetched, so the page keeps reading until the number arrives.
  const beaconSince = useBeaconSince();
  const drawing = draw
    ? drawState(draw.date, draw.hour, timeZone, clock.now, !!row, beaconSince)
    : 'upcoming';
  const state =
    (drawing === 'drawing' || drawing === 'waiting') && withdrawn.length > 0 ? 'missing' : drawing;
  const pending = state === 'drawing' || state === 'waiting';
  useRefetchWhileDrawing(pending && day.data !== undefined, refetch);
  if (!draw) return <DrawNotFound />;

  // Row-level security hides unpublished rows from visitors; an admin's session still sees them,
  // so the public page holds them back too until their draw time.
  const prize = day.data === undefined ? undefined : !upcoming && row ? row.first_prize : null;
  // While drawing, the description names the draw alone: neither "not drawn" nor "no result".
  // A withdrawn draw's description names the draw alone too, never "no result was published".
  const described = pending || (!prize && withdrawn.length > 0) ? undefined : prize;
  const meta = drawMeta(draw, described, upcoming);
  const url = `${config.siteUrl}${meta.path}`;
  return (
    <>
      <PageMeta {...meta} />
      {isToday && live}
      <DrawView
        draw={draw}
        today={clock.today}
        timeZone={timeZone}
        prize={prize}
        state={state}
        failed={day.isError}
        offline={!online}
        onRetry={refetch}
        share={{ title: meta.title, text: meta.description, url }}
        Prize={Prize}
        Verification={Verification}
        revision={row?.updated_at}
        withdrawn={withdrawn}
      />
    </>
  );
}

/** Reads again when the open draw's time passes (not when another draw is opened). */
function useRefetchWhenDrawn(key: string, upcoming: boolean, refetch: () => void) {
  const was = useRef({ key, upcoming });
  const onDrawn = useEffectEvent(refetch);
  useEffect(() => {
    const drawn = was.current.key === key && was.current.upcoming && !upcoming;
    was.current = { key, upcoming };
    if (!drawn) return;
    const timer = setTimeout(() => onDrawn(), PUBLICATION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [key, upcoming]);
}
