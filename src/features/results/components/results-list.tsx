import { drawNumber, hourLabel } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { PrizeNumberRoom } from '@/components/results/prize-number';
import { ResultRow, type ResultRowAction } from './result-row';
import { useI18n } from '@/i18n/i18n-context';
import { useInAppLinks } from '@/hooks/use-in-app-links';
import { paths } from '@/shared/config/paths';

/** The draw heading the list until its row arrives: its hour, and whether it awaits the beacon. */
export interface PendingDraw {
  hour: number;
  waiting?: boolean;
}

/**
 * Rows arrive newest hour first (the query orders them; live events keep the order). A draw
 * being made (`drawing`) heads the list until its row arrives.
 */
export function ResultsList({
  results,
  label,
  drawing,
  RowAction,
}: {
  results: LotteryResult[];
  label: string;
  drawing?: PendingDraw;
  RowAction?: ResultRowAction;
}) {
  const links = useInAppLinks();
  return (
    <ul aria-label={label} onClick={links.onClick} className="flex flex-col gap-2">
      {drawing !== undefined && <DrawingRow {...drawing} withAction={RowAction !== undefined} />}
      {results.map((result) => (
        <ResultRow
          key={result.id}
          result={result}
          href={links.href(paths.draw.getHref(result.draw_date, result.draw_hour))}
          Action={RowAction}
        />
      ))}
    </ul>
  );
}

/**
 * The row of the draw being made, as tall as the row that replaces it (RowShape), so the
 * number's arrival moves nothing under it.
 */
function DrawingRow({ hour, waiting, withAction }: PendingDraw & { withAction: boolean }) {
  const { i18n } = useI18n();
  return (
    <RowShape
      time={hourLabel(hour)}
      number={i18n._('draw.number', { number: drawNumber(hour) })}
      status={i18n._(waiting ? 'draw.waitingForBeacon' : 'draw.drawingNow')}
      withAction={withAction}
    />
  );
}

/** The room of one row a loading list keeps: a row's shape with nothing in it to read. */
export function RowRoom({ withAction }: { withAction: boolean }) {
  return <RowShape time={'\u00a0'} number={'\u00a0'} withAction={withAction} />;
}

/**
 * A result row's shape without a result: the time and draw lines, the balls' room (empty, with
 * the status over it) and, where rows carry an action, the action's line, as ResultRow lays them.
 */
function RowShape({
  time,
  number,
  status,
  withAction,
}: {
  time: string;
  number: string;
  status?: string;
  withAction: boolean;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-dashed bg-card">
      <div className="flex items-center justify-between gap-3 px-3 py-3 min-[360px]:px-4">
        <span className="flex flex-col">
          <span className="text-lg font-bold tabular-nums">{time}</span>
          <span className="text-sm whitespace-nowrap text-muted-foreground">{number}</span>
        </span>
        <span className="grid items-center justify-items-end">
          <span className="[grid-area:1/1]">
            <PrizeNumberRoom />
          </span>
          {status && (
            <span className="text-right font-medium text-primary [grid-area:1/1]">{status}</span>
          )}
        </span>
      </div>
      {withAction && <div aria-hidden className="mx-3 mb-3 h-8 min-[360px]:mx-4" />}
    </li>
  );
}
