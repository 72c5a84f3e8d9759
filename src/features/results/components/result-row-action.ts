import { createContext, type ReactNode } from 'react';
import type { LotteryResult } from '@/lib/types';

/**
 * What a row offers beside its number (the app supplies the draw's verification): a context, so
 * the results feature neither imports another feature nor threads a prop through every view.
 */
export const ResultRowActionContext = createContext<((result: LotteryResult) => ReactNode) | null>(
  null,
);
