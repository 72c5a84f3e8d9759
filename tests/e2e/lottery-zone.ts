/**
 * The lottery timezone of the end-to-end stack: Bangkok, while the browser runs in Los Angeles, so
 * every date on the page must follow the lottery's clock. The first zone of the list in which it
 * is now between 01:00 and 22:00: some draw of the day is already public (the tests that need
 * today's published draws always have some), and the run ends long before that zone's midnight
 * (a run that crossed it saw "today" change under its feet). Chosen once per run and handed to
 * the workers through the environment, so all agree even if the run crosses the hour.
 */
const CANDIDATES = ['Asia/Bangkok', 'Asia/Kolkata', 'Asia/Tokyo'];

const hourIn = (timeZone: string, now: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now),
  );

export function chooseZone(now = new Date()): string {
  return CANDIDATES.find((zone) => hourIn(zone, now) >= 1 && hourIn(zone, now) < 22)!;
}

process.env.E2E_LOTTERY_TIMEZONE ??= chooseZone();
export const E2E_LOTTERY_TIMEZONE: string = process.env.E2E_LOTTERY_TIMEZONE;
