// Scales and sizes people ask a converter for that are no unit with one exact factor: the
// Beaufort wind scale (bands of speeds), BMI (a ratio of two measurements), shoe and
// clothing sizes (which differ by brand and standard), land in bighas and marlas (which
// differ by state or by who records the land), a price per volume with no target (the search
// box converts "€1.80 per litre to per gallon", pricePer.ts), international units with no
// vitamin (the box converts vitamins D, E and A, vitamins.ts), power levels in dBm and dBW
// (logarithms: the box converts them, decibels.ts), wire and sheet gauges (tables), screen resolutions ("4k to pixels": a count of
// pixels, not 4 km) and cryptocurrencies (no mid-market rate). Asked on a card or in the search box,
// each gets one honest sentence, as gas marks do (tokens.ts), never "Unknown unit" or a
// page that only shares a word. Small: the search box's first script asks `notConverted`.

import { LEVEL_SAID } from './decibels.ts';
import { SEPARATOR_WORD } from './separators.ts';

/** IU as typed ("iu", "IU", "i.u.", "international units"; vitamins.ts reads it too). */
export const IU = String.raw`(?:i\.?\s?u\.?|international\s+units?)(?![\p{L}.])`;
/** IU with a number or as a target: "1000 iu", "1000 iu to mg", "25 mcg to iu". */
const ASKS_IU = new RegExp(String.raw`\d\s*${IU}|\s${SEPARATOR_WORD}\s+${IU}\s*$`, 'iu');

/** A power level in decibels with a number or a target: "30 dBm", "dbm to mw", "1 W to dBW". */
const POWER_LEVEL = /\d\s*db[mw](?![\p{L}\d])|(?<![\p{L}])db[mw]\s+(?:to|in|into)\s|\s(?:to|in|into)\s+db[mw]\s*$/iu;

/** The Beaufort forces' wind speeds (WMO, as the UK Met Office gives them), in knots and km/h. */
const BEAUFORT: readonly string[] = [
  'calm, under 1 kn', '1–3 kn (1–5 km/h)', '4–6 kn (6–11 km/h)', '7–10 kn (12–19 km/h)', '11–16 kn (20–28 km/h)', '17–21 kn (29–38 km/h)',
  '22–27 kn (39–49 km/h)', '28–33 kn (50–61 km/h)', '34–40 kn (62–74 km/h)', '41–47 kn (75–88 km/h)', '48–55 kn (89–102 km/h)',
  '56–63 kn (103–117 km/h)', '64 kn (118 km/h) or more',
];

/** "force 5" as a wind is told: the force, then nothing but a Beaufort word or a target. */
const FORCE = /\bforce\s+(\d{1,2})(?=\s*(?:beaufort|bft|winds?|gale)?\s*(?:$|\b(?:to|in|into|as)\b|=|→|->))/iu;
const BEAUFORT_WORD = /\b(?:beaufort|bft)\b/iu;
const BMI = /\b(?:bmi|body\s+mass\s+index)\b/iu;
/** A size system: UK, US, EU. */
const REGION = String.raw`\b(?:uk|us|usa|eu|european|british)\b`;
// "shoe size 9", "size 9 shoes", and shoes with a system and a number: "eu 42 shoes to uk".
const SHOE = new RegExp(String.raw`\bshoes?\s+sizes?\b|\bsizes?\b.*\bshoes?\b|^(?=.*\d)(?=.*${REGION}).*\bshoes?\b`, 'iu');
// "dress size 12", and a size with a system before or after it: "size 10 uk", "uk size 10 to us".
const CLOTHING = new RegExp(String.raw`\b(?:dress|clothing|clothes|jeans|trousers|shirt|bra|ring|hat)\s+sizes?\b|${REGION}.*\bsizes?\b|\bsizes?\b.*${REGION}`, 'iu');

/**
 * A price per volume, as pumps show it: "€1.80 per litre", "1.80 EUR/L", "$3.50 a gallon"
 * (a sign or a code with the number), or a bare number with "per" right after it ("1.80 per litre").
 */
