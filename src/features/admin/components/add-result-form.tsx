import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { freeHours, reconcileHour } from '../utils/free-hours';
import { DateField } from './date-field';
import { HourSelect } from './hour-select';
import { PrizeInput } from './prize-input';

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
  const { today, date, onDateChange, takenHours, hoursFailed, busy, onSubmit } = props;
  const id = useId();
  const [chosenHour, setChosenHour] = useState<number | null>(null);
  const [prize, setPrize] = useState('');

  const free = takenHours && date && !hoursFailed ? freeHours(takenHours) : undefined;
  // The spec: when the date or the list changes and the chosen hour is taken, move to the first
  // free one. Adjusting state during render (not in an effect) avoids a render with a stale hour.
  const hour = free ? reconcileHour(chosenHour, free) : chosenHour;
  if (free && hour !== chosenHour) setChosenHour(hour);

  const full = free !== undefined && free.length === 0;
  const ready = free !== undefined && hour !== null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser has checked the prize pattern; this guards a submit that bypasses it.
    if (!date || busy || !ready || !/^[0-9]{4}$/.test(prize)) return;
    if (await onSubmit({ drawDate: date, drawHour: hour, firstPrize: prize })) setPrize('');
  }

  return (
    <form className="space-y-4" onSubmit={(event) => void handleSubmit(event)} aria-busy={busy}>
      <DateField
        id={`${id}-date`}
        label="Draw date"
        value={date}
        today={today}
        required
        onChange={onDateChange}
      />
      <div className="space-y-2">
        <Label htmlFor={`${id}-hour`}>Draw time</Label>
        <HourSelect
          id={`${id}-hour`}
          hours={free}
          failed={hoursFailed}
          value={hour}
          onChange={setChosenHour}
          disabled={busy}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-prize`}>First prize</Label>
        <PrizeInput
          id={`${id}-prize`}
          placeholder="0000"
          aria-describedby={`${id}-prize-hint`}
          value={prize}
          onChange={(event) => setPrize(event.target.value)}
        />
        <p id={`${id}-prize-hint`} className="text-muted-foreground text-sm">
          Exactly four digits, 0000 to 9999.
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={busy || full || !ready}>
        {busy ? 'Adding...' : 'Add Result'}
      </Button>
    </form>
  );
}
