import { hourLabel } from '@/shared/lottery-clock';
import type { DrawStats, EndingStat } from '../api/get-draw-stats';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';

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
  const { i18n } = useI18n();
  const format = useFormat();
  const times = (ending: EndingStat) => i18n._('stats.times', { count: ending.count });
  const lastSeen = (ending: EndingStat) =>
    ending.last_date === null
      ? i18n._('stats.notDrawnInPeriod')
      : i18n._('stats.lastSeen', {
          date: format.longDate(ending.last_date),
          time: hourLabel(ending.last_hour ?? 0),
        });
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <EndingList
        title={i18n._('stats.hotTitle')}
        about={i18n._('stats.hotAbout')}
        endings={stats.hot}
        detail={times}
      />
      <EndingList
        title={i18n._('stats.coldTitle')}
        about={i18n._('stats.coldAbout')}
        endings={stats.cold}
        detail={times}
      />
      <EndingList
        title={i18n._('stats.longestTitle')}
        about={i18n._('stats.longestAbout')}
        endings={stats.longest_not_drawn}
        detail={lastSeen}
      />
    </div>
  );
}
