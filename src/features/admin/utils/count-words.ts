const integer = new Intl.NumberFormat('en');

/** "2,400": a count with the dashboard's digit grouping. */
export function formatCount(count: number): string {
  return integer.format(count);
}

/** "1 result", "2,400 results": a count as the dashboard says it. */
export function resultsCount(count: number): string {
  return `${integer.format(count)} ${count === 1 ? 'result' : 'results'}`;
}

/** "1 hour", "24 hours". */
export function hoursCount(count: number): string {
  return `${integer.format(count)} ${count === 1 ? 'hour' : 'hours'}`;
}