const VOLUME = String.raw`(?:litres?|liters?|ltrs?|l|gallons?|gals?|(?:us|uk|imp(?:erial)?)\s*gal(?:lon)?s?)\b`;
const MONEY = String.raw`(?:\p{Sc}\s*\d[\d.,]*|\d[\d.,]*\s*(?:\p{Sc}|(?:eur|usd|gbp|cad|aud|nzd|chf|jpy|cny|inr|mxn|thb)\b))`;
const PRICE_PER_VOLUME = new RegExp(String.raw`${MONEY}\s*(?:per|\/|a)\s*${VOLUME}|(?:^|\s)\d[\d.,]*\s+per\s+${VOLUME}`, 'iu');

/**
 * Cryptocurrencies, by the names and tickers people type: no national currency, so no
 * mid-market rate here. Not "sol" (Solana's ticker is SOL): the sol is Peru's currency, PEN,
 * which converts. "ether", "tether" and "doge" are English words too: crypto only with an
 * amount or a target beside them ("1 ether to usd"), never "diethyl ether".
 */
const CRYPTO = /\b(?:btc|bitcoins?|eth|ethereum|usdt|xrp|dogecoins?|ltc|litecoins?|crypto|cryptocurrency|cryptocurrencies)\b/iu;
const CRYPTO_TOO = /\b(?:ether|tether|doge)\b/iu;
/** An amount or a target in a query ("1 ether", "ether to usd"): money is asked, not a word looked up. */
export const WITH_AMOUNT_OR_TARGET = /\d|\s(?:to|in|into)\s/iu;

/**
 * A screen or video resolution by its name ("4k", "1080p", "full hd") asked with pixels or
 * resolution: a count of pixels, not a length ("4k to pixels" read 4 km in CSS pixels).
 */
const RESOLUTION_NAME = String.raw`(?<![\p{L}\d.,])(?:[2458]k|uhd|ultra\s*hd|w?qhd|fhd|full\s*hd|(?:480|720|1080|1440|2160|4320)p)(?![\p{L}\d])`;
const RESOLUTION = new RegExp(String.raw`${RESOLUTION_NAME}.*\b(?:pixels?|px|resolution)\b|\b(?:pixels?|px|resolution)\b.*${RESOLUTION_NAME}`, 'iu');
const RESOLUTION_SAID =
  'Screen resolutions are counts of pixels, not lengths, so they are not converted here: 720p (HD) is 1,280 × 720 pixels, 1080p (Full HD) 1,920 × 1,080, 1440p (QHD, often sold as 2K) 2,560 × 1,440, 4K (Ultra HD, 2160p) 3,840 × 2,160 (4,096 × 2,160 in cinema) and 8K 7,680 × 4,320. How large a pixel is depends on the screen; a CSS pixel is 1/96 inch, which the Length converter converts.';

/** A gauge number ("20 gauge", "14 awg", "gauge 18", "16 ga"): a place in a table, not a unit. */
const GAUGE = /\d\s*(?:gauges?|ga|awg|swg)(?![\p{L}\d])|(?<![\p{L}])(?:gauge|awg|swg)\s*\d/iu;
const GAUGE_SAID =
  'Gauges are not converted here: a gauge number is a place in a table, not a unit, and each trade has its own. Wire in AWG: 12 AWG is 2.053 mm across, 14 AWG 1.628 mm, 18 AWG 1.024 mm, and every 6 gauges about halve the diameter; sheet metal by its metal: 16-gauge steel is 1.519 mm, 16-gauge aluminium 1.29 mm; needles and shotguns have tables of their own. Convert the thickness in mm or inches on the Length converter.';

/** Whether `typed` asks about a cryptocurrency (the box lists no currency pages for it). */
export const asksCrypto = (typed: string): boolean => CRYPTO.test(typed) || (CRYPTO_TOO.test(typed) && WITH_AMOUNT_OR_TARGET.test(typed));

