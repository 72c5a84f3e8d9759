import { formatIsoDate, parseIsoDate } from '../calendar.ts';
import { MAX_RANGE_DAYS, parseRequestBody, validateRange } from '../validate.ts';
import { assert, assertEquals } from './assert.ts';

function errorOf(body: unknown): string {
  const result = validateRange(body);
  assert(!result.ok, `expected ${JSON.stringify(body)} to be refused`);
  return result.error;
}

Deno.test('a valid range gives its dates, first day and length', () => {
  const result = validateRange({ fromDate: '2024-02-28', toDate: '2024-03-01' });
  assert(result.ok);
  assertEquals(result.range, {
    fromDate: '2024-02-28',
    toDate: '2024-03-01',
    firstDay: 19_781,
    days: 3,
  });
  assert(validateRange({ fromDate: '2024-05-01', toDate: '2024-05-01' }).ok, 'one day');
});

Deno.test('calendar arithmetic round-trips across eras, leap days and year 1', () => {
  for (const date of [
    '0001-01-01',
    '1900-02-28',
    '1970-01-01',
    '2000-02-29',
    '2024-12-31',
    '9999-12-31',
  ]) {
    assertEquals(formatIsoDate(parseIsoDate(date)!), date);
  }
  assertEquals(parseIsoDate('1970-01-01'), 0);
  assertEquals(parseIsoDate('2024-03-01')! - parseIsoDate('2024-02-28')!, 2);
});

Deno.test('impossible dates are refused', () => {
  for (const date of [
    '2024-02-30',
    '2023-02-29',
    '1900-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '0000-01-01',
    '2024-01-00',
  ]) {
    assertEquals(
      errorOf({ fromDate: date, toDate: '2024-12-31' }),
      `fromDate is not a valid calendar date: ${date}`,
    );
  }
  assert(
    validateRange({ fromDate: '2024-02-29', toDate: '2024-02-29' }).ok,
    'leap day exists in 2024',
  );
});

Deno.test('malformed dates and wrong types are refused without echoing the input', () => {
  for (const date of [
    '2024-2-01',
    '01-02-2024',
    '2024/02/01',
    '2024-02-01T00:00',
    ' 2024-02-01',
    '２０２４-01-01',
    'x'.repeat(100_000),
  ]) {
    const error = errorOf({ fromDate: '2024-01-01', toDate: date });
    assertEquals(error, 'toDate must be a date in yyyy-MM-dd format');
  }
  for (const value of [20240101, true, ['2024-01-01'], { d: 1 }]) {
    assertEquals(
      errorOf({ fromDate: value, toDate: '2024-01-01' }),
      'fromDate must be a string in yyyy-MM-dd format',
    );
  }
});

Deno.test('missing dates, non-objects and unknown fields are refused', () => {
  const required = 'Please select both from and to dates: fromDate and toDate are required';
  assertEquals(errorOf({}), required);
  assertEquals(errorOf({ fromDate: '2024-01-01' }), required);
  assertEquals(errorOf({ fromDate: '', toDate: '2024-01-01' }), required);
  assertEquals(errorOf({ fromDate: null, toDate: '2024-01-01' }), required);
  for (const body of [null, [], 'text', 42]) {
    assertEquals(errorOf(body), 'Request body must be a JSON object with fromDate and toDate');
  }
  const extra = errorOf({ fromDate: '2024-01-01', toDate: '2024-01-01', first_prize: '7777' });
  assertEquals(extra, 'Unknown field(s) "first_prize": only fromDate and toDate are accepted');
});

Deno.test('from after to is refused', () => {
  assertEquals(
    errorOf({ fromDate: '2024-01-02', toDate: '2024-01-01' }),
    'From date must be before or equal to To date',
  );
});

Deno.test(`at most ${MAX_RANGE_DAYS} days, counted inclusively`, () => {
  const leapYear = validateRange({ fromDate: '2024-01-01', toDate: '2024-12-31' });
  assert(leapYear.ok && leapYear.range.days === 366, 'a whole leap year is allowed');
  assertEquals(
    errorOf({ fromDate: '2024-01-01', toDate: '2025-01-01' }),
    'The range spans 367 days; at most 366 days can be generated per call',
  );
  assert(!validateRange({ fromDate: '0001-01-01', toDate: '9999-12-31' }).ok, 'huge range');
});

Deno.test('the raw body must be JSON', () => {
  assertEquals(parseRequestBody('{"fromDate":'), {
    ok: false,
    error: 'Request body is not valid JSON',
  });
  assertEquals(parseRequestBody(''), {
    ok: false,
    error: 'Request body must be a JSON object with fromDate and toDate',
  });
  assert(parseRequestBody('{"fromDate":"2024-01-01","toDate":"2024-01-01"}').ok);
});

Deno.test('days outside the draw date range are refused in the admin’s words (ADR 020)', () => {
  const sentence = 'The draw date must be between 2000-01-01 and 2099-12-31';
  assertEquals(errorOf({ fromDate: '1999-12-31', toDate: '2000-01-01' }), sentence);
  assertEquals(errorOf({ fromDate: '2099-12-31', toDate: '2100-01-01' }), sentence);
  assert(validateRange({ fromDate: '2000-01-01', toDate: '2000-01-02' }).ok, 'first days');
  assert(validateRange({ fromDate: '2099-12-30', toDate: '2099-12-31' }).ok, 'last days');
});
