import { describe, expect, it } from 'vitest';
import { messagesIn } from '@/i18n/test/messages-in';
import { current } from '@/i18n/i18n';
import type { Locale } from '@/shared/i18n/locales';
import { commitmentLead, formatLead as formatLeadIn } from './commitment-lead';

const formatLead = (ms: number) => formatLeadIn(ms, current());

const zone = 'Asia/Bangkok'; // UTC+7: the 14:30 draw of 2026-11-23 is 07:30Z

describe('commitmentLead', () => {
  it('measures from the commitment to the draw moment and keeps the promise on an earlier day', () => {
    expect(commitmentLead('2026-11-22T16:00:00Z', '2026-11-23', 14, zone)).toEqual({
      ms: 15.5 * 3_600_000,
      dayBefore: true,
    });
  });

  it('breaks the promise when committed the same lottery day, however long before', () => {
    // 00:00:05 in Bangkok on the draw's own day: a fresh stack's first tick.
    const lead = commitmentLead('2026-11-22T17:00:05Z', '2026-11-23', 0, zone);
    expect(lead.dayBefore).toBe(false);
    expect(formatLead(lead.ms)).toBe('29 minutes');
  });

  it('is negative for a commitment published after the draw', () => {
    expect(commitmentLead('2026-11-23T08:00:00Z', '2026-11-23', 14, zone).ms).toBe(-1_800_000);
  });
});

describe('formatLead', () => {
  it('names the two largest units, rounded down', () => {
    expect(formatLead(30_000)).toBe('less than a minute');
    expect(formatLead(60_000)).toBe('1 minute');
    expect(formatLead(12 * 60_000 + 59_000)).toBe('12 minutes');
    expect(formatLead(3_600_000)).toBe('1 hour');
    expect(formatLead(3_600_000 + 5 * 60_000)).toBe('1 hour 5 minutes');
    expect(formatLead(24 * 3_600_000)).toBe('1 day');
    expect(formatLead(51 * 3_600_000 + 59 * 60_000)).toBe('2 days 3 hours');
  });
});

describe('formatLead in each language', () => {
  const day = 24 * 3_600_000;
  const cases: [Locale, number, string][] = [
    ['en', 2 * day + 3_600_000, '2 days 1 hour'],
    ['th', 2 * day + 3_600_000, '2 วัน 1 ชั่วโมง'],
    ['lo', 3_600_000 + 60_000, '1 ຊົ່ວໂມງ 1 ນາທີ'],
    ['vi', 5 * 60_000, '5 phút'],
    ['zh', 3 * 3_600_000 + 2 * 60_000, '3 小时 2 分钟'],
    ['ms', 1 * day, '1 hari'],
    ['th', 10_000, 'ไม่ถึงหนึ่งนาที'],
  ];
  it.each(cases)('%s: %d ms reads %s', async (locale, ms, expected) => {
    expect(formatLeadIn(ms, await messagesIn(locale))).toBe(expected);
  });
});
