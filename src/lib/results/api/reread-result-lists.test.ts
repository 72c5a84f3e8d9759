import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { resultsByDateKey } from './get-results-by-date';
import { rereadResultLists } from './use-results-realtime';

/** A day list whose reads the test answers by hand, in any order, recording each read's signal. */
function watchedList(queryClient: QueryClient) {
  const reads: { signal: AbortSignal; answer: (rows: string[]) => void }[] = [];
  const observer = new QueryObserver<string[]>(queryClient, {
    queryKey: [...resultsByDateKey, '2024-05-01'],
    queryFn: ({ signal }) =>
      new Promise<string[]>((answer) => {
        reads.push({ signal, answer });
      }),
    staleTime: Infinity,
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, reads, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('rereadResultLists', () => {
  let unsubscribe = () => {};
  afterEach(() => unsubscribe());

  it('replaces a first read that may predate the change, rather than joining it', async () => {
    const queryClient = new QueryClient();
    const list = watchedList(queryClient);
    unsubscribe = list.unsubscribe;
    await settle();
    expect(list.reads).toHaveLength(1);

    const reread = rereadResultLists(queryClient);
    await settle();
    expect(list.reads).toHaveLength(2);
    expect(list.reads[0]!.signal.aborted).toBe(true);

    // The older read answers last, with the row the change deleted: it must not win.
    list.reads[1]!.answer([]);
    list.reads[0]!.answer(['deleted row']);
    await reread;
    await settle();
    expect(list.observer.getCurrentResult().data).toEqual([]);
    expect(list.observer.getCurrentResult().status).toBe('success');
  });

  it('reads a loaded list again', async () => {
    const queryClient = new QueryClient();
    const list = watchedList(queryClient);
    unsubscribe = list.unsubscribe;
    await settle();
    list.reads[0]!.answer(['old']);
    await settle();

    const reread = rereadResultLists(queryClient);
    await settle();
    list.reads[1]!.answer(['new']);
    await reread;
    expect(list.observer.getCurrentResult().data).toEqual(['new']);
  });
});
