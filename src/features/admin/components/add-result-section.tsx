import { useState } from 'react';
import { drawTime, hourLabel } from '@/shared/lottery-clock';
import { useCreateResult } from '../api/create-result';
import { useTakenHours } from '../api/get-taken-hours';
import { useExclusive } from '../hooks/use-exclusive';
import { resultErrorMessage } from '../utils/error-message';
import { notifyError, notifySuccess } from '../utils/notify';
import { addedMessage } from '../utils/prize-entry';
import { AddResultForm, type AddResultValues } from './add-result-form';

export function AddResultSection({ today }: { today: string }) {
  const [date, setDate] = useState<string | undefined>(today);
  const taken = useTakenHours(date ?? '', { enabled: Boolean(date) });
  const create = useCreateResult();
  // A double submit would otherwise insert twice and report the second as a clash.
  const exclusive = useExclusive();

  async function add(values: AddResultValues): Promise<boolean> {
    const saved = await exclusive(async () => {
      try {
        await create.mutateAsync({ ...values, drawTime: drawTime(values.drawHour) });
        notifySuccess(addedMessage(values.firstPrize, values.drawDate, values.drawHour));
        return true;
      } catch (error) {
        const draw = { date: values.drawDate, time: hourLabel(values.drawHour) };
        notifyError(resultErrorMessage(error, draw));
        return false;
      }
    });
    return saved ?? false;
  }

  return (
    <AddResultForm
      today={today}
      date={date}
      onDateChange={setDate}
      takenHours={taken.data}
      hoursFailed={taken.isError}
      busy={create.isPending}
      onSubmit={add}
    />
  );
}
