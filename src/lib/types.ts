import type { Database } from './database.types';

/** A row of `public.lottery_results` as the API returns it. */
export type LotteryResult = Database['public']['Tables']['lottery_results']['Row'];

/** A row of `public.withdrawn_results`: a published result that was deleted or moved away. */
export type WithdrawnResult = Database['public']['Tables']['withdrawn_results']['Row'];
