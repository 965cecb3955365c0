//! Currencies: the ISO 4217 catalog every currency is named from, and the featured ones of
//! `content/units.yaml` (`currencies:`), which the card lists first and converts offline.
//!
//! The catalog (`islands/src/generated/currencies.json`) is generated from ICU's currency
//! list, names and minor units and CLDR's territories by `islands/scripts/currencies.mjs`;
//! the islands read the same file. A featured currency takes its name, symbol, flag and
//! decimals from it unless units.yaml gives its own.

use super::model::{Currency, CurrencyEntry, Pair};
use super::positions::Positions;
use crate::diagnostics::{Problem, Problems};
use serde::Deserialize;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::OnceLock;

/// The generated catalog, as committed (compiled in, so every build names currencies alike).
const CATALOG_JSON: &str = include_str!("../../islands/src/generated/currencies.json");
/// Where it is, for messages.
pub const CATALOG_FILE: &str = "islands/src/generated/currencies.json";

/// The currency every rate crosses: the edge fetches only its table (one upstream request
/// gives every pair), each featured currency needs a fallback rate to or from it, and a pair
/// with no rate of its own is converted across it. Generated as `RATES_BASE` for the islands
/// and the edge (src/generated.rs).
pub const RATES_BASE: &str = "USD";

/// One ISO 4217 currency as ICU and CLDR know it.
#[derive(Debug, Clone, Deserialize)]
pub struct Known {
    pub code: String,
    /// English name ("Thai Baht").
    pub name: String,
    /// English symbol ("฿", "CA$"), or the code when it has none of its own.
    pub symbol: String,
    /// Minor units: the decimals an amount is shown with (JPY 0, KWD 3).
    pub digits: u32,
    /// The issuer's flag, or empty for a currency several countries share (XOF).
    pub flag: String,
    /// The countries and territories where it is tender today, in English.
    pub countries: Vec<String>,
}

#[derive(Deserialize)]
struct CatalogFile {
    currencies: Vec<Known>,
}

/// Every currency of the catalog, in code order.
pub fn catalog() -> &'static [Known] {
    static CATALOG: OnceLock<Vec<Known>> = OnceLock::new();
    CATALOG.get_or_init(|| serde_json::from_str::<CatalogFile>(CATALOG_JSON).expect("the generated currency catalog is valid JSON").currencies)
}

pub fn known(code: &str) -> Option<&'static Known> {
    catalog().iter().find(|c| c.code == code)
}

/// A featured currency as the site shows it: units.yaml's words over the catalog's.
/// `None` when neither names it (a problem for [`validate`] to locate).
pub fn resolve(entry: &CurrencyEntry) -> Option<Currency> {
    let k = known(&entry.code);
    let pick = |own: &Option<String>, from: fn(&Known) -> &str| own.clone().or_else(|| k.map(|k| from(k).to_string()));
    Some(Currency {
        code: entry.code.clone(),
        name: pick(&entry.name, |k| &k.name)?,
        symbol: pick(&entry.symbol, |k| &k.symbol)?,
        flag: pick(&entry.flag, |k| &k.flag).unwrap_or_default(),
        digits: entry.digits.or(k.map(|k| k.digits)).unwrap_or(2),
    })
}

