/**
 * A lottery_results row to insert: the draw at half past `hour` (every suite's fixtures follow
 * the schedule the lottery keeps, so a draw_time never disagrees with its hour).
 */
export function resultRow(date: string, hour: number, prize: string) {
  return {
    draw_date: date,
    draw_hour: hour,
    draw_time: `${String(hour).padStart(2, '0')}:30:00`,
    first_prize: prize,
  };
}
