import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

export type PasswordInputProps = Omit<React.ComponentProps<'input'>, 'type'> & {
  /** The toggle's name for screen readers and tests, e.g. "Show new password". */
  revealLabel?: string;
};

/**
 * A password field with a show/hide toggle. The toggle is a pressed/unpressed button with one
 * name (WAI-ARIA toggle button pattern), so its state is read out rather than its label flipping;
 * it is a `type="button"` so pressing it never submits the form.
 */
export function PasswordInput({
  className,
  revealLabel = 'Show password',
  disabled,
  ...props
}: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input
        type={shown ? 'text' : 'password'}
        // Browsers must not offer to correct or capitalise a password shown as text.
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        disabled={disabled}
        className={cn('pr-11', className)}
        {...props}
      />
      <button
        type="button"
        aria-label={revealLabel}
        aria-pressed={shown}
        disabled={disabled}
        onClick={() => setShown((current) => !current)}
        className="text-muted-foreground hover:text-foreground focus-visible:outline-ring absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md outline-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] disabled:opacity-50"
      >
        <Icon aria-hidden className="size-4" />
      </button>
    </div>
  );
}
