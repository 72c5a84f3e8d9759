import { CalendarIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { fromLocalCalendarDate, isDateString, toLocalCalendarDate } from '@/shared/lottery-clock';
import { cn } from '@/lib/utils';
import { useFormat } from '@/i18n/use-format';
import { useI18n } from '@/i18n/i18n-context';

export type DateFieldProps = {
  id: string;
  label: string;
  /** yyyy-MM-dd, or undefined when no day is picked. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** Today in the lottery timezone (yyyy-MM-dd), marked on the calendar. */
  today: string;
  placeholder?: string;
  /** A required field cannot be cleared by clicking the picked day again. */
  required?: boolean;
  disabled?: boolean;
};

/** A labelled button that opens a single-day calendar in a popover. */
export function DateField(props: DateFieldProps) {
  const { i18n } = useI18n();
  const format = useFormat();
  const { id, label, value, onChange, today } = props;
  const placeholder = props.placeholder ?? i18n._('admin.date.pick');
  const [open, setOpen] = useState(false);
  const picked = value && isDateString(value) ? value : undefined;
  const selected = picked ? toLocalCalendarDate(picked) : undefined;
  const todayDate = toLocalCalendarDate(today);

  function select(date: Date | undefined) {
    onChange(date ? fromLocalCalendarDate(date) : undefined);
    setOpen(false);
  }

  return (
    <div className="space-y-2">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            id={id}
            type="button"
            variant="outline"
            disabled={props.disabled}
            // The name reads "From May 1, 2024": the label, then the picked day.
            aria-labelledby={`${id}-label ${id}-value`}
            className={cn(
              'w-full justify-start text-left font-normal',
              !picked && 'text-muted-foreground',
            )}
          >
            <CalendarIcon aria-hidden />
            <span id={`${id}-value`}>{picked ? format.longDate(picked) : placeholder}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent
          className="w-auto p-0"
          align="start"
          aria-label={i18n._('admin.date.choose', { label: label.toLowerCase() })}
        >
          {props.required ? (
            <Calendar
              mode="single"
              required
              selected={selected}
              onSelect={select}
              today={todayDate}
              defaultMonth={selected ?? todayDate}
              autoFocus
            />
          ) : (
            <Calendar
              mode="single"
              selected={selected}
              onSelect={select}
              today={todayDate}
              defaultMonth={selected ?? todayDate}
              autoFocus
            />
          )}
        </PopoverContent>
      </Popover>
    </div>
  );
}
