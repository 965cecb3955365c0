//! A page for every ordered pair of the featured currencies (`/currency-converter/usd-to-eur`),
//! on the unit pair pages' machinery (`pairs.rs`, template `pair.html`): the card preset to the
//! pair, the rate and its inverse, tables of common amounts and the rate history.
//!
//! Only the featured currencies of units.yaml get pages (10 make 90 pages; every currency the
//! provider quotes would make about 25,000), so the pages stay few while every currency still
//! converts in the card. Each page carries its own pair's rate and nothing else, so a page
//! weighs the same however many currencies convert.
//!
//! The rate a page shows without script is the European Central Bank's reference rate of the
//! day in `content/reference-rates.json` (Frankfurter's `latest` answer, fetched before the
//! build by `scripts/reference-rates.mjs`), dated; without that file, or for a currency the
//! ECB does not quote, it is units.yaml's fallback rate, labelled as approximate. The card
//! replaces neither: it shows the live rate once it runs.

use super::currencies::fallback_rate;
use super::date::Date;
use super::model::Currency;
use super::page::Page;
use super::pair_data::Quote;
use super::pairs::{category_page, fitted_title, pair_page, plan, End};
use super::units::Units;
use crate::diagnostics::Problem;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The category key of the currency converter page (its front matter's `category`).
pub const CATEGORY: &str = "currency";
/// Reference rates for the pages' static answer: optional, written before the build.
pub const REFERENCE_RATES_FILE: &str = "content/reference-rates.json";

/// A day's reference rates, as Frankfurter's `/latest` answers: units of each currency per one
/// `base` (the ECB quotes against the euro).
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
pub struct ReferenceRates {
    pub base: String,
    pub date: String,
    pub rates: BTreeMap<String, f64>,
}

impl ReferenceRates {
    /// Reads the file's text; a problem names the file, line and column (never a half-read table).
    pub fn parse(text: &str) -> Result<ReferenceRates, Problem> {
        let at = |line: usize, column: usize, message: String| Problem::new(REFERENCE_RATES_FILE, line, column, message);
        let rates: ReferenceRates = serde_json::from_str(text).map_err(|e| at(e.line(), e.column(), format!("reference rates: {e}")))?;
        // Located at the key, found in the text (a JSON object's keys are unique).
        let locate = |needle: &str| {
            let offset = text.find(needle).unwrap_or(0);
            let line = text[..offset].matches('\n').count() + 1;
            (line, text[..offset].rsplit('\n').next().unwrap_or_default().chars().count() + 1)
        };
        if let Err(e) = Date::parse(&rates.date) {
            let (l, c) = locate("\"date\"");
            return Err(at(l, c, format!("reference rates: `date`: {e}")));
        }
        if let Some((code, rate)) = rates.rates.iter().find(|(code, rate)| !(rate.is_finite() && **rate > 0.0 && is_code(code))) {
            let (l, c) = locate(&format!("\"{code}\""));
            return Err(at(l, c, format!("reference rates: {code}: {rate} is not a currency code with a positive rate")));
        }
        if !is_code(&rates.base) {
            let (l, c) = locate("\"base\"");
            return Err(at(l, c, format!("reference rates: base `{}` is not a currency code", rates.base)));
        }
        Ok(rates)
    }

    /// Units of `to` per one `from`, when the day quotes both (the base at 1).
    pub fn rate(&self, from: &str, to: &str) -> Option<f64> {
        let of = |code: &str| if code == self.base { Some(1.0) } else { self.rates.get(code).copied() };
        Some(of(to)? / of(from)?)
    }
}

fn is_code(code: &str) -> bool {
    code.len() == 3 && code.chars().all(|c| c.is_ascii_uppercase())
}

/// What a pair page says the rate is without script: the reference rate of its day, else the
/// fallback table's (no date: approximate); `None` when neither knows the pair.
pub fn quote(units: &Units, reference: Option<&ReferenceRates>, from: &str, to: &str) -> Option<Quote> {
    let dated = reference.and_then(|r| Some((r.rate(from, to)?, r.date.clone())));
    let (rate, inverse, date) = match dated {
        Some((rate, date)) => (rate, 1.0 / rate, Some(date)),
        // The table's own rate each way, as the card reads it: the spec's table is not its own
        // inverse (GBP→EUR 1.16, EUR→GBP 0.86), and the page of the other direction states the
        // other rate, so 1/rate would give one conversion two answers on two pages.
        None => (fallback_rate(&units.fallback_rates, from, to)?, fallback_rate(&units.fallback_rates, to, from)?, None),
    };
    Some(Quote { rate, inverse, date })
}

fn end(c: &Currency) -> End {
    End::without_size(c.code.clone(), c.code.to_lowercase(), c.name.clone(), c.code.clone())
}

/// The pages of every ordered pair of featured currencies with a rate to state, under the
/// currency converter page among `pages` (none without one). A pair whose path is already a
/// route's is left out and reported.
pub fn pages(units: &Units, reference: Option<&ReferenceRates>, pages: &[Page], problems: &mut Vec<Problem>) -> Vec<Page> {
    let Some(home) = category_page(pages, CATEGORY) else { return Vec::new() };
    let ends: Vec<End> = units.currencies.iter().map(end).collect();
    plan(home, CATEGORY, &ends, &[], pages, problems, |mut data, path| {
        // A page must state a rate: a featured currency with neither a reference rate nor a
        // fallback one (units.yaml's check warns about it) has no pages.
        let quote = quote(units, reference, &data.from, &data.to)?;
        let lastmod = quote.date.as_deref().and_then(|d| Date::parse(d).ok()).map_or(home.lastmod, |d| d.max(home.lastmod));
        data.quote = Some(quote);
        let (f, t) = (&data.from_name, &data.to_name);
        let (fc, tc) = (&data.from, &data.to);
        let title = fitted_title(format!("{fc} to {tc} – {f} to {t} Exchange Rate"), || format!("{fc} to {tc} – {f} to {t} Rate"));
        // No first year: the ECB's series start in 1999 for most currencies but later for some
        // (CNY 2005, BRL 2008, INR 2009), and the content states no year per currency.
        let description =
            format!("Convert {f} ({fc}) to {t} ({tc}) at the live mid-market rate: the rate, its inverse, common amounts and the rate's history.");
        let keywords = vec![
            format!("{} to {}", fc.to_lowercase(), tc.to_lowercase()),
            format!("{fc} to {tc}"),
            format!("{f} to {t}"),
            format!("{fc} {tc} exchange rate"),
            format!("convert {fc} to {tc}"),
        ];
        let mut page = pair_page(home, path, data, title, description, keywords);
        page.lastmod = lastmod;
        Some(page)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cross_rates_from_the_euro_base() {
        let r = ReferenceRates::parse(r#"{"amount":1.0,"base":"EUR","date":"2026-11-24","rates":{"USD":1.25,"JPY":150.0}}"#).unwrap();
        assert_eq!(r.rate("EUR", "USD"), Some(1.25));
        assert_eq!(r.rate("USD", "EUR"), Some(0.8));
        assert_eq!(r.rate("USD", "JPY"), Some(120.0));
        assert_eq!(r.rate("USD", "THB"), None);
    }

    #[test]
    fn without_reference_rates_a_pair_and_its_inverse_state_the_tables_rate_each_way() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/units.yaml");
        let text = std::fs::read_to_string(&path).unwrap();
        let (mut problems, mut warnings) = (crate::diagnostics::Problems::default(), crate::diagnostics::Problems::default());
        let units = crate::content::units::load(&path, &text, &mut problems, &mut warnings).unwrap();
        // units.yaml: GBP→EUR 1.16 and EUR→GBP 0.86 (1/0.86 = 1.1628); USD→JPY 110, JPY→USD 0.0091.
        let gbp_eur = quote(&units, None, "GBP", "EUR").unwrap();
        let eur_gbp = quote(&units, None, "EUR", "GBP").unwrap();
        assert_eq!((gbp_eur.rate, gbp_eur.inverse), (1.16, 0.86));
        assert_eq!((eur_gbp.rate, eur_gbp.inverse), (0.86, 1.16));
        assert_eq!(quote(&units, None, "JPY", "USD").map(|q| (q.rate, q.inverse)), Some((0.0091, 110.0)));
    }

    #[test]
    fn a_bad_file_is_located() {
        let bad = |text: &str| {
            let p = ReferenceRates::parse(text).unwrap_err();
            (p.line, p.column, p.message)
        };
        let (l, _, m) = bad("{\"base\":\"EUR\",\n\"date\":\"2026-11-24\",\n\"rates\":{\"USD\":\"x\"}}");
        assert_eq!(l, 3, "{m}");
        let (l, c, m) = bad("{\"base\":\"EUR\",\n \"date\":\"2026-13-01\",\"rates\":{}}");
        assert_eq!((l, c), (2, 2), "{m}");
        assert!(m.contains("calendar date"), "{m}");
        let (l, c, m) = bad("{\"base\":\"EUR\",\"date\":\"2026-11-24\",\n  \"rates\":{\n    \"USD\":0}}");
        assert_eq!((l, c), (3, 5), "{m}");
        assert!(m.contains("USD"), "{m}");
    }
}