/** "mach 2", "mach 1 in mph", "1000 km/h to mach": a Mach number, asked with a number or a target. */
const MACH = /\bmach\s*(\d+(?:\.\d+)?)\b|\bmach\b(?=.*\s(?:to|in|into)\s)|\s(?:to|in|into)\s+mach\b/iu;
/** The speed of sound in the ICAO standard atmosphere (√(1.4 × 287.05287 J/(kg·K) × T)), in m/s: at sea level, 15 °C; from 11 km up, −56.5 °C. */
const SOUND = { seaLevel: 340.294, cruise: 295.069 };

/** A speed in m/s as the Mach sentence says it: "340.3 m/s (1,225 km/h, 761 mph)". */
function speedSaid(ms: number): string {
  const whole = (n: number): string => Math.round(n).toLocaleString('en-US');
  return `${ms.toFixed(1)} m/s (${whole(ms * 3.6)} km/h, ${whole(ms / 0.44704)} mph)`;
}

/** The sentence for a Mach number: the speed of sound is no fixed speed, so the two standard ones. */
function machSaid(mach: number | undefined): string {
  const times = mach !== undefined && mach !== 1 && mach > 0 && mach <= 100 ? mach : undefined;
  const at = (ms: number): string => speedSaid(ms * (times ?? 1));
  return `A Mach number is not converted here: it is a speed over the speed of sound, which depends on the air’s temperature. In the standard atmosphere, Mach ${times ?? 1} is ${at(SOUND.seaLevel)} at sea level (15 °C) and ${at(SOUND.cruise)} from 11 km up (−56.5 °C), where airliners cruise.`;
}

/** A bar's measures, with an amount or a target: "1 shot in ml", "jigger to oz". */
const SHOT = /\b(?:shots?|jiggers?)\b/iu;
/**
 * The quantities of a circuit, each its own converter (current, voltage, power, resistance,
 * charge), by the words and symbols people type: a query naming two of them ("100 watts to
 * amps", "12 v to amps", "5 ohms in amps", "2 amps to mah") needs Ohm's law, a voltage or a
 * time, not a factor. A symbol counts only after a number or a "to" ("A cup" is no ampere),
 * also as phones type it (12v, 100w, 5 ma); not the electron volt, an energy. A voltage
 * beside a charge is a battery's question (askConversion.ts batteryQuestion). Volt-amperes,
 * apparent power, are no unit here: asked at all, they get the sentence ("1 kva to kw").
 */
const AFTER_AMOUNT = String.raw`(?:(?<=\d\s*)|(?<=\b(?:to|in|into|as)\s+))`;
const CIRCUIT: ReadonlyArray<readonly [string, readonly RegExp[]]> = [
  ['current', [/\b(?:(?:milli|micro|nano|kilo)?amp(?:ere)?s?|amperage)\b(?![\s-]*(?:hours?|hrs?|h|seconds?)\b)/iu, new RegExp(String.raw`${AFTER_AMOUNT}(?:[mµμunk]?A|ma)\b`, 'u')]],
  ['voltage', [/(?<!\belectron[\s-]*)\b(?:(?:milli|micro|kilo)?volts?|voltage)\b/iu, new RegExp(String.raw`${AFTER_AMOUNT}[mµμuk]?[Vv]\b`, 'u')]],
  ['power', [/\b(?:(?:milli|kilo|mega)?watts?|wattage)\b(?![\s-]*(?:hours?|hrs?|h)\b)/iu, new RegExp(String.raw`${AFTER_AMOUNT}[mkMG]?[Ww]\b`, 'u')]],
  ['resistance', [/\b(?:(?:[kmg]|milli|kilo|mega|giga)?ohms?|kilohms?|megohms?|gigohms?)\b|[kMmG]?Ω/iu]],
  ['charge', [/\b(?:[mk]?ah|coulombs?|(?:milli)?amp(?:ere)?s?[\s-]*(?:hours?|hrs?))\b/iu]],
];
const APPARENT_POWER = /\b[km]?va\b/iu;

