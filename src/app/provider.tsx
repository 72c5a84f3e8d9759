import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { LotteryTimezoneGate } from './lottery-timezone-gate';
import { createQueryClient } from './query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LotteryTimezoneGate>{children}</LotteryTimezoneGate>
      <Toaster />
    </QueryClientProvider>
  );
}
