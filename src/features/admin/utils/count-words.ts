import { current } from '@/i18n/i18n';

/** "1 result", "2,400 results": a count as the dashboard says it, in the page's language. */
export function resultsCount(count: number): string {
  return current()._('admin.count.results', { count });
}
