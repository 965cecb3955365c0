// The currency card's Amount read by the value parser (fractions, sums, a decimal comma),
// with no units: a currency sign or code gets a message. Loaded by the card when needed.
import { buildLexicon, parseInput, type Lexicon } from './parse.ts';
import { toNumber } from './rational.ts';
import { checkAmount, type AmountReading } from './quickAmount.ts';
import type { Currency } from './units.ts';

const lexicons = new WeakMap<Currency[], Lexicon>();

export function readAmount(text: string, currencies: Currency[]): AmountReading {
  let lexicon = lexicons.get(currencies);
  if (lexicon === undefined) {
    lexicon = buildLexicon({ currency: { label: 'currency', units: currencies.map((c) => ({ key: c.code, symbol: c.symbol, aliases: [c.code] })) } });
    lexicons.set(currencies, lexicon);
  }
  const parsed = parseInput(text, lexicon, null);
  if (parsed.kind === 'empty') return { value: null, message: null };
  if (parsed.kind === 'error') return { value: null, message: parsed.message };
  return checkAmount(toNumber(parsed.value));
}
