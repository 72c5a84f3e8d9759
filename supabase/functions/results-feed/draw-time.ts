/**
 * The lottery clock for the feed: a draw is at `draw_date` HH:30 on the lottery's wall clock
 * (the publication policy in the migrations says the same). `Intl` does the zone arithmetic, so
 * this runs unchanged in Deno and Node with no timezone library.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `at`, as if it were UTC (ms). */
function wallAsUtc(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/** Offset of `timeZone` from UTC at `at`, in ms (Bangkok: +7 h). */
function offsetAt(at: number, timeZone: string): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallAsUtc(whole, timeZone) - whole;
}

/** The instant (ms) of draw `hour` of `date` (`yyyy-MM-dd`): HH:30 on the lottery's clock. */
export function drawInstant(date: string, hour: number, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, 30);
  // The offset at the wall time read as UTC is right except within hours of a DST change:
  // a second look with the corrected instant settles it.
  const first = wall - offsetAt(wall, timeZone);
  const offset = offsetAt(first, timeZone);
  return wall - offset;
}

/**
 * Seconds from `now` to the next draw (the next HH:30:00 on the lottery's clock), 1 to 3600:
 * how long a feed read now stays current.
 */
export function secondsToNextDraw(now: number, timeZone: string): number {
  const wall = wallAsUtc(now, timeZone);
  const intoHour = Math.floor(wall / 1000) % 3600;
  const left = (1800 - intoHour + 3600) % 3600;
  return left === 0 ? 3600 : left;
}
