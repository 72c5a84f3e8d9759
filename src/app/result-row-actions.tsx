import type { ReactNode } from 'react';
import { ResultRowActionContext } from '@/features/results/components/result-row-action';
import { VerifyDrawDisclosure } from '@/features/verify/components/verify-draw-disclosure';
import type { LotteryResult } from '@/lib/types';

const verifyAction = (result: LotteryResult) => <VerifyDrawDisclosure result={result} />;

/** Every result row on Today and History offers its draw's verification (ADR 012). */
export function ResultRowActions({ children }: { children: ReactNode }) {
  return <ResultRowActionContext value={verifyAction}>{children}</ResultRowActionContext>;
}