/** Whether a query asks one circuit quantity in another ("100 watts to amps"), or in volt-amperes. */
function asksAcrossCircuit(typed: string): boolean {
  if (!WITH_AMOUNT_OR_TARGET.test(typed)) return false;
  if (APPARENT_POWER.test(typed)) return true;
  const named = new Set(CIRCUIT.filter(([, forms]) => forms.some((f) => f.test(typed))).map(([q]) => q));
  if (named.has('charge') && named.has('voltage')) return false;
  return named.size >= 2;
}

/**
 * A lamp's light, with an amount or a target: "500 lux to lumens", "800 lumens to watts",
 * "lumens to candela"; not lumens or candelas per area ("lumens per square foot" is the
 * foot-candle, "cd/m²" the nit).
 */
const LUMENS = /\b(?:lumens?|lm|candelas?|candlepower)\b(?!\s*(?:per\s+(?:square|sq)\b|\/\s*(?:m|ft|cm|in)))/iu;
/** Light on a surface asked in watts: "500 lux to watts". */
const LUX_WATTS = /\b(?:lux|lx|foot[\s-]*candles?|fc)\b.*\bwatts?\b|\bwatts?\b.*\b(?:lux|lx|foot[\s-]*candles?)\b/iu;

/**
 * An absorbed dose asked as an equivalent dose ("1 gy to sv", "100 rad to rem"): grays and
 * rads convert among themselves, but to sieverts and rem only for a known radiation.
 */
const ABSORBED = /\b(?:grays?|[mcµuk]?gy|(?:milli|kilo)?rads?|[mk]rad)\b/iu;
const EQUIVALENT = /\b(?:[mµu]?sv|(?:milli|micro)?sieverts?|m?rems?)\b/iu;
const DOSE_WORD = String.raw`\b(?:[mµu]?sv|[mµu]?sieverts?|m?rems?|rads?|[mcµu]?gy|grays?)\b`;
/** An activity beside a dose: "100 bq to sv", "1 mci in msv". */
const ACTIVITY = /\b(?:[kmgt]?bq|becquerels?|[mµunp]?ci|curies?)\b/iu;
const DOSE = new RegExp(DOSE_WORD, 'iu');

/** Roentgens, the exposure of air: "100 µR/h to µSv/h", "1 roentgen to rem". */
const ROENTGEN = /\b(?:micro|milli)?roentgens?\b|(?<![\p{L}])[µuμm]r\/hr?\b/iu;
const ROENTGEN_SYMBOL = /(?<![\p{L}])R\/hr?\b/u;

/** Dynamic and kinematic viscosity in one query ("100 cp to cst"): the density divides them. */
const DYNAMIC = /\b(?:cp|centipoises?|poises?|m?pa[\s·.]?s)\b/iu;
/** The magnetic field strength H (oersteds, A/m) and the flux density B (gauss, teslas): the symbols by their case. */
const FIELD_STRENGTH = /(?<![\p{L}])k?Oe\b|\b(?:(?:kilo)?oersteds?|k?a\/m|(?:kilo)?amp(?:ere)?s?\s+per\s+met(?:er|re)s?)\b/iu;
const FLUX_DENSITY = /(?:^|[\s\d])(?:[mkµu]?G|[mµun]?T)(?![\p{L}])|\b(?:gauss|(?:milli|micro|nano)?teslas?)\b/u;
const KINEMATIC = /\b(?:cst|centistokes?|stokes)\b|\bm?m[2²]\/s\b/iu;

