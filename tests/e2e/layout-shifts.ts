import type { Page } from '@playwright/test';

/** Layout shifts without recent input, from before the first paint on: their sum, and what moved. */
export async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            moved: (entry.sources ?? []).map((source) =>
              source.node instanceof Element
                ? `${source.node.tagName}.${source.node.className}`
                : String(source.node?.nodeName),
            ),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => {
      const shifts = (window as unknown as { __shifts: { value: number; moved: string[] }[] })
        .__shifts;
      return {
        sum: shifts.reduce((total, shift) => total + shift.value, 0),
        moved: shifts.flatMap((shift) => shift.moved),
      };
    });
}
