import { useState } from 'react';
import {
  EMPTY_NEW_PASSWORD,
  passwordsMatch,
  type NewPasswordFieldsProps,
} from './new-password-fields';

/**
 * What every new-password form keeps for its NewPasswordFields: `fields` goes onto them, `check()`
 * on submit shows a mismatch (or takes a shown one away) and says whether to go on. A mismatch
 * shown stays until the confirmation is edited: that is the field it stands beside.
 */
export function useNewPassword() {
  const [value, setValue] = useState(EMPTY_NEW_PASSWORD);
  const [mismatch, setMismatch] = useState(false);
  const fields: Omit<NewPasswordFieldsProps, 'id'> = {
    value,
    mismatch,
    onChange: (next) => {
      if (next.confirmation !== value.confirmation) setMismatch(false);
      setValue(next);
    },
  };
  return {
    password: value.password,
    fields,
    check(): boolean {
      const same = passwordsMatch(value);
      setMismatch(!same);
      return same;
    },
    clear() {
      setValue(EMPTY_NEW_PASSWORD);
      setMismatch(false);
    },
  };
}
