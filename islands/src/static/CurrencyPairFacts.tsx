// A currency pair page's facts (/currency-converter/usd-to-eur): the rate and its inverse as
// known when the page was built, dated (the ECB reference rate of a day) or labelled as the
// approximate fallback, and tables of common amounts both ways. Server-only: rendered into
// the page at build time (island client="none"), so the answer is in the HTML without script;
// the card above shows the live rate once it runs.
import { amountsFor, pairRateFacts } from '../lib/currencyPair.ts';
import type { Currency } from '../lib/units.ts';
import { PairTable } from '../ui/PairTable.tsx';

interface Props {
  /** The featured currencies, as the card's props carry them; the pair is two of them. */
  currencies: Currency[];
  from: string;
  to: string;
  /** Units of `to` per one `from` and the inverse as the build knew them, with the reference
   *  rate's day (YYYY-MM-DD), or null for the approximate fallback rate. */
  quote: { rate: number; inverse: number; date: string | null };
}

export default function CurrencyPairFacts({ currencies, from: fromCode, to: toCode, quote }: Props) {
  const [from, to] = [fromCode, toCode].map((code) => currencies.find((c) => c.code === code));
  if (!from || !to) throw new Error(`no featured currency pair ${fromCode} → ${toCode}`);
  const facts = pairRateFacts(from, to, quote.rate, quote.inverse, quote.date);
  const end = (c: Currency) => ({ name: c.name, symbol: c.code });
  return (
    <>
      <section aria-labelledby="pair-rate">
        <h2 id="pair-rate">{`${from.code} to ${to.code} exchange rate`}</h2>
        <p className="pair-statement">
          <strong>{facts.rate}</strong>
          {` and ${facts.inverse}`}
        </p>
        <p className="pair-rate-source">{facts.source}</p>
      </section>
      <PairTable id="pair-table" from={end(from)} to={end(to)} rows={amountsFor(from, to, quote.rate)} />
      <PairTable id="pair-table-inverse" from={end(to)} to={end(from)} rows={amountsFor(to, from, quote.inverse)} />
    </>
  );
}
