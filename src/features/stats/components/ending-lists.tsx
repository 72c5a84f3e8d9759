import { formatLongDate, hourLabel } from '@/lib/lottery-clock';
import type { DrawStats, EndingStat } from '../api/get-draw-stats';

const times = (count: number) => `${count} ${count === 1 ? 'time' : 'times'}`;

function lastSeen(ending: EndingStat): string {
  if (ending.last_date === null) return 'not drawn in this period';
  return `last ${formatLongDate(ending.last_date)}, ${hourLabel(ending.last_hour ?? 0)}`;
}

interface ListProps {
  title: string;
  about: string;
  endings: EndingStat[];
  detail: (ending: EndingStat) => string;
}

function EndingList({ title, about, endings, detail }: ListProps) {
  return (
    <section className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-xs">
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{about}</p>
      <ol className="flex flex-col divide-y">
        {endings.map((ending) => (
          <li key={ending.number} className="flex items-baseline justify-between gap-3 py-1.5">
            <span className="font-mono text-lg font-bold tabular-nums">{ending.number}</span>
            <span className="text-right text-sm text-muted-foreground">{detail(ending)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Hot, cold and overdue two-digit endings (the last two digits of the first prize). */
export function EndingLists({ stats }: { stats: DrawStats }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <EndingList
        title="Hot numbers"
        about="Endings drawn most often."
        endings={stats.hot}
        detail={(ending) => times(ending.count)}
      />
      <EndingList
        title="Cold numbers"
        about="Endings drawn least often."
        endings={stats.cold}
        detail={(ending) => times(ending.count)}
      />
      <EndingList
        title="Longest not drawn"
        about="Endings whose last draw is the oldest."
        endings={stats.longest_not_drawn}
        detail={lastSeen}
      />
    </div>
  );
}
