// Types of gnuUnits.mjs (plain JavaScript so the browser suite can import it too).

/** Our unit keys as GNU units names them. */
export declare const GNU_NAMES: Record<string, string>;
/** GNU's "have" expression for `value` of the unit with this key: "5 ft", or "tempF(5)". */
export declare function gnuQuantity(unitKey: string, value: number | string): string;
/** One GNU units process over many [have, want] queries; its answers as printed. */
export declare function runGnuUnits(queries: [have: string, want: string][]): string[];
