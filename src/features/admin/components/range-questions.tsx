import type { RangeCountQuery } from '../api/count-range-results';
import { formatCount, hoursCount, resultsCount } from '../utils/count-words';
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
  const { create, days, kept } = generatePlan(range, count);
  const span = `from ${range.from} to ${range.to}`;
  if (days > GENERATE_MAX_DAYS)
    return (
      <p>
        The range {span} spans {days} days: at most {GENERATE_MAX_DAYS} days can be generated at
        once.
      </p>
    );
  if (count.isError) return <p>The results {span} could not be counted. Close and try again.</p>;
  if (!count.data) return <p role="status">Counting the results {span}…</p>;
  if (create === 0)
    return <p>Every hour {span} already has a result: there is nothing to generate.</p>;
  return (
    <>
      <p>
        This creates <strong>{resultsCount(create)}</strong>, a random number for every hour {span}{' '}
        without a result.
      </p>
      {kept > 0 && <p>{hoursCount(kept)} already have a result: they are kept as they are.</p>}
    </>
  );
}

/** The delete dialog's question: how many results go, and how many of them were public. */
export function DeleteQuestion({ range, count }: { range: DateRange; count: RangeCountQuery }) {
  const span = `from ${range.from} to ${range.to}`;
  if (count.isError) return <p>The results {span} could not be counted. Close and try again.</p>;
  if (!count.data) return <p role="status">Counting the results {span}…</p>;
  const { results, published } = count.data;
  if (results === 0) return <p>There are no results {span}: there is nothing to delete.</p>;
  return (
    <>
      <p>
        This deletes <strong>{resultsCount(results)}</strong> {span}.
      </p>
      {published > 0 && (
        <p>
          {publishedPart(published, results)}: each draw&apos;s page will show its number as
          withdrawn, with the time.
        </p>
      )}
    </>
  );
}

function publishedPart(published: number, results: number): string {
  if (published === results) return results === 1 ? 'It is published' : 'All of them are published';
  return `${formatCount(published)} of them ${published === 1 ? 'is' : 'are'} published`;
}