/** Time zones by the abbreviations people type (EST, GMT, IST, CET, AEST …). */
const ZONE = String.raw`(?:utc|gmt|bst|ist|cet|cest|eet|eest|wet|west|msk|est|edt|cst|cdt|mst|mdt|pst|pdt|akst|akdt|hst|ast|adt|nst|jst|kst|sgt|hkt|awst|acst|aest|aedt|nzst|nzdt)`;
/** "3pm est to gmt", "est to ist", "10:00 utc in pst": a time or a zone, then another zone. */
const TIME_ZONES = new RegExp(String.raw`(?:\b${ZONE}|\d\s*(?:am|pm|a\.m\.|p\.m\.)|\d:\d\d)\s*(?:\b${ZONE}\b\s*)?(?:to|in|into|→|->)\s+${ZONE}\b`, 'iu');

/**
 * Land as South Asia measures it by local custom, whose size differs by state, or by who
 * records the land: the bigha and its parts (katha, kattha, cottah, biswa), and the marla and
 * kanal. "katha" is also a story, "kanal" a canal and "marla" a name: those only with an
 * amount or a target ("5 katha in sq ft"); a bigha is always land.
 */
const BIGHA = /\bbighas?\b/iu;
const BIGHA_PARTS = /\b(?:kath|katth|cott)ah?s?\b|\bbiswas?\b/iu;
const MARLA = /\b(?:marlas?|kanals?)\b/iu;

/**
 * Parts per million or billion asked as a mass in a volume or a percentage: "1 ppm to mg/l",
 * "500 ppm in percent". A ratio, which only a density turns into mg/L (TDS meters' ppm, asked
 * against a conductivity, is answered in askConversion.ts).
 */
const PARTS_PER = /\b(?:pp[mb]|parts\s+per\s+(?:million|billion))\b/iu;
const MASS_IN_VOLUME_OR_PERCENT = /(?:[mµu]?g|micrograms?|milligrams?|grams?)\s*(?:\/|per)\s*(?:[dm]?l|lit(?:er|re)s?|kg|kilograms?)\b|%|\bper\s*cent\b|\bpercent(?:age)?\b/iu;

/** The words these sentences are asked by: the search's spelling corrector keeps them as typed ("shoes", never "shows"). */
const WORDS = /^(?:ppm|ppb|bighas?|kathas?|katthas?|cottahs?|biswas?|marlas?|kanals?|mach|shots?|jiggers?|amps?|amperes?|volts?|kva|lumens?|candelas?|grays?|gy|beaufort|bitcoins?|ethereum|litecoins?|dogecoins?|shoes?|sizes?|dress|clothing|clothes|jeans|trousers|shirts?|force|gale)$/iu;

/** Whether `word` is one notConverted knows. */
export const notConvertedWord = (word: string): boolean => WORDS.test(word);

/** A pinch or a dash of something: kitchen words for a little, no measure (not the em dash). */
const PINCH = /(?<!\b(?:em|en)\s+)\b(pinch(?:es)?|dash(?:es)?)\b/iu;

