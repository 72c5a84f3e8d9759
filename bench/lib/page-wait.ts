// Waits in a page until an expression is truthy, and returns its value. Not Playwright's
// waitForFunction: that evaluates its predicate with `eval` inside the page, which the app's
// Content-Security-Policy (script-src without 'unsafe-eval', server/src/static/
// security-headers.ts) refuses, so every wait failed with an EvalError. page.evaluate of a string
// goes through the DevTools protocol (Runtime.evaluate), which CSP does not govern, and awaits the
// promise it returns. The expression is a string for the reason page-probe.ts gives (tsx's
// `__name` helper does not exist in the page).
import type { Page } from 'playwright-core';

export interface WaitOptions {
  timeoutMs?: number;
  pollMs?: number;
}

export async function waitInPage<T>(
  page: Page,
  expression: string,
  { timeoutMs = 5000, pollMs = 10 }: WaitOptions = {},
): Promise<T> {
  const script = `new Promise((resolve, reject) => {
    const until = performance.now() + ${timeoutMs};
    const poll = () => {
      let value;
      try {
        value = (${expression});
      } catch (error) {
        return reject(error);
      }
      if (value) return resolve(value);
      if (performance.now() > until)
        return reject(new Error(${JSON.stringify(`not true within ${timeoutMs} ms: ${expression}`)}));
      setTimeout(poll, ${pollMs});
    };
    poll();
  })`;
  return (await page.evaluate(script)) as T;
}
