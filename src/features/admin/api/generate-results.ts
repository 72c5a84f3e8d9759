import { FunctionsHttpError } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { DateRange } from '../utils/date-range';
import { refreshAfterResultChange } from './query-keys';
import { explainIfBelowAal2 } from './write-guard';

export const GENERATE_FAILED = 'Failed to generate results';

/** How many hours got a result, and how many already had one (kept). */
export type GenerateOutcome = { created: number; skipped: number };

/**
 * Asks the server's draw machine to fill every free hour from `from` to `to`. supabase-js reports
 * any non-2xx answer as "Edge Function returned a non-2xx status code"; the function's own JSON
 * `error` (e.g. the range is too long) tells the admin more, so it is read from the response.
 */
export async function generateResults({ from, to }: DateRange): Promise<GenerateOutcome> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<GenerateOutcome>(
    'generate-lottery-results',
    { body: { fromDate: from, toDate: to } },
  );
  // A refusal inside the function (its insert as the admin, at aal1) comes back as an error status.
  if (error instanceof FunctionsHttpError && [401, 403, 500].includes(statusOf(error)))
    await explainIfBelowAal2();
  if (error) throw new Error(await functionErrorMessage(error));
  // The function answers what the database inserted (its README): the toast repeats it.
  if (typeof data?.created !== 'number' || typeof data.skipped !== 'number')
    throw new Error(GENERATE_FAILED);
  return { created: data.created, skipped: data.skipped };
}

const statusOf = (error: FunctionsHttpError) => (error.context as Response).status;

async function functionErrorMessage(error: unknown): Promise<string> {
  if (!(error instanceof FunctionsHttpError)) return GENERATE_FAILED;
  try {
    const body: unknown = await (error.context as Response).json();
    if (body && typeof body === 'object') {
      const { error: text, message } = body as { error?: unknown; message?: unknown };
      if (typeof text === 'string' && text) return text;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // A body that is not JSON carries nothing for the admin: fall back to the product's sentence.
  }
  return GENERATE_FAILED;
}

export function useGenerateResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateResults,
    onSettled: () => refreshAfterResultChange(queryClient),
  });
}
