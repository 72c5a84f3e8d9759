// Pure and import-free: the local stack (server/src/config.ts) validates LOTTERY_TIMEZONE with it
// too, so the app and the stack agree on what a time zone is.

/** Whether `zone` is an IANA time zone this runtime's Intl knows (`UTC`, `Asia/Bangkok`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
