import { Search } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { inputVariants, labelClass } from '@/components/ui/field-variants';
import { parseCheckNumber } from '@/shared/check-number';
import { useI18n } from '@/i18n/i18n-context';

/** How much of a bad address value the error repeats back. */
const ECHO_MAX = 12;

export interface CheckFormProps {
  /** What the address holds (`n`), to start the field with: a number or, after a typo, the typo. */
  initial: string;
  /** The address holds something that is not a number to check. */
  invalid: boolean;
  /** A valid number, cleaned (`0427`), or what was typed when it is not one (`12ab`, or ''). */
  onCheck: (typed: string) => void;
}

/**
 * A plain form: Enter or the button checks; a typo gets a sentence beside the field. Every
 * submission goes to the address, a typo included, so the results beneath always belong to what
 * the address says and a typo never leaves the previous number's results on screen.
 */
export function CheckForm({ initial, invalid, onCheck }: CheckFormProps) {
  const { i18n } = useI18n();
  const [value, setValue] = useState(initial);
  const [shownInitial, setShownInitial] = useState(initial);
  // An empty submission leaves no typo in the address to show, so the form remembers it.
  const [empty, setEmpty] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const fieldId = useId();

  // A new address (Back, Forward, a link) starts the field over from it; the field keeps focus.
  if (initial !== shownInitial) {
    setShownInitial(initial);
    setValue(initial);
    // Not when the address was cleared: that is the empty submission itself arriving.
    if (initial !== '') setEmpty(false);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = value.trim();
    const n = parseCheckNumber(typed);
    setEmpty(typed === '');
    if (n === null) input.current?.focus();
    onCheck(n ?? typed);
  };

  const error = empty || invalid;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" role="search">
      {/* Styled by their variants alone: this page needs no tailwind-merge (docs/decisions/034). */}
      <label htmlFor={fieldId} data-slot="label" className={labelClass}>
        {i18n._('check.yourNumber')}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          data-slot="input"
          id={fieldId}
          name="n"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          placeholder={i18n._('check.placeholder')}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          className={`${inputVariants({ size: 'lg' })} max-w-48 tracking-widest tabular-nums`}
        />
        <button type="submit" data-slot="button" className={buttonVariants({ size: 'touch' })}>
          <Search aria-hidden />
          {i18n._('check.submit')}
        </button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {i18n._('check.hint')}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {invalid && !empty
            ? i18n._('check.notANumber', { typed: initial.slice(0, ECHO_MAX) })
            : i18n._('check.enterDigits')}
        </p>
      )}
    </form>
  );
}
