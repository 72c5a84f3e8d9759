/**
 * Names for the lottery clock and the visitor's own, so every time the app shows says which clock
 * it follows (ADR 002: every time shown names the lottery clock).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', options);
    formats.set(key, made);
  }
  return made;
}

const hhmm = (timeZone: string) =>
  format(`hhmm ${timeZone}`, { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
const monthDay = (timeZone: string) =>
  format(`md ${timeZone}`, { timeZone, month: 'short', day: 'numeric' });

/** `Asia/Bangkok (GMT+7)`, `America/New_York (EDT)`, or just `UTC`. */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const short = format(`zone ${timeZone}`, { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

/** The visitor's own IANA zone, as the browser reports it. */
export function visitorZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `HH:MM` on the given clock. */
export function timeIn(at: Date, timeZone: string): string {
  return hhmm(timeZone).format(at);
}

/**
 * The instant on the visitor's wall clock (`00:30, May 1`), or `null` when it reads the same as
 * the lottery's, so there is nothing to add.
 */
export function visitorTimeOf(at: Date, lotteryZone: string, own = visitorZone()): string | null {
  const wall = (zone: string) => `${timeIn(at, zone)}, ${monthDay(zone).format(at)}`;
  const mine = wall(own);
  return mine === wall(lotteryZone) ? null : mine;
}
