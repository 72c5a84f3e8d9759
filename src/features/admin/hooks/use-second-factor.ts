import { useState } from 'react';
import { useSessionState } from '@/hooks/use-session-state';
import { useAssurance } from '../api/get-assurance';
import { secondFactorStep, type SecondFactorStep } from './second-factor';

export type SecondFactor = {
  step: SecondFactorStep;
  /** "Not now": the dashboard opens read-only until the admin comes back to the step. */
  deferred: boolean;
  defer: () => void;
  resume: () => void;
};

/** The second-factor step of the signed-in admin (`enabled` once the admin role is granted). */
export function useSecondFactor(enabled: boolean): SecondFactor {
  const session = useSessionState();
  const current = enabled && session && session !== 'failed' ? session : null;
  const assurance = useAssurance(current);
  const [deferred, setDeferred] = useState(false);
  return {
    step: secondFactorStep(assurance.data, assurance.isError),
    deferred,
    defer: () => setDeferred(true),
    resume: () => setDeferred(false),
  };
}
