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

impl Record {
    /// The bytes of text its fragment will hold (`fragments::Layout`).
    pub fn estimate(&self) -> usize {
        self.title.len() + 1 + self.content.len()
    }
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
        let counterparts = crate::content::pairs::counterparts_of(category);
        let base = category.units.iter().find(|u| u.key == category.base);
        for unit in &category.units {
            let mut text = format!("A unit of {}, symbol {}.", category.label.to_lowercase(), unit.symbol);
            let spoken = unit.key.replace('_', " ");
            let mut words: Vec<&str> = vec![spoken.as_str()];
            words.extend(unit.aliases.iter().map(String::as_str).filter(|a| a.chars().any(char::is_alphanumeric)));
            text.push_str(&format!(" Also written {}.", words.join(", ")));
            // The definition the category page gives (1 hp = 550 × 1.3558179483314004 W ≈
            // 745.6999 W), not units.yaml's expression (550*1.3558179483314004).
            if let Some(definition) = base.filter(|b| b.key != unit.key).and_then(|b| unit.definition(b)) {
                text.push_str(&format!(" {definition}."));
            }
            if let Some(source) = &unit.source {
                text.push_str(&format!(" Source: {source}{}", if source.ends_with('.') { "" } else { "." }));
            }
            // To: the unit's counterpart in the other system (grams → ounces), else the
            // category's usual target, or its usual source for that unit itself.
            let to = match counterparts.get(unit.key.as_str()) {
                Some(&to) => to,
                None if category.default.to == unit.key => &category.default.from,
                None => &category.default.to,
            };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_is_defined_as_its_category_page_defines_it() {
        let content = crate::content::real_content();
        let records = units(&content);
        let text = |title: &str| records.iter().find(|r| r.title.starts_with(title)).map(|r| r.content.clone()).unwrap_or_default();
        assert!(text("Mechanical Horsepower").contains(" 1 hp = 550 × 1.3558179483314004 W ≈ 745.6999 W."), "{}", text("Mechanical Horsepower"));
        assert!(text("Electronvolt").contains(" 1 eV = 1.602176634 × 10⁻¹⁹ J."), "{}", text("Electronvolt"));
        assert!(text("Radians per Second").contains("1 rad/s = 0.5 / π Hz ≈"), "{}", text("Radians per Second"));
        assert!(text("Fahrenheit").contains(" °F = °C × 1.8 + 32."), "{}", text("Fahrenheit"));
        let raw: Vec<&str> = records.iter().map(|r| r.content.as_str()).filter(|c| c.contains('*') || c.contains("/pi") || c.contains("0.000000")).collect();
        assert!(raw.is_empty(), "no source expression: {raw:?}");
    }
}
