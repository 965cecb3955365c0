// A pair page's table of common values (server-only, in the HTML without script): a unit
// pair's values and a currency pair's amounts, each row a From value and what it is in To.
// The scrolling region is what the heading names, so the section itself has no label.
// The site search leaves the table out (`data-search-skip`): its numbers find nothing a
// visitor looks for, and the box answers "5 ft in m" itself; the formula and the units'
// definitions above it are what a pair page is found by.

export interface PairEnd {
  /** "Feet", "US Dollar". */
  name: string;
  /** "ft", "USD": shown after the name in the column heading. */
  symbol: string;
}

export interface PairRow {
  /** The From value as shown ("5 ft", "100 JPY"). */
  value: string;
  /** What it is in To, as the card would answer. */
  result: string;
}

interface Props {
  /** The heading's id (a page's first table is `pair-table`). */
  id: string;
  from: PairEnd;
  to: PairEnd;
  rows: PairRow[];
  /** A sentence under the table (how its values are rounded). */
  note?: string;
}

export function PairTable({ id, from, to, rows, note }: Props) {
  return (
    <section>
      <h2 id={id}>{`${from.name} to ${to.name} table`}</h2>
      <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0} data-search-skip="">
        <table>
          <thead>
            <tr>
              <th scope="col">{`${from.name} (${from.symbol})`}</th>
              <th scope="col">{`${to.name} (${to.symbol})`}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <td>{row.value}</td>
                <td>{row.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note && <p className="table-note">{note}</p>}
    </section>
  );
}
