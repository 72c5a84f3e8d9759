/**
 * The lottery timezone of the end-to-end stack. Bangkok, while the browser runs in Los Angeles:
 * every date on the page must follow the lottery's clock. Between 00:00 and 01:00 Bangkok time no
 * draw of the day is public yet, so the run then uses Kolkata (1.5 h behind) and the tests that
 * need today's published draws always have some. Chosen once per run and handed to the workers
 * through the environment, so all agree even if the run crosses the hour.
 */
function chooseZone(): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date()),
  );
  return hour === 0 ? 'Asia/Kolkata' : 'Asia/Bangkok';
}

process.env.E2E_LOTTERY_TIMEZONE ??= chooseZone();
export const E2E_LOTTERY_TIMEZONE: string = process.env.E2E_LOTTERY_TIMEZONE;
