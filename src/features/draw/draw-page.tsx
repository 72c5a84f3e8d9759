import { useEffect, useEffectEvent, useRef } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { useI18n } from '@/i18n/i18n-context';
import { config } from '@/config/env';
import { paths } from '@/shared/config/paths';
import { drawMeta } from '@/shared/config/page-meta';
import { useDrawClock } from '@/hooks/use-draw-clock';
import { useOnline, useOnReconnect } from '@/hooks/use-online';
import { useRefetchWhileDrawing } from '@/hooks/use-refetch-while-drawing';
import { paddedDrawAddress, parseDrawAddress } from '@/shared/draw-address';
import { drawState, isPublished } from '@/shared/lottery-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { useBeaconSince } from '@/lib/results/api/get-beacon-since';
import { useResultsByDate } from '@/lib/results/api/get-results-by-date';
import { useResultsRealtime } from '@/lib/results/api/use-results-realtime';
import { useWithdrawnResults } from './api/get-withdrawn-results';
import { DrawNotFound } from './components/draw-not-found';
import { DrawView, type VerificationComponent } from './components/draw-view';

export interface DrawPageProps {
  /** The draw's verification panel (another feature: the app hands it over). */
  Verification: VerificationComponent;
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

function DrawAt({ Verification }: DrawPageProps) {
  const { i18n } = useI18n();
  const params = useParams();
  const draw = parseDrawAddress(params.date, params.hour);
  const timeZone = useLotteryTimezone();
  const clock = useDrawClock(timeZone);
  const date = draw?.date ?? clock.today;
  const isToday = date === clock.today;
  // The lists' own query and live channel (src/lib/results): a draw opened from Today or History
  // shows at once from the cache, and while its day is today the channel keeps it current.
  const day = useResultsByDate({ date, live: isToday });
  useResultsRealtime(isToday);
  const online = useOnline();
  const refetch = () => void day.refetch();
  useOnReconnect(online, refetch);

  const upcoming = draw ? !isPublished(draw.date, draw.hour, timeZone, clock.now) : false;
  useRefetchWhenDrawn(`${date}/${draw?.hour}`, upcoming, refetch);
  const row = draw ? day.data?.find((result) => result.draw_hour === draw.hour) : undefined;
  // Keyed by the draw's current result: a live deletion changes it and reads the traces again.
  const tracesWanted = !!draw && !upcoming && day.data !== undefined;
  const traces = useWithdrawnResults({
    date,
    hour: draw?.hour ?? 0,
    revision: row ? `${row.id}@${row.updated_at}` : 'none',
    enabled: tracesWanted,
  });
  const withdrawn = traces.data ?? [];
  // A draw without a result says which kind only once its traces are read: one whose result was
  // withdrawn must never flash "no result was published" first (a failed read falls back to it).
  const tracesKnown = !tracesWanted || traces.data !== undefined || traces.isError;
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
  // A draw still ahead has no number to wait for: its pending box shows at once.
  const prize = upcoming
    ? null
    : day.data === undefined || (!row && !tracesKnown)
      ? undefined
      : (row?.first_prize ?? null);
  // While drawing, the description names the draw alone: neither "not drawn" nor "no result".
  // A withdrawn draw's description names the draw alone too, never "no result was published".
  const described = pending || (!prize && withdrawn.length > 0) ? undefined : prize;
  const meta = drawMeta(draw, described, upcoming, i18n);
  const url = `${config.siteUrl}${meta.path}`;
  return (
    <>
      <PageMeta {...meta} />
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
