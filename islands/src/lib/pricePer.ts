// A price per unit asked per another unit of the same kind: "$250 per sq ft to per m²" (a
// flat's price), "£2.50/kg in per lb" (the grocer's), "€1.80 per litre to per gallon" (the
// pump's), "60 per minute to per hour". The money is untouched, only the unit divides it:
// price per m² = price per ft² × the square feet in a square metre. Read here, converted by
// askConversion.ts with the units' exact factors. Different currencies on the two sides
// ("€1.80/L to $/gal") are two conversions: the unit here, the money on the currency card.

/** What a price-per question asks, as typed. */
export interface PricePerQuestion {
  /** The money as it is written before the number ("$", "€") or after it (" USD"), or "" for none. */
  before: string;
  after: string;
  /** The currency code or sign named on the target's side when it is not the price's ("€1.80/L to $/gal"). */
  otherMoney: string | null;
  /** The price as typed ("250", "1.80"), or null for a pair with none ("$/sqft to $/m2"). */
  amount: string | null;
  /** The unit words the price is per, and per which it is asked ("sq ft", "m2"; null: not said, "$3 per lb"). */
  per: string;
  asked: string | null;
  /** How many of each, when not one: "£1.20 per 100 g to per lb", "per kg to per 100 g". */
  perCount: string | null;
  askedCount: string | null;
}

const NUMBER = String.raw`\d[\d,]*(?:\.\d+)?|\.\d+`;
/** A currency sign, or a code of three letters (checked against the site's currencies). */
const MONEY = String.raw`\p{Sc}|rs\.?(?![a-z])|(?!(?:per|and|for|the)(?![a-z]))[a-z]{3}(?![a-z])`;
/** "per", "/", "a", "an", "each": a word whole ("1 at to atm" is no price per t). */
const PER = String.raw`(?:\/|(?:per|an?|each)(?![a-z]))`;
const TO = String.raw`(?:to|in|into|as|→|->)`;
/** A unit's words: no digit but a power's (m2, ft^2), no separator word. */
const UNIT = String.raw`[^\d\s/][^/]*?`;

const QUESTION = new RegExp(
  String.raw`^(?:(?:the\s+)?price\s+)?(?<c1>${MONEY})?\s*(?<n>${NUMBER})?\s*(?<c2>${MONEY})?\s*${PER}\s*(?:(?<q1>${NUMBER})\s*)?(?<u1>${UNIT})(?:\s+${TO}\s+(?:(?:the\s+)?price\s+)?(?<c3>${MONEY})?\s*(?<per2>${PER})?\s*(?:(?<q2>${NUMBER})\s*)?(?<u2>${UNIT}))?\s*$`,
  'iu',
);

/** Real estate's abbreviations after a price: per square foot, per square metre. */
const ESTATE = /^(?<head>.*?\S)\s*(?<![a-z])(?<abbr>psf|psm)(?![a-z])\s*(?<tail>.*)$/iu;
const ESTATE_UNIT: Record<string, string> = { psf: 'per sq ft', psm: 'per m²' };

/**
 * The price-per question `query` asks, or null. A price needs money named (a sign or one of
 * `codes`) or "price", or "per" on both sides with a number ("60 per minute to per hour"), so
 * "5 mg per litre to per gallon" (a unit before "per") and "1 per cent" are none.
 */
export function readPricePer(query: string, codes: ReadonlySet<string>): PricePerQuestion | null {
  const text = signed(expandEstate(query.trim()));
  const m = QUESTION.exec(text);
  if (m === null || m.groups === undefined) return null;
  const { c1, n, c2, q1, u1, c3, per2, q2, u2 } = m.groups;
  // "per 100 g to per 100 ml"? A count on the target's side needs "per" before it.
  if (q2 !== undefined && per2 === undefined) return null;
  // Rs, the rupee as India, Pakistan, Sri Lanka and Nepal write it: which one does not matter here.
  const money = (c: string | undefined): c is string => c !== undefined && (/^(?:\p{Sc}|rs\.?)$/iu.test(c) || codes.has(c.toUpperCase()));
  for (const c of [c1, c2, c3]) if (c !== undefined && !money(c)) return null;
  if (c1 !== undefined && c2 !== undefined) return null;
  const priced = c1 !== undefined || c2 !== undefined || /^(?:the\s+)?price\b/iu.test(text);
  if (!priced && (per2 === undefined || n === undefined)) return null;
  // "$3 per lb" asks nothing of a pair with no price: "price per sq ft" is a search.
  if (u2 === undefined && (n === undefined || (c1 === undefined && c2 === undefined))) return null;
  // The target says per what: "to per m²", "to $/m²", or a unit alone after a named price ("$250 per sq ft in m2").
  if (per2 === undefined && c3 !== undefined) return null;
  // A sign goes before the number, as prices are written ("10 $/sqft": $10), a code after it.
  const sign = (c: string | undefined) => (c !== undefined && /^\p{Sc}$/u.test(c) ? c : '');
  const written = (c: string) => (sign(c) !== '' ? c : /^rs/iu.test(c) ? 'Rs' : c.toUpperCase());
  const named = c1 ?? c2;
  const sameMoney = c3 === undefined || named === undefined || written(c3) === written(named);
  return {
    before: sign(c1) || sign(c2) || (c1 === undefined ? '' : `${written(c1)} `),
    after: c2 === undefined || sign(c2) !== '' ? '' : ` ${written(c2)}`,
    otherMoney: sameMoney ? null : written(c3!),
    amount: n ?? null,
    per: u1.trim(),
    perCount: q1 ?? null,
    asked: u2?.trim() ?? null,
    askedCount: q2 ?? null,
  };
}

/** Money named in words after a price ("3 dollars a pound"), written as its sign before it. */
const MONEY_WORD = new RegExp(String.raw`(?<![\d.,])(${NUMBER})\s*(dollars?|bucks?|euros?|rupees?)(?![a-z])`, 'giu');
const WORD_SIGN: Record<string, string> = { dollar: '$', buck: '$', euro: '€', rupee: 'Rs ' };

function signed(text: string): string {
  return text.replace(MONEY_WORD, (_, n: string, word: string) => `${WORD_SIGN[word.toLowerCase().replace(/s$/u, '')]}${n}`);
}

/** "$30 psf to psm" as "$30 per sq ft to per m²": each abbreviation after a price or "to". */
function expandEstate(text: string): string {
  let out = text;
  for (let m = ESTATE.exec(out); m?.groups !== undefined; m = ESTATE.exec(out)) {
    out = `${m.groups.head} ${ESTATE_UNIT[m.groups.abbr.toLowerCase()]} ${m.groups.tail}`.trim();
  }
  return out;
}
