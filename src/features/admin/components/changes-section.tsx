import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuditActors } from '../api/get-audit-actors';
import { useAuditTrail } from '../api/get-audit-trail';
import {
  CHANGES_PAGE_SIZE,
  isChangesRangeReversed,
  readChangesFilter,
  writeChangesFilter,
  type ChangesFilter,
} from '../utils/changes-filter';
import { ChangesFilters } from './changes-filters';
import { ChangesList } from './changes-list';
import { useI18n } from '@/i18n/i18n-context';

/**
 * "Who changed what": the audit trail, newest first, 50 a page. The filter and the page live in
 * the address, each change a new history entry, so Back returns to the previous page or filter.
 */
export function ChangesSection({ today, timeZone }: { today: string; timeZone: string }) {
  const { i18n } = useI18n();
  const [params, setParams] = useSearchParams();
  const filter = readChangesFilter(params);
  const reversed = isChangesRangeReversed(filter);
  const trail = useAuditTrail(filter, timeZone, { enabled: !reversed });
  const actors = useAuditActors();
  const go = (next: ChangesFilter) =>
    setParams(writeChangesFilter(params, next), { preventScrollReset: true });
  // The page buttons sit below 50 rows: the new page is read from its top.
  const turn = (next: ChangesFilter) => {
    go(next);
    document.getElementById('changes')?.scrollIntoView({ block: 'start' });
  };

  const page = trail.data;
  return (
    <div className="space-y-4">
      <ChangesFilters today={today} filter={filter} actors={actors.data} onChange={go} />
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {i18n._(filter.before === undefined ? 'admin.changes.newestFirst' : 'admin.changes.older')}
        {page &&
          !reversed &&
          ` · ${i18n._('admin.changes.shown', { count: page.entries.length, max: CHANGES_PAGE_SIZE })}`}
      </p>
      {reversed ? (
        <p role="status" className="text-destructive py-8 text-center font-medium">
          {i18n._('admin.changes.reversed', { from: filter.from ?? '', to: filter.to ?? '' })}
        </p>
      ) : trail.isError ? (
        <div role="alert" className="space-y-2 py-8 text-center">
          <p>{i18n._('admin.changes.failed')}</p>
          <Button type="button" variant="outline" onClick={() => void trail.refetch()}>
            {i18n._('action.retry')}
          </Button>
        </div>
      ) : !page ? (
        <div className="flex justify-center py-8">
          <Spinner className="text-primary size-6" />
        </div>
      ) : page.entries.length === 0 ? (
        <p className="text-muted-foreground py-8 text-center">{i18n._('admin.changes.none')}</p>
      ) : (
        <ChangesList entries={page.entries} timeZone={timeZone} />
      )}
      {!reversed && (
        <nav
          aria-label={i18n._('admin.changes.pages')}
          className="flex flex-wrap justify-end gap-2"
        >
          <Button
            type="button"
            variant="outline"
            disabled={filter.before === undefined}
            onClick={() => turn({ ...filter, before: undefined })}
          >
            {i18n._('admin.changes.newest')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={page?.next === undefined || trail.isPlaceholderData}
            onClick={() => turn({ ...filter, before: page?.next })}
          >
            {i18n._('admin.changes.older')}
          </Button>
        </nav>
      )}
    </div>
  );
}
