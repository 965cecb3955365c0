//! Every converter the site has, grouped as content/units.yaml's `group` says (the Cooking
//! converter's in content/ingredients.yaml; currency is an everyday one): the home
//! page's grid and the header's menu of all converters. Built from the category pages of
//! content/routes.yaml (a converter page whose parent is the home page), in their order, so
//! a category added as content appears in both with no template change.

use crate::content::ingredients::COOKING;
use crate::content::model::GROUPS;
use crate::content::{Content, PageData};
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct Group<'a> {
    pub key: &'static str,
    pub label: &'static str,
    pub converters: Vec<Entry<'a>>,
}

#[derive(Debug, Serialize)]
pub struct Entry<'a> {
    /// The category key (`length`), or `currency`.
    pub category: &'a str,
    /// The short name ("Length", "Currency").
    pub label: &'a str,
    pub path: &'a str,
    /// A few of its units' symbols in the category's order: its default pair's and their
    /// neighbours' ("dm · m · km · ft"), so a tile leads with what the category is used for.
    pub symbols: String,
    pub accent: &'a str,
}

/// The group the currency converter is listed under.
const CURRENCY_GROUP: &str = "everyday";
/// How many unit symbols a tile names.
const TILE_SYMBOLS: usize = 4;

/// The group a converter's category is listed under: its units.yaml group, the cooking
/// converter's, or the currency converter's.
pub fn group_of<'a>(content: &'a Content, category: &str) -> &'a str {
    match (content.units.category(category), &content.cooking) {
        (Some(c), _) => &c.group,
        (None, Some(cooking)) if category == COOKING => &cooking.group,
        _ => CURRENCY_GROUP,
    }
}

/// The groups that have converters, in the order of GROUPS.
pub fn groups(content: &Content) -> Vec<Group<'_>> {
    let mut groups: Vec<Group> = GROUPS.iter().map(|&(key, label)| Group { key, label, converters: Vec::new() }).collect();
    for page in &content.pages {
        let PageData::Converter(front) = &page.data else { continue };
        if page.parent.as_deref() != Some("/") {
            continue; // a specialised page (metric length) under its category's page
        }
        let group = group_of(content, &front.category);
        let entry = match content.units.category(&front.category) {
            Some(c) => {
                let symbols: Vec<&str> = tile_units(c).into_iter().map(|i| c.units[i].symbol.as_str()).collect();
                let label = page.short_label.as_deref().unwrap_or(&c.label);
                Entry { category: &c.key, label, path: &page.path, symbols: symbols.join(" · "), accent: &c.accent }
            }
            None => match (&content.cooking, front.category.as_str()) {
                (Some(cooking), COOKING) => {
                    let m = &cooking.measures;
                    let symbol = |category: &str, key: &str| {
                        content.units.category(category).and_then(|c| c.units.iter().find(|u| u.key == key)).map(|u| u.symbol.as_str())
                    };
                    let volumes = m.volume.units.iter().filter_map(|k| symbol(&m.volume.category, k)).take(TILE_SYMBOLS / 2);
                    let weights = m.weight.units.iter().filter_map(|k| symbol(&m.weight.category, k)).take(TILE_SYMBOLS / 2);
                    let symbols: Vec<&str> = volumes.chain(weights).collect();
                    let label = page.short_label.as_deref().unwrap_or(&cooking.label);
                    Entry { category: COOKING, label, path: &page.path, symbols: symbols.join(" · "), accent: "orange" }
                }
                _ => {
                    let codes: Vec<&str> = content.units.currencies.iter().take(TILE_SYMBOLS).map(|c| c.code.as_str()).collect();
                    let label = page.short_label.as_deref().unwrap_or(&page.label);
                    Entry { category: &front.category, label, path: &page.path, symbols: codes.join(" · "), accent: "blue" }
                }
            },
        };
        if let Some(g) = groups.iter_mut().find(|g| g.key == group) {
            g.converters.push(entry);
        }
    }
    groups.retain(|g| !g.converters.is_empty());
    groups
}

/// The units a category's tile names, by their place in the category: the default pair's,
/// then their neighbours, nearest first (a category listed smallest first would otherwise
/// lead with its rarest units: nanometers, milligals).
fn tile_units(c: &crate::content::model::UnitCategory) -> Vec<usize> {
    let place = |key: &str| c.units.iter().position(|u| u.key == key);
    let anchors: Vec<usize> = [place(&c.default.from), place(&c.default.to)].into_iter().flatten().collect();
    let mut chosen: Vec<usize> = Vec::new();
    for step in 0..c.units.len() {
        for &a in &anchors {
            for i in [a.checked_sub(step), Some(a + step)].into_iter().flatten() {
                if i < c.units.len() && !chosen.contains(&i) && chosen.len() < TILE_SYMBOLS {
                    chosen.push(i);
                }
            }
        }
    }
    chosen.sort_unstable();
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_real_site_lists_every_category_page_once_grouped() {
        let content = crate::content::real_content();
        let groups = groups(&content);
        let listed: Vec<&str> = groups.iter().flat_map(|g| g.converters.iter().map(|e| e.category)).collect();
        for c in &content.units.categories {
            assert_eq!(listed.iter().filter(|k| **k == c.key).count(), 1, "{} listed once", c.key);
        }
        assert!(listed.contains(&"currency"));
        let length = groups.iter().flat_map(|g| &g.converters).find(|e| e.category == "length").unwrap();
        assert_eq!((length.label, length.path, length.symbols.as_str()), ("Length", "/length-converter", "dm · m · km · ft"));
        let charge = groups.iter().flat_map(|g| &g.converters).find(|e| e.category == "electric_charge").unwrap();
        assert_eq!(charge.symbols, "mC · C · mAh · Ah", "the default pair, mAh and C, and their neighbours");
    }

    /// Every accent a category may name (units.yaml `accent`, checked against CARD_COLORS)
    /// colours its tile and card, and the theme colours no accent the content cannot name.
    #[test]
    fn the_theme_has_a_rule_for_every_card_colour_and_no_other() {
        use crate::content::model::CARD_COLORS;
        let styles = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/unitly/styles");
        let components = std::fs::read_to_string(styles.join("components.css")).unwrap();
        let base = std::fs::read_to_string(styles.join("base.css")).unwrap();
        for colour in CARD_COLORS {
            assert!(components.contains(&format!(".accent-{colour} {{ --accent: var(--accent-{colour}); }}")), "components.css: .accent-{colour}");
            assert!(base.contains(&format!("--accent-{colour}: ")), "base.css: --accent-{colour}");
        }
        let rules: Vec<&str> = components.lines().filter_map(|l| l.strip_prefix(".accent-")).filter_map(|l| l.split_once(' ')).map(|(c, _)| c).collect();
        assert_eq!(rules, CARD_COLORS, "the .accent-* rules of components.css");
    }
}
