// Page load time: measured from the Navigation Timing entry, rounded to
// whole milliseconds and kept, not displayed: it is recorded as a performance mark named
// 'unitly:load-time' whose detail is {ms}, where tooling (or a future analytics hook,
// after consent) can read it. Nothing is logged.

const LOAD_TIME_MARK = 'unitly:load-time';

/** Milliseconds from navigation start to the end of the load event, rounded. */
export function loadTimeOf(entry: { startTime: number; loadEventEnd: number } | undefined, fallbackNow: number): number {
  const end = entry && entry.loadEventEnd > 0 ? entry.loadEventEnd - entry.startTime : fallbackNow;
  return Math.max(0, Math.round(end));
}

export function measureLoadTime(win: Window = window): void {
  const record = () => {
    // After the load event has finished, so loadEventEnd is set.
    setTimeout(() => {
      const perf = win.performance;
      if (!perf?.mark) return;
      const entry = perf.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
      const ms = loadTimeOf(entry, perf.now());
      try {
        perf.mark(LOAD_TIME_MARK, { detail: { ms } });
      } catch {
        // very old engines without mark details: nothing to record
      }
    }, 0);
  };
  if (win.document.readyState === 'complete') record();
  else win.addEventListener('load', record, { once: true });
}
