import type { RangeCountQuery } from '../api/count-range-results';
import { useI18n } from '@/i18n/i18n-context';
import { resultsCount } from '../utils/count-words';
import { SLOT, WithSlot } from './with-slot';
import { daysInRange, GENERATE_MAX_DAYS, type DateRange } from '../utils/date-range';

/** What the generate dialog may do: the count it states and whether it can run. */
export function generatePlan(range: DateRange, count: RangeCountQuery) {
  const days = daysInRange(range);
  if (days > GENERATE_MAX_DAYS) return { ready: false, create: 0, days, kept: 0 };
  if (!count.data) return { ready: false, create: 0, days, kept: 0 };
  const kept = count.data.results;
  const create = Math.max(0, days * 24 - kept);
  return { ready: create > 0, create, days, kept };
}

/** The generate dialog's question: how many results it will create, counted by the database. */
export function GenerateQuestion({ range, count }: { range: DateRange; count: RangeCountQuery }) {
  const { i18n } = useI18n();
  const { create, days, kept } = generatePlan(range, count);
  const span = { from: range.from, to: range.to };
  if (days > GENERATE_MAX_DAYS)
    return <p>{i18n._('admin.generate.tooLong', { ...span, days, max: GENERATE_MAX_DAYS })}</p>;
  if (count.isError) return <p>{i18n._('admin.range.countFailed', span)}</p>;
  if (!count.data) return <p role="status">{i18n._('admin.range.counting', span)}</p>;
  if (create === 0) return <p>{i18n._('admin.generate.nothing', span)}</p>;
  return (
    <>
      <p>
        <WithSlot text={i18n._('admin.generate.creates', { ...span, count: SLOT })}>
          <strong>{resultsCount(create)}</strong>
        </WithSlot>
      </p>
      {kept > 0 && <p>{i18n._('admin.generate.kept', { kept })}</p>}
    </>
  );
}

/** The delete dialog's question: how many results go, and how many of them were public. */
export function DeleteQuestion({ range, count }: { range: DateRange; count: RangeCountQuery }) {
  const { i18n } = useI18n();
  const span = { from: range.from, to: range.to };
  if (count.isError) return <p>{i18n._('admin.range.countFailed', span)}</p>;
  if (!count.data) return <p role="status">{i18n._('admin.range.counting', span)}</p>;
  const { results, published } = count.data;
  if (results === 0) return <p>{i18n._('admin.deleteRange.nothing', span)}</p>;
  // One result, all of them, or some: the sentence differs in each (and each language).
  const which = published === results ? (results === 1 ? 'one' : 'all') : 'some';
  return (
    <>
      <p>
        <WithSlot text={i18n._('admin.deleteRange.deletes', { ...span, count: SLOT })}>
          <strong>{resultsCount(results)}</strong>
        </WithSlot>
      </p>
      {published > 0 && <p>{i18n._('admin.deleteRange.published', { which, published })}</p>}
    </>
  );
}
