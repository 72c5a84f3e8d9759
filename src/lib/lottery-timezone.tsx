import { createContext, useContext } from 'react';

/**
 * The lottery's one IANA timezone (PRODUCT.md "One clock"). `src/app` resolves it before any page
 * renders (runtime config, or `lottery_settings`), so every reader gets a real zone.
 */
export const LotteryTimezoneContext = createContext<string>('UTC');

export function useLotteryTimezone(): string {
  return useContext(LotteryTimezoneContext);
}
