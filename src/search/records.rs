//! Results that are not pages of their own: each FAQ entry (it opens `/faq#id`) and each
//! unit (it opens its category's converter with that unit in From), written from
//! `content/faq.yaml` and `content/units.yaml`.

use crate::content::Content;
use std::collections::HashMap;

/// A result that is not a page: its address, title, section and text (after the title).
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub url: String,
    pub title: String,
    pub section: String,
    pub content: String,
}

pub const FAQ_SECTION: &str = "FAQ";

/// One record per FAQ entry, when the site has a FAQ page to open it on.
pub fn faq(content: &Content) -> Vec<Record> {
    let Some(page) = content.pages.iter().find(|p| p.template == "faq.html") else { return Vec::new() };
    content
        .faq
        .iter()
        .map(|e| Record { url: format!("{}#{}", page.path, e.id), title: e.question.clone(), section: FAQ_SECTION.to_string(), content: e.answer.clone() })
        .collect()
}

/// One record per unit of every category with a converter page: its names, symbol and the
/// words a visitor may type for it, and its definition in the category's base unit, so
/// "rood" or "what is a stone" finds the unit and opens its converter on it.
pub fn units(content: &Content) -> Vec<Record> {
    // Each category's own converter page (the specialised ones, metric length, sit under it).
    let groups = crate::render::catalog::groups(content);
    let pages: HashMap<&str, &str> = groups.iter().flat_map(|g| &g.converters).map(|e| (e.category, e.path)).collect();
    let mut records = Vec::new();
    for category in &content.units.categories {
        let Some(path) = pages.get(category.key.as_str()) else { continue };
        let base = category.units.iter().find(|u| u.key == category.base);
        for unit in &category.units {
            let mut text = format!("A unit of {}, symbol {}.", category.label.to_lowercase(), unit.symbol);
            let spoken = unit.key.replace('_', " ");
            let mut words: Vec<&str> = vec![spoken.as_str()];
            words.extend(unit.aliases.iter().map(String::as_str).filter(|a| a.chars().any(char::is_alphanumeric)));
            text.push_str(&format!(" Also written {}.", words.join(", ")));
            if let (Some(factor), Some(base)) = (&unit.factor, base.filter(|b| b.key != unit.key)) {
                text.push_str(&format!(" 1 {} = {factor} {}.", unit.symbol, base.symbol));
            }
            if let Some(source) = &unit.source {
                text.push_str(&format!(" Source: {source}{}", if source.ends_with('.') { "" } else { "." }));
            }
            // To: the category's usual target, or its usual source for that unit itself.
            let to = if category.default.to == unit.key { &category.default.from } else { &category.default.to };
            records.push(Record {
                url: format!("{path}?from={}&to={to}", unit.key),
                title: unit.name.clone(),
                section: format!("{} unit", category.label),
                content: text,
            });
        }
    }
    records
}