/** The sentence for a query or value asking for one of these, or null when it asks for none. */
export function notConverted(typed: string): string | null {
  const pinch = PINCH.exec(typed);
  if (pinch !== null) {
    const said = /^pinch/iu.test(pinch[1]) ? 'A pinch is about 1/16 teaspoon and a dash about 1/8' : 'A dash is about 1/8 teaspoon and a pinch about 1/16';
    return `${said}: kitchen words for a little, not precise measures, so they are not converted here.`;
  }
  const force = FORCE.exec(typed);
  if (force !== null || BEAUFORT_WORD.test(typed)) {
    // The force typed ("force 5", "6 bft", "beaufort 7"), else force 5 as an example.
    const typedForce = force?.[1] ?? /\b(\d{1,2})\s*(?:beaufort|bft)\b|\b(?:beaufort|bft)\s*(\d{1,2})\b/iu.exec(typed)?.slice(1).find(Boolean);
    const n = typedForce === undefined ? undefined : Number(typedForce);
    const said = n !== undefined && n < BEAUFORT.length ? `force ${n} is ${BEAUFORT[n]}` : `for example, force 5 is ${BEAUFORT[5]}`;
    return `The Beaufort scale is a range of wind speeds for each force, not a unit, so it is not converted here: ${said}.`;
  }
  const mach = MACH.exec(typed);
  if (mach !== null) return machSaid(mach[1] === undefined ? undefined : Number(mach[1]));
  if (WITH_AMOUNT_OR_TARGET.test(typed) && SHOT.test(typed)) {
    return 'A shot is no fixed measure, so it is not converted here: about 1.5 US fl oz (44 mL) in the US, 25 or 35 mL in the UK, 30 mL in Australia, 2 or 4 cL in much of Europe; a bar’s jigger usually holds 1 and 1.5 US fl oz (30 and 44 mL). Type the measure in fl oz or mL.';
  }
  if (RESOLUTION.test(typed)) return RESOLUTION_SAID;
  if (GAUGE.test(typed)) return GAUGE_SAID;
  if (asksAcrossCircuit(typed)) {
    return 'Amps, volts, watts and ohms are not converted into each other here: each is its own quantity, and the power and Ohm’s law connect them (watts = volts × amps, amps = volts ÷ ohms). So watts to amps needs the voltage (100 W is 0.83 A at 120 V, 0.43 A at 230 V), kVA to kW the power factor too (kW = kVA × PF), a charge in mAh a time (2 A for one hour is 2,000 mAh), and a battery’s Wh its voltage (Wh = mAh × V ÷ 1,000: type 5000 mAh at 3.7 V to Wh).';
  }
  if (WITH_AMOUNT_OR_TARGET.test(typed) && (LUMENS.test(typed) || LUX_WATTS.test(typed))) {
    return 'Lumens are not converted here: they measure all the light a lamp gives out, while lux and foot-candles measure the light landing on each square meter or square foot, so lumens = lux × area (300 lux over a 10 m² floor is 3,000 lm). Watts are the power a lamp draws, and its lumens per watt depend on its kind: about 15 for an incandescent bulb, 80 to 150 for LEDs, so 800 lm takes about 60 W incandescent or 8 W LED. Candelas measure the light sent in one direction.';
  }
  if (ACTIVITY.test(typed) && DOSE.test(typed)) {
    return 'Becquerels are not converted to sieverts here: becquerels and curies count the atoms of a source that decay each second, sieverts and rem the dose a body receives, which depends on the nuclide and its radiation, the distance and the time, and whether it is breathed in or swallowed.';
  }
  if (ABSORBED.test(typed) && EQUIVALENT.test(typed)) {
    return 'Grays are not converted to sieverts here: a gray (Gy) is the absorbed dose, one joule of radiation energy per kilogram (the old rad is 0.01 Gy), and a sievert weights it by the kind of radiation: 1 Gy of X-rays, gamma or beta rays is 1 Sv, of alpha particles 20 Sv, so grays become sieverts, and rads rem, only for a known radiation.';
  }
  const roentgen = typed.replace(/\broentgen\s+equivalent\s+man\b/giu, 'rem');
  if (ROENTGEN.test(roentgen) || ROENTGEN_SYMBOL.test(roentgen)) {
    return 'Roentgens are not converted here: they measure the exposure of air to X-rays and gamma rays, not the dose a person receives. For gamma rays, 100 µR/h is roughly 1 µSv/h (about 0.9), and 1 R about 1 rem (10 mSv), which is why they are often equated.';
  }
  if (FIELD_STRENGTH.test(typed) && FLUX_DENSITY.test(typed)) {
    return 'Oersteds and gauss are not converted into each other here: the oersted and the ampere per meter measure the magnetic field strength H, the gauss and the tesla the flux density B. In air or a vacuum B = µ₀ × H, so 1 Oe goes with 1 G and 1 A/m with 1.256637 µT; inside iron or a magnet the material adds its own magnetisation and the two differ.';
  }
  if (DYNAMIC.test(typed) && KINEMATIC.test(typed)) {
    return 'Centipoise and centistokes are not converted into each other here: centistokes are centipoise divided by the fluid’s density in g/cm³ (cSt = cP ÷ density), so the density is needed. An oil of 35 cP and 0.85 g/cm³ is 41.18 cSt; for water, about 1 g/cm³, the two numbers are nearly equal.';
  }
  if (POWER_LEVEL.test(typed)) return LEVEL_SAID;
  if (ASKS_IU.test(typed)) {
    return 'International units (IU) are not converted to a weight here without the vitamin: an IU measures a substance’s effect, so it weighs differently for each. For vitamin D, 40 IU is 1 µg (1,000 IU = 25 µg); for vitamin E, 1 IU is 0.67 mg of natural (d-alpha) tocopherol or 0.45 mg of synthetic (dl-alpha); for vitamin A, 1 IU of retinol is 0.3 µg (carotenes count for less). The search box converts them with the vitamin named, as in “1000 IU vitamin D to mcg”; insulin’s and other medicines’ units are not converted.';
  }
  if (TIME_ZONES.test(typed)) {
    return 'Time zones are not converted here: the hours between two zones can change with daylight saving time, on dates that differ from country to country, so a time converts only for a given date. A world clock (your phone’s clock app has one) converts it for today.';
  }
  if (BMI.test(typed)) return 'BMI is not converted here: it is a weight divided by the square of a height (kg/m²), two measurements, not one unit. 75 kg at 1.80 m is 75 ÷ 1.8² = 23.1.';
  if (PRICE_PER_VOLUME.test(typed)) {
    return 'A price per volume converts per another volume in its own money: type “€1.80 per litre to per gallon” in the search box (1 US gallon is 3.785 L, 1 UK gallon 4.546 L, so a price per US gallon is the price per litre × 3.785); another currency is a second step, on the Currency converter.';
  }
  if (asksCrypto(typed)) {
    return 'Cryptocurrencies such as bitcoin are not converted here: Unitly quotes national currencies at mid-market rates, and a coin has no such rate (its price differs from one exchange to another).';
  }
  if (BIGHA.test(typed) || (WITH_AMOUNT_OR_TARGET.test(typed) && BIGHA_PARTS.test(typed))) {
    return 'Bighas and kathas are not converted here: they are local measures of land with no one size. In India a bigha differs from state to state, and between the pucca and kachcha bigha of one state, from about a fifth of an acre to over three fifths of one. In West Bengal it is 14,400 ft² (1,337.8 m²), 20 katha of 720 ft²; in Assam also 14,400 ft², 5 katha of 2,880 ft²; in Nepal 6,772.63 m², 20 kattha of 338.63 m². Elsewhere take its size from the land record, and convert that in ft² or m² on the Area converter.';
  }
  if (WITH_AMOUNT_OR_TARGET.test(typed) && MARLA.test(typed)) {
    return 'Marlas and kanals are not converted here: their size depends on who records the land. Revenue records in Pakistan and Indian Punjab count 272.25 ft² (25.29 m², 9 square karams of 5.5 ft) to the marla, so a kanal of 20 marla is 5,445 ft² and 8 kanal make an acre; many housing societies count 225 ft², so their kanal is 4,500 ft². Check which the deed or the scheme uses, and convert the ft² on the Area converter.';
  }
  if (PARTS_PER.test(typed) && MASS_IN_VOLUME_OR_PERCENT.test(typed)) {
    return 'Parts per million are not converted here: ppm is a ratio (mass to mass, or volume to volume for a gas) and mg/L a mass in a volume, which the density of the solution connects. In water and dilute water solutions, where a liter weighs about a kilogram, 1 ppm by mass is about 1 mg/L (and 1 mg/kg exactly), and 1 ppb about 1 µg/L. As a share, 1 ppm is 0.0001 %, so 10,000 ppm is 1 %.';
  }
  if (SHOE.test(typed)) return 'Shoe sizes are not converted here: UK, US and EU sizes differ by brand and by standard, so no one factor turns one into another.';
  if (CLOTHING.test(typed)) return 'Clothing sizes are not converted here: UK, US and EU sizes differ by brand and by garment, so no one factor turns one into another.';
  return null;
}
