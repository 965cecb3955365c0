// Amounts people ask for by name ("speed of light", "marathon in miles"): the table
// askConversion.ts answers them from, and what the search box asks it about (searchWords.ts).

/**
 * Amounts people convert by name: a race's distance (fixed by World Athletics), the speed of
 * light (exact in the SI), absolute zero, water's boiling and freezing points at sea level, a
 * body's usual temperature. `amount` is what is converted (a race in metres: 42.195 km would
 * be read with a note, as 42.195 could be 42,195), `shown` how the line says it, `usual` the
 * targets when none is asked, `after` what the line adds.
 */
export const NAMED: { words: string; said: string; amount: string; shown: string; usual: string[]; after?: string }[] = [
  { words: 'half[\\s-]*marathon', said: 'A half marathon is', amount: '21097.5 m', shown: '21.0975 km', usual: ['mi'] },
  { words: 'marathon', said: 'A marathon is', amount: '42195 m', shown: '42.195 km', usual: ['mi'] },
  { words: 'speed\\s+of\\s+light|light\\s*speed', said: 'The speed of light is', amount: '299792458 m/s', shown: '299,792,458 m/s', usual: ['km/h', 'mph'] },
  { words: 'absolute\\s+zero', said: 'Absolute zero is', amount: '0 K', shown: '0 K', usual: ['°C', '°F'] },
  { words: 'boiling\\s+point\\s+of\\s+water|water[’\']?s?\\s+boiling\\s+point', said: 'Water boils at', amount: '100 °C', shown: '100 °C', usual: ['°F'], after: ' at sea level' },
  { words: 'freezing\\s+point\\s+of\\s+water|water[’\']?s?\\s+freezing\\s+point', said: 'Water freezes at', amount: '0 °C', shown: '0 °C', usual: ['°F'] },
  { words: 'leap\\s+year', said: 'A leap year is', amount: '366 d', shown: '366 d', usual: ['weeks', 'hours'], after: ' (a common year 365 d; the Gregorian year averages 365.2425 d)' },
  { words: 'common\\s+year|non[\\s-]*leap\\s+year', said: 'A common year is', amount: '365 d', shown: '365 d', usual: ['weeks', 'hours'], after: ' (a leap year 366 d)' },
  { words: '(?:normal\\s+|average\\s+|human\\s+)?body\\s+temperature', said: 'A body’s usual temperature is about', amount: '37 °C', shown: '37 °C', usual: ['°F'], after: ' (it varies a little from person to person)' },
];
export const NAMED_ASKED = NAMED.map((n) => new RegExp(`^(?:(?:a|an|one|the|1)\\s+)?(?:${n.words})s?(?:\\s+distance)?(\\s+(?:to|in|into|as))?(?:\\s+(.+))?$`, 'iu'));

/** Whether a query names one of them ("speed of light", "body temperature in f"). */
export const namesAmount = (query: string): boolean => NAMED_ASKED.some((r) => r.test(query.trim()));
