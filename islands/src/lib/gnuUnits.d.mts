// Types of gnuUnits.mjs (plain JavaScript so the browser suite can import it too).

/** What the GNU helpers read of a unit of content/units.yaml. */
export interface GnuUnit {
  key: string;
  gnu?: string;
  scale?: unknown;
  reciprocal?: unknown;
}
/** The GNU units expression for a unit: its `gnu:` field, else its key. */
export declare function gnuName(unit: GnuUnit): string;
/** The [have, want] query converting `value` of `from` to `to`. */
export declare function gnuQuery(from: GnuUnit, to: GnuUnit, value: number | string): [have: string, want: string];
/** One GNU units process over many [have, want] queries; its answers as printed. */
export declare function runGnuUnits(queries: [have: string, want: string][]): string[];
