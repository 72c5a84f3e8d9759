import { cn } from '@/lib/utils';
import {
  describeChange,
  formatChangeTime,
  type AuditEntry,
  type ChangeView,
} from '../utils/describe-change';
import { useI18n } from '@/i18n/i18n-context';

export type ChangesListProps = { entries: AuditEntry[]; timeZone: string };

/** Newest first: a table from `md` up, a card per change on a phone (no sideways scrolling). */
export function ChangesList({ entries, timeZone }: ChangesListProps) {
  const { i18n } = useI18n();
  const rows = entries.map((entry) => ({
    entry,
    view: describeChange(entry),
    when: entry.at ? formatChangeTime(entry.at, timeZone) : '',
  }));
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{i18n._('admin.changes.caption')}</caption>
          <thead className="text-muted-foreground border-b">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {i18n._('admin.changes.when')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {i18n._('admin.changes.who')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {i18n._('admin.changes.change')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {i18n._('admin.changes.draw')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {i18n._('admin.changes.beforeAfter')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ entry, view, when }) => (
              <tr key={entry.id} className="border-b align-top last:border-0">
                <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{when}</td>
                <td className="py-2 pr-3 break-all">{view.who}</td>
                <td className="py-2 pr-3">
                  <ChangeLabel view={view} />
                </td>
                <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{view.draw ?? '–'}</td>
                <td className="py-2">
                  <BeforeAfter view={view} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-2 md:hidden" aria-label={i18n._('admin.changes.listLabel')}>
        {rows.map(({ entry, view, when }) => (
          <li key={entry.id} className="space-y-1 rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <ChangeLabel view={view} />
              <span className="text-muted-foreground tabular-nums">{when}</span>
            </div>
            {view.draw && (
              <p className="tabular-nums">{i18n._('admin.changes.drawOf', { draw: view.draw })}</p>
            )}
            <BeforeAfter view={view} />
            <p className="text-muted-foreground break-all">
              {i18n._('admin.changes.byWho', { who: view.who })}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function ChangeLabel({ view }: { view: ChangeView }) {
  const { i18n } = useI18n();
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 font-medium">
      {view.label}
      {view.withdrawn && (
        <span className="rounded border border-amber-600 px-1.5 text-xs font-normal text-amber-800 dark:text-amber-300">
          {i18n._('admin.changes.withdrawn')}
        </span>
      )}
    </span>
  );
}

function BeforeAfter({ view }: { view: ChangeView }) {
  const { i18n } = useI18n();
  const prize = view.kind !== 'settings';
  return (
    <p className={cn(prize && 'font-mono tracking-wider', 'break-words')}>
      <span className="sr-only">{i18n._('admin.changes.before')}</span>
      <span>{view.before}</span>
      <span aria-hidden> → </span>
      <span className="sr-only">{i18n._('admin.changes.after')}</span>
      <span>{view.after}</span>
    </p>
  );
}