/// The featured currencies of units.yaml (`entries`, the `currencies:` list), resolved and
/// checked with the default pair and the fallback rates, each problem located at its value.
/// A code the catalog does not know and the file does not name is left out (and reported).
pub fn featured(
    file: &Path,
    positions: &Positions,
    entries: &[CurrencyEntry],
    default: &Pair,
    fallback: &FallbackRates,
    problems: &mut Problems,
    warnings: &mut Problems,
) -> Vec<Currency> {
    let list = positions.get("currencies");
    // Entry `i` of the list, at its code.
    let entry_at = |i: usize| list.get(i).get("code").position().or(list.get(i).position()).unwrap_or(list.or((1, 1)));
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for (i, entry) in entries.iter().enumerate() {
        let (l, col) = entry_at(i);
        let code = &entry.code;
        if code.len() != 3 || !code.chars().all(|ch| ch.is_ascii_uppercase()) {
            let message = format!("currency code `{code}` must be three capital letters (ISO 4217, as the rate provider names it)");
            problems.push(Problem::new(file, l, col, message));
        }
        if !seen.insert(code.as_str()) {
            problems.push(Problem::new(file, l, col, format!("currency {code} appears twice")));
        }
        let Some(c) = resolve(entry) else {
            let message = format!("currency {code} is not in the ISO 4217 catalog ({CATALOG_FILE}): give its `name` and `symbol` (and `flag`, `digits`)");
            problems.push(Problem::new(file, l, col, message));
            continue;
        };
        if c.name.trim().is_empty() || c.symbol.trim().is_empty() {
            problems.push(Problem::new(file, l, col, format!("currency {code}: name and symbol must not be empty")));
        }
        if c.digits > 4 {
            let (l, col) = list.get(i).get("digits").or((l, col));
            problems.push(Problem::new(file, l, col, format!("currency {code}: digits must be 0 to 4 (the decimals of its minor unit)")));
        }
        // Offline, the card converts across RATES_BASE: every currency needs a leg to it, direct or inverse.
        if code != RATES_BASE && fallback_rate(fallback, RATES_BASE, code).is_none() {
            let message = format!(
                "currency {code} has no fallback rate: when live rates are unavailable the card has an offline rate for it only when content/reference-rates.json quotes it, and so do its pair pages (add `{code}: <rate>` to the {RATES_BASE} row under fallback_rates)"
            );
            warnings.push(Problem::new(file, l, col, message));
        }
        out.push(c);
    }
    if entries.is_empty() {
        let (l, c) = list.or((1, 1));
        problems.push(Problem::new(file, l, c, "no currencies: the currency converter needs at least two"));
    }
    let has_currency = |code: &str| entries.iter().any(|c| c.code == code);
    let default_at = positions.get("currency_default");
    for (field, code) in [("from", &default.from), ("to", &default.to)] {
        if !has_currency(code) {
            let (line, col) = default_at.get(field).position().or(default_at.position()).unwrap_or((1, 1));
            problems.push(Problem::new(file, line, col, format!("currency_default names currency {code}, which is not under currencies")));
        }
    }
    let rates = positions.get("fallback_rates");
    for (from, row) in fallback {
        let row_at = rates.get(from);
        let (l, c) = row_at.key_position().unwrap_or(rates.or((1, 1)));
        if !has_currency(from) {
            problems.push(Problem::new(file, l, c, format!("fallback rate from unknown currency `{from}`")));
        }
        for (to, rate) in row {
            if !has_currency(to) {
                let (l, c) = row_at.get(to).key_position().unwrap_or((l, c));
                problems.push(Problem::new(file, l, c, format!("fallback rate {from}→{to}: unknown currency `{to}`")));
            }
            if !(rate.is_finite() && *rate > 0.0) {
                let (l, c) = row_at.get(to).or((l, c));
                problems.push(Problem::new(file, l, c, format!("fallback rate {from}→{to} must be a positive number")));
            }
        }
    }
    out
}

/// units.yaml's fallback rates: `[from][to]` = how much of `to` one `from` buys.
pub type FallbackRates = BTreeMap<String, BTreeMap<String, f64>>;

/// How much of `to` one `from` buys by the fallback table, as the card reads it
/// (islands/src/lib/currency.ts): direct, else the inverse of the reverse rate, else across
/// [`RATES_BASE`] with each leg direct or inverse; `None` without a path (never an invented 1).
pub fn fallback_rate(table: &FallbackRates, from: &str, to: &str) -> Option<f64> {
    if from == to {
        return Some(1.0);
    }
    let valid = |r: Option<&f64>| r.copied().filter(|r| r.is_finite() && *r > 0.0);
    let direct_or_inverse =
        |a: &str, b: &str| valid(table.get(a).and_then(|r| r.get(b))).or_else(|| valid(table.get(b).and_then(|r| r.get(a))).map(|r| 1.0 / r));
    direct_or_inverse(from, to).or_else(|| Some(direct_or_inverse(from, RATES_BASE)? * direct_or_inverse(RATES_BASE, to)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_names_every_current_currency_with_its_minor_units() {
        let all = catalog();
        assert!(all.len() >= 150, "{} currencies", all.len());
        let thb = known("THB").unwrap();
        assert_eq!((thb.name.as_str(), thb.symbol.as_str(), thb.flag.as_str(), thb.digits), ("Thai Baht", "฿", "🇹🇭", 2));
        assert_eq!(thb.countries, ["Thailand"]);
        assert_eq!(known("JPY").unwrap().digits, 0);
        assert_eq!(known("KWD").unwrap().digits, 3);
        assert_eq!(known("XOF").unwrap().flag, "", "shared by eight countries: no one flag");
        assert!(known("USD").unwrap().countries.iter().any(|c| c == "Ecuador"));
    }

    #[test]
    fn a_featured_currency_takes_the_catalog_words_unless_it_gives_its_own() {
        let entry = |code: &str, name: Option<&str>| CurrencyEntry { code: code.into(), name: name.map(Into::into), symbol: None, flag: None, digits: None };
        let thb = resolve(&entry("THB", None)).unwrap();
        assert_eq!((thb.name.as_str(), thb.symbol.as_str(), thb.digits), ("Thai Baht", "฿", 2));
        assert_eq!(resolve(&entry("THB", Some("Baht"))).unwrap().name, "Baht");
        assert!(resolve(&entry("QQQ", None)).is_none(), "unknown and unnamed");
        assert!(resolve(&entry("QQQ", Some("Quux"))).is_none(), "named, but with no symbol");
        let own = CurrencyEntry { symbol: Some("Q".into()), ..entry("QQQ", Some("Quux")) };
        let own = resolve(&own).unwrap();
        assert_eq!((own.name.as_str(), own.symbol.as_str(), own.flag.as_str(), own.digits), ("Quux", "Q", "", 2));
    }
}
