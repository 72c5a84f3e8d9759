import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/shared/config/paths';
import type { RangeCountQuery } from '../api/count-range-results';
import { checkDateRange, type DateRange } from '../utils/date-range';
import { ConfirmDialog } from './confirm-dialog';
import { DateField } from './date-field';
import { DeleteQuestion, GenerateQuestion, generatePlan } from './range-questions';
import { useI18n } from '@/i18n/i18n-context';

export type QuickActionsProps = {
  today: string;
  generating: boolean;
  deleting: boolean;
  onGenerate: (range: DateRange) => void;
  onDeleteRange: (range: DateRange) => void;
  /** Receives the product's sentence when the range is incomplete or reversed. */
  onInvalidRange: (message: string) => void;
  /** Counts a range in the database while its dialog is open (api/count-range-results). */
  useRangeCount: (range: DateRange | null) => RangeCountQuery;
};

/** Generate or delete every result in a date range; both ask first and say how many. */
export function QuickActions(props: QuickActionsProps) {
  const { i18n } = useI18n();
  const { today, generating, deleting, onGenerate, onDeleteRange, onInvalidRange } = props;
  const id = useId();
  const [from, setFrom] = useState<string>();
  const [to, setTo] = useState<string>();
  const [pendingDelete, setPendingDelete] = useState<DateRange | null>(null);
  const [pendingGenerate, setPendingGenerate] = useState<DateRange | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const generateButton = useRef<HTMLButtonElement>(null);
  // One dialog at a time, so one count: the range the open dialog asks about.
  const count = props.useRangeCount(pendingGenerate ?? pendingDelete);
  const plan = pendingGenerate ? generatePlan(pendingGenerate, count) : null;
  // One range operation at a time: a second click, or the other button, waits for the first.
  const busy = generating || deleting;

  function withValidRange(action: (range: DateRange) => void) {
    const { range, error } = checkDateRange(from, to);
    if (range) action(range);
    else onInvalidRange(error);
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          id={`${id}-from`}
          label={i18n._('admin.from')}
          value={from}
          onChange={setFrom}
          today={today}
        />
        <DateField
          id={`${id}-to`}
          label={i18n._('admin.to')}
          value={to}
          onChange={setTo}
          today={today}
        />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          ref={generateButton}
          type="button"
          disabled={busy}
          onClick={() => withValidRange(setPendingGenerate)}
        >
          {i18n._(generating ? 'admin.generate.busy' : 'admin.generate.button')}
        </Button>
        <Button
          ref={deleteButton}
          type="button"
          variant="destructive"
          disabled={busy}
          onClick={() => withValidRange(setPendingDelete)}
        >
          {i18n._(deleting ? 'admin.deleteRange.busy' : 'admin.deleteRange.button')}
        </Button>
      </div>
      <div className="grid gap-2 border-t pt-4 sm:grid-cols-2">
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>{i18n._('admin.viewToday')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.history.getHref()}>{i18n._('admin.viewHistory')}</Link>
        </Button>
      </div>
      <ConfirmDialog
        subject={pendingGenerate}
        title={i18n._('admin.generate.question')}
        describe={(range) => <GenerateQuestion range={range} count={count} />}
        confirmLabel={
          plan?.ready
            ? i18n._('admin.generate.confirm', { count: plan.create })
            : i18n._('admin.generate.short')
        }
        destructive={false}
        confirmDisabled={!plan?.ready}
        returnFocusTo={generateButton}
        onCancel={() => setPendingGenerate(null)}
        onConfirm={(range) => {
          setPendingGenerate(null);
          onGenerate(range);
        }}
      />
      <ConfirmDialog
        subject={pendingDelete}
        title={i18n._('admin.deleteRange.question')}
        describe={(range) => <DeleteQuestion range={range} count={count} />}
        confirmLabel={
          count.data?.results
            ? i18n._('admin.deleteRange.confirm', { count: count.data.results })
            : i18n._('admin.delete')
        }
        confirmDisabled={!count.data?.results}
        returnFocusTo={deleteButton}
        onCancel={() => setPendingDelete(null)}
        onConfirm={(range) => {
          setPendingDelete(null);
          onDeleteRange(range);
        }}
      />
    </div>
  );
}
