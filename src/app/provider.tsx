import { QueryClientProvider } from '@tanstack/react-query';
import { seedServedDay } from '@/lib/results/api/get-results-by-date';
import { useState, type ReactNode } from 'react';
import { LotteryTimezoneGate } from './lottery-timezone-gate';
import { DeferredToaster } from './deferred-toaster';
import { createQueryClient } from './query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Before the first render, so Today and History paint their served rows at once.
    seedServedDay(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <LotteryTimezoneGate>{children}</LotteryTimezoneGate>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
