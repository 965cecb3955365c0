/**
 * A lookup table for keys that come from outside (a typed word, a link's parameter, stored
 * data): it has no prototype, so `constructor`, `toString` or `__proto__` find nothing
 * instead of Object's own functions.
 */
export function table<V>(entries: Record<string, V>): Record<string, V> {
  return Object.assign(Object.create(null) as Record<string, V>, entries);
}

/** `record[key]` when the record has it as its own: never Object's `constructor` or `toString`. */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
