// What a card reads of a shared address's unit words, loaded only for a link that has some
// (`from=sqft`, an old `from=tons`): the card's own chunk stays small for every other visit.
import { ignoredParam } from './urlState.ts';

/**
 * What a card says of a link's `from` or `to` that is a unit key units.yaml has renamed
 * (`formerly`: the tonne was `tons`) and also another unit's word (`tons` is the US short
 * ton's, as the Value field reads "5 tons"): the link opens the renamed unit, as older links
 * meant, and the notice says so and how to ask for the other. `rows` are the category's
 * units as [key, symbol, ...aliases] (generated/unitWords.ts), `name` a unit's name. Null when
 * the link has no such parameter.
 */
export function renamedKeyNotice(
  search: string,
  former: Readonly<Record<string, string>> | undefined,
  rows: readonly (readonly string[])[],
  name: (key: string) => string | undefined,
): string | null {
  if (former === undefined) return null;
  const params = new URLSearchParams(search);
  const said: string[] = [];
  for (const param of ['from', 'to'] as const) {
    const given = params.get(param);
    const key = given === null ? undefined : former[given];
    if (given === null || key === undefined) continue;
    const other = rows.find(([k, , ...words]) => k !== key && words.includes(given))?.[0];
    if (other === undefined) continue;
    said.push(`The link's ${param}=${given} was read as ${name(key) ?? key}, as older links meant; for ${name(other) ?? other} use ${param}=${other}.`);
  }
  return said.length === 0 ? null : said.join(' ');
}

/**
 * A shared address's `from` or `to` read again as the Value field reads a unit word
 * (`from=sqft`, `to=square metres`): a card that can (`read`, otherUnits.ts unitOfWord) takes
 * the unit it names, and the notice says why a unit of another category is none here
 * (`to=feet` on the area card). Returns the query with those taken, and the reasons.
 */
export async function readUnitParams<Q extends { from?: string; to?: string; ignored: string[] }>(
  search: string,
  query: Q,
  keys: { from: readonly string[]; to: readonly string[] },
  read: (word: string) => Promise<{ key: string } | { why: string } | null>,
): Promise<{ query: Q; why: string[] }> {
  const out = { ...query, ignored: [...query.ignored] };
  const why: string[] = [];
  for (const { name, given } of ignoredUnitParams(search, query)) {
    const found = await read(given).catch(() => null);
    if (found !== null && 'key' in found && keys[name].includes(found.key)) {
      out[name] = found.key;
      out.ignored = out.ignored.filter((i) => i !== ignoredParam(name, given));
    } else if (found !== null && 'why' in found && !why.includes(found.why)) why.push(found.why);
  }
  return { query: out, why };
}

/** The `from` and `to` of a shared address that `query` (readConversionQuery's) ignored. */
export function ignoredUnitParams(search: string, query: { ignored: readonly string[] }): { name: 'from' | 'to'; given: string }[] {
  const params = new URLSearchParams(search);
  return (['from', 'to'] as const).flatMap((name) => {
    const given = params.get(name);
    return given !== null && query.ignored.includes(ignoredParam(name, given)) ? [{ name, given }] : [];
  });
}
