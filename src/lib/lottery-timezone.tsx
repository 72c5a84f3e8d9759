import { createContext, useContext } from 'react';

/**
 * The lottery's one IANA timezone (ADR 002). `src/app` resolves it before any page
 * renders (runtime config, or `lottery_settings`), so every reader gets a real zone.
 */
export const LotteryTimezoneContext = createContext<string>('UTC');

export function useLotteryTimezone(): string {
  return useContext(LotteryTimezoneContext);
}
