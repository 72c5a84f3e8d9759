import type { LotteryResult } from '@/lib/types';

/** A result row as the API returns it. */
export function resultRow(
  date: string,
  hour: number,
  prize: string,
  overrides: Partial<LotteryResult> = {},
): LotteryResult {
  return {
    id: `${date}-${hour}`,
    draw_date: date,
    draw_hour: hour,
    draw_time: `${String(hour).padStart(2, '0')}:30:00`,
    first_prize: prize,
    source: 'operator',
    previous_prize: null,
    corrected_at: null,
    created_by: 'admin@example.com',
    updated_by: null,
    created_at: `${date}T00:00:00Z`,
    updated_at: `${date}T00:00:00Z`,
    ...overrides,
  };
}
