import { Select } from '@/components/ui/select';
import { hourLabel } from '@/shared/lottery-clock';
import { useI18n } from '@/i18n/i18n-context';

export type HourSelectProps = {
  id: string;
  /** The free hours; undefined while they load. */
  hours: readonly number[] | undefined;
  value: number | null;
  onChange: (hour: number) => void;
  /** The taken hours could not be read, so no hour can be offered safely. */
  failed?: boolean;
  disabled?: boolean;
  /** The chosen hour, filled meanwhile: still shown as chosen (the form names the clash). */
  taken?: number | null;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** Offers only the free hours of the chosen day, each as its draw time (HH:30). */
export function HourSelect({
  id,
  hours,
  value,
  onChange,
  failed,
  disabled,
  taken = null,
  ...aria
}: HourSelectProps) {
  const { i18n } = useI18n();
  const placeholder = failed
    ? i18n._('admin.hours.failed')
    : hours === undefined
      ? i18n._('admin.hours.loading')
      : hours.length === 0
        ? i18n._('admin.hours.full')
        : null;
  return (
    <Select
      id={id}
      required
      value={placeholder === null || taken !== null ? String(value ?? '') : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={disabled || (placeholder !== null && taken === null)}
      {...aria}
    >
      {placeholder !== null && taken === null ? (
        <option value="">{placeholder}</option>
      ) : (
        options(hours ?? [], taken).map((hour) => (
          <option key={hour} value={hour}>
            {hour === taken
              ? i18n._('admin.hours.taken', { time: hourLabel(hour) })
              : hourLabel(hour)}
          </option>
        ))
      )}
    </Select>
  );
}

/** The free hours, with the taken choice in its place so the select still shows it. */
function options(hours: readonly number[], taken: number | null): number[] {
  if (taken === null || hours.includes(taken)) return [...hours];
  return [...hours, taken].sort((a, b) => a - b);
}
