import { Search } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { parseCheckNumber } from '@/lib/check-number';

export interface CheckFormProps {
  /** The number the page shows (from the address), to start the field with. */
  initial: string;
  onCheck: (n: string) => void;
}

/** A plain form: Enter or the button checks; a typo gets a sentence beside the field. */
export function CheckForm({ initial, onCheck }: CheckFormProps) {
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const fieldId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const n = parseCheckNumber(value);
    setInvalid(n === null);
    if (n === null) input.current?.focus();
    else onCheck(n);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" role="search">
      <Label htmlFor={fieldId}>Your number</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={fieldId}
          name="n"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          placeholder="e.g. 0427"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
          className="h-11 max-w-48 text-lg tracking-widest tabular-nums md:text-lg"
        />
        <Button type="submit" className="h-11">
          <Search aria-hidden />
          Check
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        Four digits for the first prize, or its last three or two digits.
      </p>
      {invalid && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          Enter 2 to 4 digits (0-9), for example 0427 or 27.
        </p>
      )}
    </form>
  );
}
