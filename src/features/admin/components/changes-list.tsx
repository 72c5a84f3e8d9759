import { cn } from '@/lib/utils';
import {
  describeChange,
  formatChangeTime,
  type AuditEntry,
  type ChangeView,
} from '../utils/describe-change';

export type ChangesListProps = { entries: AuditEntry[]; timeZone: string };

/** Newest first: a table from `md` up, a card per change on a phone (no sideways scrolling). */
export function ChangesList({ entries, timeZone }: ChangesListProps) {
  const rows = entries.map((entry) => ({
    entry,
    view: describeChange(entry),
    when: entry.at ? formatChangeTime(entry.at, timeZone) : '',
  }));
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Changes to results and settings, newest first</caption>
          <thead className="text-muted-foreground border-b">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                When
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Who
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Change
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Draw
              </th>
              <th scope="col" className="py-2 font-medium">
                Before → after
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
      <ul className="space-y-2 md:hidden" aria-label="Changes, newest first">
        {rows.map(({ entry, view, when }) => (
          <li key={entry.id} className="space-y-1 rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <ChangeLabel view={view} />
              <span className="text-muted-foreground tabular-nums">{when}</span>
            </div>
            {view.draw && <p className="tabular-nums">Draw {view.draw}</p>}
            <BeforeAfter view={view} />
            <p className="text-muted-foreground break-all">By {view.who}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function ChangeLabel({ view }: { view: ChangeView }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 font-medium">
      {view.label}
      {view.withdrawn && (
        <span className="rounded border border-amber-600 px-1.5 text-xs font-normal text-amber-800 dark:text-amber-300">
          withdrawn
        </span>
      )}
    </span>
  );
}

function BeforeAfter({ view }: { view: ChangeView }) {
  const prize = view.kind !== 'settings';
  return (
    <p className={cn(prize && 'font-mono tracking-wider', 'break-words')}>
      <span className="sr-only">Before: </span>
      <span>{view.before}</span>
      <span aria-hidden> → </span>
      <span className="sr-only">, after: </span>
      <span>{view.after}</span>
    </p>
  );
}
