//! What the search box needs to answer a conversion ("5 ft 11 in to cm", "100 usd to eur")
//! without the visitor opening a converter: every category's units as the converter cards
//! get them, the page each category's converter is on, the currencies with their fallback
//! rates and the Cooking converter's ingredients, as one file of the index (`units.json`)
//! fetched only when a query may be a conversion.

use crate::content::Content;
use std::collections::BTreeMap;

/// The file's JSON.
pub fn units_json(content: &Content) -> String {
    let units = &content.units;
    let groups = crate::render::catalog::groups(content);
    let pages: BTreeMap<&str, &str> = groups.iter().flat_map(|g| &g.converters).map(|e| (e.category, e.path)).collect();
    let mut categories = serde_json::Map::new();
    for c in units.categories.iter().filter(|c| pages.contains_key(c.key.as_str())) {
        let mut json = serde_json::to_value(c).expect("a unit category serialises");
        // The card's looks are no part of an answer.
        if let Some(fields) = json.as_object_mut() {
            fields.remove("icon");
            fields.remove("accent");
            // The box answers an amount typed alone in the other system's usual units.
            if !c.usual.is_empty() {
                fields.insert("usual".into(), serde_json::json!(c.usual));
            }
            // …and says one that reads as a speck or a heap on a better rung.
            if !c.ladders.is_empty() {
                fields.insert("ladders".into(), serde_json::json!(c.ladders));
            }
        }
        categories.insert(c.key.clone(), json);
    }
    serde_json::json!({
        "categories": categories,
        "pages": pages,
        "currencies": units.currencies,
        "fallbackRates": units.fallback_rates,
        // Every currency the day's reference rates quote, for when live rates fail (dated).
        "referenceRates": content.reference_rates,
        "cooking": crate::render::cooking_card(content),
    })
    .to_string()
}
