import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LotteryTimezoneGate } from './lottery-timezone-gate';
import { DeferredToaster } from './deferred-toaster';
import { createQueryClient } from './query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LotteryTimezoneGate>{children}</LotteryTimezoneGate>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
