import { afterEach, describe, expect, it } from 'vitest';
import th from '@/i18n/catalogs/th.json';
import { i18n } from '@/i18n/i18n';
import { RESULT_GONE, resultErrorMessage } from './error-message';

const pg = (code: string, message: string) => ({ code, message, details: null, hint: null });

describe('resultErrorMessage', () => {
  it('names the draw that already has a result', () => {
    const error = pg(
      '23505',
      'duplicate key value violates unique constraint "lottery_results_draw_date_draw_hour_key"',
    );
    expect(resultErrorMessage(error, { date: '2024-05-01', time: '14:30' })).toBe(
      'A result for 2024-05-01 14:30 already exists',
    );
    expect(resultErrorMessage(error)).toBe('A result for this draw already exists');
  });

  it('explains check violations in words', () => {
    const prize = pg(
      '23514',
      'new row for relation "lottery_results" violates check constraint "lottery_results_first_prize_check"',
    );
    expect(resultErrorMessage(prize)).toBe('The first prize must be exactly four digits');
    const time = pg('23514', 'new row violates check constraint "lottery_results_draw_time_check"');
    expect(resultErrorMessage(time)).toBe('The draw date or time is not valid');
    const range = pg(
      '23514',
      'new row for relation "lottery_results" violates check constraint "lottery_results_draw_date_range"',
    );
    expect(resultErrorMessage(range)).toBe(
      'The draw date must be between 2000-01-01 and 2099-12-31',
    );
  });

  it('explains permission, session and date failures', () => {
    expect(resultErrorMessage(pg('42501', 'new row violates row-level security policy'))).toBe(
      "You don't have permission to change results",
    );
    expect(resultErrorMessage(pg('PGRST301', 'JWT expired'))).toBe(
      'Your session has expired. Please log in again.',
    );
    expect(resultErrorMessage(pg('22007', 'invalid input syntax for type date'))).toBe(
      'The date is not valid',
    );
  });

  it('says when the server cannot be reached', () => {
    expect(resultErrorMessage(pg('', 'TypeError: Failed to fetch'))).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  it("keeps the service's own message otherwise", () => {
    expect(resultErrorMessage(new Error('This result no longer exists'))).toBe(
      'This result no longer exists',
    );
    expect(resultErrorMessage(pg('PGRST204', 'Could not find the column'))).toBe(
      'Could not find the column',
    );
    expect(resultErrorMessage(undefined)).toBe('Something went wrong');
  });

  it('asks for the authenticator code when the session is below aal2', () => {
    const error = { code: 'insufficient_aal', message: 'refused' };
    expect(resultErrorMessage(error)).toBe(
      'Confirm with your authenticator code to change results',
    );
  });
});

describe('resultErrorMessage on another language’s page', () => {
  afterEach(() => i18n.activate('en'));

  it('never shows the service’s English sentence alone', () => {
    i18n.load('th', th);
    i18n.activate('th');
    const gone = Object.assign(new Error('This result no longer exists'), { code: RESULT_GONE });
    expect(resultErrorMessage(gone)).toBe('ผลรางวัลนี้ไม่มีอยู่แล้ว');
    // A code the product has no sentence for is named in a Thai sentence.
    expect(resultErrorMessage(pg('PGRST204', 'Could not find the column'))).toBe(
      th['account.error.other'].replace('{code}', 'PGRST204'),
    );
    // The generate function's English refusal: the action's own failure, in Thai.
    expect(
      resultErrorMessage(new Error('Date range too long'), undefined, th['admin.generate.failed']),
    ).toBe(th['admin.generate.failed']);
    expect(resultErrorMessage(undefined)).toBe(th['error.title']);
  });

  it('keeps English as it was, the fallback only when there is no message', () => {
    const gone = Object.assign(new Error('This result no longer exists'), { code: RESULT_GONE });
    expect(resultErrorMessage(gone)).toBe('This result no longer exists');
    expect(resultErrorMessage(new Error('Date range too long'), undefined, 'Failed')).toBe(
      'Date range too long',
    );
  });
});
