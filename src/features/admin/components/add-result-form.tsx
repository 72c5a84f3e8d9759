import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { freeHours, reconcileHour } from '../utils/free-hours';
import { hourTakenError, isPrize, prizeError } from '../utils/prize-entry';
import { DateField } from './date-field';
import { HourSelect } from './hour-select';
import { PrizeInput } from './prize-input';
import { useI18n } from '@/i18n/i18n-context';

export type AddResultValues = { drawDate: string; drawHour: number; firstPrize: string };

export type AddResultFormProps = {
  today: string;
  date: string | undefined;
  onDateChange: (date: string | undefined) => void;
  /** Hours of `date` that already have a result; undefined while they load. */
  takenHours: readonly number[] | undefined;
  /** Reading the taken hours failed: nothing is offered, so a taken hour cannot be picked. */
  hoursFailed?: boolean;
  busy: boolean;
  /** Resolves true when the result was saved, so the prize field can be cleared for the next. */
  onSubmit: (values: AddResultValues) => Promise<boolean>;
};

export function AddResultForm(props: AddResultFormProps) {
  const { i18n } = useI18n();
  const { today, date, onDateChange, takenHours, hoursFailed, busy, onSubmit } = props;
  const id = useId();
  // The hour is chosen for a date: another date starts the choice afresh.
  const [choice, setChoice] = useState<{ hour: number | null; date: string | undefined }>({
    hour: null,
    date,
  });
  const [prize, setPrize] = useState('');
  const [complete, setComplete] = useState(false);

  const free = takenHours && date && !hoursFailed ? freeHours(takenHours) : undefined;
  // The spec: when the date or the list changes and the chosen hour is taken, move to the first
  // free one. Not under the admin's hand, though: once a prize is typed for this date the hour
  // stays and the form names the clash (issue 28: a submit must not publish the number for an
  // hour the admin did not pick). Adjusting state during render (not in an effect) avoids a
  // render with a stale hour.
  const sameDate = choice.date === date;
  const hour = free ? reconcileHour(choice.hour, free, sameDate && prize !== '') : choice.hour;
  if (free && (hour !== choice.hour || !sameDate)) setChoice({ hour, date });
  const setChosenHour = (next: number) => setChoice({ hour: next, date });

  const lost = free !== undefined && hour !== null && !free.includes(hour);
  const full = free !== undefined && free.length === 0;
  const ready = free !== undefined && hour !== null && !lost;
  const prizeProblem = prizeError(prize, complete);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setComplete(true);
    // The form checks what was typed itself (noValidate): an inline error, not a browser bubble.
    if (!date || busy || !ready || !isPrize(prize)) return;
    if (await onSubmit({ drawDate: date, drawHour: hour, firstPrize: prize })) {
      setPrize('');
      setComplete(false);
    }
  }

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-busy={busy}
    >
      <DateField
        id={`${id}-date`}
        label={i18n._('admin.add.date')}
        value={date}
        today={today}
        required
        onChange={onDateChange}
      />
      <div className="space-y-2">
        <Label htmlFor={`${id}-hour`}>{i18n._('admin.add.time')}</Label>
        <HourSelect
          id={`${id}-hour`}
          hours={free}
          failed={hoursFailed}
          value={hour}
          taken={lost ? hour : null}
          onChange={setChosenHour}
          disabled={busy}
          aria-invalid={lost || undefined}
          aria-describedby={lost ? `${id}-hour-error` : undefined}
        />
        {lost && (
          <p id={`${id}-hour-error`} role="alert" className="text-destructive text-sm">
            {hourTakenError(hour)}
          </p>
        )}
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-prize`}>{i18n._('admin.add.prize')}</Label>
        <PrizeInput
          id={`${id}-prize`}
          placeholder="0000"
          aria-describedby={`${id}-prize-hint${prizeProblem ? ` ${id}-prize-error` : ''}`}
          aria-invalid={prizeProblem ? true : undefined}
          value={prize}
          onChange={(event) => setPrize(event.target.value)}
          onBlur={() => setComplete(prize !== '')}
        />
        <p id={`${id}-prize-hint`} className="text-muted-foreground text-sm">
          {i18n._('admin.add.prizeHint')}
        </p>
        {prizeProblem && (
          <p id={`${id}-prize-error`} role="alert" className="text-destructive text-sm">
            {prizeProblem}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={busy || full || !ready}>
        {i18n._(busy ? 'admin.add.busy' : 'admin.add.button')}
      </Button>
    </form>
  );
}
