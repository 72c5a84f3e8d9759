import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import { signInAdminThroughUi } from './admin-utils.ts';
import { today } from './public-data.ts';

// `npm run dev` (Vite, React in StrictMode: effects mount, unmount and mount again) pointed at a
// running stack on another port by STACK_URL, as the README says (playwright.config.ts starts
// both). What breaks only there: effects whose cleanup is wrong, and a missing runtime config.

/** Uncaught errors, and the console's complaints about a missing anon key or lottery timezone. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const text = message.text();
      if (/anon key|Falling back to UTC|Something went wrong/i.test(text)) problems.push(text);
    }
  });
  return problems;
}

test('Today and History load and change page by clicking, in StrictMode, on the lottery clock', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's Results");
  // The lottery's date, not Los Angeles': the stack's timezone reached the dev page.
  await expect(page.getByText(formatLongDate(today()), { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: "Today's draws, newest first" })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'History' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results History');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's Results");
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's Results");
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('an admin signs in through the proxy to the stack and reaches the dashboard', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await signInAdminThroughUi(page, e2eAdmin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Past Results' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the grid, a draw with its verification, Check and Stats work by clicking, in StrictMode', async ({
  page,
}) => {
  const problems = watchProblems(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/');
  await nav.getByRole('link', { name: 'Grid' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results Grid');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/draw\/\d{4}-\d{2}-\d{2}\/\d+$/);
  await expect(page.getByRole('region', { name: /^Verification of draw/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results Grid');

  await nav.getByRole('link', { name: 'Check' }).click();
  await page.getByRole('textbox', { name: 'Your number' }).fill('12');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page).toHaveURL(/\/check\?n=12$/);
  await expect(page.getByRole('heading', { name: /^Last two digits 12/ })).toBeVisible();

  await nav.getByRole('link', { name: 'Stats' }).click();
  await expect(page.getByRole('heading', { name: 'Fairness check' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(problems).toEqual([]);
});
