// "just now", "5 minutes ago", "yesterday", "Mar 5, 2026": when a history entry was made,
// in the words a visitor uses. Pure (the clock is a parameter) so it is testable in Node.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Built on first use: each Intl formatter costs milliseconds to build, not worth paying at load.
let formats: { relative: Intl.RelativeTimeFormat; date: Intl.DateTimeFormat; full: Intl.DateTimeFormat } | undefined;
function intl() {
  return (formats ??= {
    relative: new Intl.RelativeTimeFormat('en', { numeric: 'auto' }),
    date: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    full: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
  });
}

/** A short relative time for an ISO timestamp; '' when the timestamp is not a date. */
export function timeAgo(timestamp: string, now: number = Date.now()): string {
  const then = Date.parse(timestamp);
  if (Number.isNaN(then)) return '';
  const age = now - then;
  // A clock that moved back a little (another tab, a synced device) still reads "just now".
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return intl().relative.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return intl().relative.format(-Math.floor(age / HOUR), 'hour');
  if (age < 7 * DAY) return intl().relative.format(-Math.floor(age / DAY), 'day');
  return intl().date.format(then);
}

/** The full local date and time, for a tooltip: "Mar 5, 2026, 2:07 PM". */
export function fullTime(timestamp: string): string {
  const then = Date.parse(timestamp);
  return Number.isNaN(then) ? '' : intl().full.format(then);
}
