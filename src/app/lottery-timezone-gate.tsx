import { useEffect, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { config } from '@/config/env';
import { useLotteryTimezoneSetting } from '@/features/settings/api/get-lottery-timezone';
import { LotteryTimezoneContext } from '@/lib/lottery-timezone';

/**
 * Provides the lottery timezone to every page. The local stack injects it; a static build on
 * hosted Supabase reads `lottery_settings` once before rendering (dates must never be computed
 * in the visitor's own zone, even for a moment).
 */
export function LotteryTimezoneGate({ children }: { children: ReactNode }) {
  const injected = config.lotteryTimezone;
  const setting = useLotteryTimezoneSetting({ enabled: injected === null });

  useEffect(() => {
    if (setting.isError) console.error('Falling back to UTC: the lottery timezone is unreadable');
  }, [setting.isError]);

  if (injected === null && setting.isPending && !setting.isError) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-8 text-primary" />
      </div>
    );
  }
  const timeZone = injected ?? setting.data ?? 'UTC';
  return <LotteryTimezoneContext value={timeZone}>{children}</LotteryTimezoneContext>;
}
