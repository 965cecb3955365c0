//! What a unit pair page and a category's index of pairs hold (built by `pairs.rs`), apart
//! from the page itself so that `page.rs` can name them without importing the generator.

use serde::Serialize;
use std::collections::HashMap;

/// What a pair page's template and its facts island need.
#[derive(Debug, Clone, Serialize)]
pub struct PairData {
    /// The unit category's key (`length`).
    pub category: String,
    /// The From unit's key, and the To unit's or compound's.
    pub from: String,
    pub to: String,
    /// The unit's name without its symbol, as a sentence writes it, and its symbol ("Feet",
    /// "feet", "ft"; "Degrees Celsius", "degrees Celsius", "°C").
    pub from_name: String,
    pub from_prose: String,
    pub from_symbol: String,
    pub to_name: String,
    pub to_prose: String,
    pub to_symbol: String,
    /// The page for the other direction, when there is one (not for a compound).
    pub inverse: Option<Link>,
    /// A few pairs of the same category sharing a unit with this one.
    pub related: Vec<Link>,
    /// The standard defining each of the two units, by key (units.yaml `source`).
    pub sources: HashMap<String, String>,
    /// How far apart the two units are listed in units.yaml (0 for a compound, which people
    /// look for most): the converter page links a unit's nearest pairs.
    #[serde(skip)]
    pub distance: usize,
    /// A currency pair's rate as its page states it without script (`currency_pairs.rs`);
    /// none for a unit pair (pair.html tells the two apart by it).
    pub quote: Option<Quote>,
}

/// The rate a currency pair page shows in its HTML: units of To per one From and the inverse,
/// with the day of the reference rate it is, or no day when it is the approximate fallback.
#[derive(Debug, Clone, Serialize)]
pub struct Quote {
    pub rate: f64,
    pub inverse: f64,
    pub date: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Link {
    pub label: String,
    pub path: String,
}

/// One category's pairs, for its index and converter pages: for each From unit, its pages.
#[derive(Debug, Clone, Serialize)]
pub struct PairGroup {
    pub from_name: String,
    pub from_symbol: String,
    pub pages: Vec<Link>,
}

/// What a category's index of pairs shows.
#[derive(Debug, Clone, Serialize)]
pub struct IndexData {
    pub category: String,
    pub groups: Vec<PairGroup>,
    pub count: usize,
}
