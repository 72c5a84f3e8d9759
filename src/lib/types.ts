import type { Database } from './database.types';

/** A row of `public.lottery_results` as the API returns it. */
export type LotteryResult = Database['public']['Tables']['lottery_results']['Row'];
