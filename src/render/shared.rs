//! What templates see besides their page: the globals every page gets (site, nav, footer),
//! the larger extras a template gets only when it mentions them (the home page's articles,
//! FAQ, units, category tables, cooking), and the articles' summaries.

use super::page::status;
use super::templates::template_names;
use crate::content::{Content, Page, PageData};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;

#[derive(Serialize)]
pub(super) struct NavLink<'a> {
    pub path: &'a str,
    pub label: &'a str,
}

#[derive(Serialize)]
pub(super) struct ArticleSummary<'a> {
    title: &'a str,
    excerpt: &'a str,
    pub date: String,
    date_long: String,
    /// Last change, `YYYY-MM-DD` (the feed's `updated`).
    lastmod: String,
    #[serde(rename = "readTime")]
    read_time: &'a str,
    category: &'a str,
    slug: &'a str,
    pub featured: bool,
    path: &'a str,
    /// "Draft" or "Scheduled" when a preview build includes the article, else empty.
    status: &'static str,
}

pub(super) fn globals(content: &Content, labels: &HashMap<&str, (&str, &str)>) -> tera::Context {
    fn nav_links<'a>(paths: &'a [String], labels: &HashMap<&str, (&'a str, &'a str)>, short: bool) -> Vec<NavLink<'a>> {
        let label = |p: &str| labels.get(p).map(|l| if short { l.1 } else { l.0 });
        paths.iter().map(|p| NavLink { path: p, label: label(p).unwrap_or(p) }).collect()
    }
    let links = |paths, short| nav_links(paths, labels, short);
    let cfg = &content.config;
    let mut ctx = tera::Context::new();
    ctx.insert("site", cfg);
    ctx.insert("nav", &links(&cfg.nav, false));
    // The desktop header has less room: routes may give a `short_label` for it.
    ctx.insert("nav_short", &links(&cfg.nav, true));
    ctx.insert(
        "footer",
        &json!({
            "quick_links": links(&cfg.footer.quick_links, false),
            "support": links(&cfg.footer.support, false),
            "legal": links(&cfg.footer.legal, false),
        }),
    );
    // Each with its heading's id on /faq (`#faq-currency`), in the FAQ island's props, where
    // `check` finds the ids the islands render (islands::prop_ids).
    let faq_categories: Vec<Value> =
        crate::content::model::FAQ_CATEGORIES.iter().map(|c| json!({ "name": c, "id": format!("faq-{}", c.to_lowercase().replace(' ', "-")) })).collect();
    ctx.insert("faq_categories", &faq_categories);
    // Every page's link-preview picture unless it has its own (`page.image`).
    ctx.insert("site_image", &super::page::site_image(content));
    ctx
}

/// The label and short label of each page the menu and footer link to, by path. A few dozen
/// links, found among the pages (the registry's come first) rather than in a map of every
/// page, which with 2,000 articles cost each rebuild 2 ms.
pub(super) fn link_labels(content: &Content) -> HashMap<&str, (&str, &str)> {
    let cfg = &content.config;
    let paths = cfg.nav.iter().chain(&cfg.footer.quick_links).chain(&cfg.footer.support).chain(&cfg.footer.legal);
    let found = |path: &String| content.pages.iter().find(|p| &p.path == path);
    paths.filter_map(|path| found(path).map(|p| (p.path.as_str(), (p.label.as_str(), p.short_label.as_deref().unwrap_or(&p.label))))).collect()
}

use crate::listing::HOME_ARTICLES;

/// The extras that change with the articles, in this order.
pub(super) const ARTICLE_EXTRAS: [&str; 2] = ["latest_articles", "sitemap_count"];

pub(super) fn article_extras(content: &Content, summaries: &[Value]) -> Vec<(&'static str, Value)> {
    vec![
        // Only the few the home page shows: the full list reaches listing pages page by page.
        (ARTICLE_EXTRAS[0], Value::Array(summaries.iter().take(HOME_ARTICLES).cloned().collect())),
        (ARTICLE_EXTRAS[1], Value::from(crate::sitemap::url_count(content))),
    ]
}

/// The extras made of the site's own content alone.
pub(super) fn own_extras(content: &Content) -> Vec<(&'static str, Value)> {
    let to_json = |r: serde_json::Result<Value>| r.expect("content serialises to JSON");
    vec![
        ("faq", to_json(serde_json::to_value(&content.faq))),
        ("units", to_json(serde_json::to_value(&content.units))),
        // What every currency card's props carry: the featured currencies, the fallback table
        // and the day's reference rates (null without content/reference-rates.json).
        (
            "currency",
            json!({ "currencies": &content.units.currencies, "fallback_rates": &content.units.fallback_rates, "reference_rates": &content.reference_rates }),
        ),
        ("unit_tables", unit_tables(content)),
        ("cooking", cooking(content)),
    ]
}

/// Each category's units as its converter page's table shows them: name, symbol, exact
/// definition against the base unit, and the standard that defines it.
fn unit_tables(content: &Content) -> Value {
    let tables = content.units.categories.iter().map(|c| {
        let base = c.units.iter().find(|u| u.key == c.base);
        let rows: Vec<Value> = c
            .units
            .iter()
            .map(|u| {
                let definition = base.and_then(|b| u.definition(b)).unwrap_or_default();
                json!({ "name": u.name, "symbol": u.symbol, "definition": definition, "source": u.source.as_deref().unwrap_or_default() })
            })
            .collect();
        (c.key.clone(), Value::Array(rows))
    });
    Value::Object(tables.collect())
}

/// The Cooking converter: its card's props (`card`: [`cooking_card`]) and its page's table
/// (`table`: every figure with its source). Null on a site without content/ingredients.yaml.
fn cooking(content: &Content) -> Value {
    let Some(cooking) = &content.cooking else { return Value::Null };
    let measures = &cooking.measures;
    let measure_name = |set: &crate::content::ingredients::MeasureSet, key: &str| set.unit(&content.units, key).map(|u| u.symbol.clone()).unwrap_or_default();
    let cup = measures.volume.unit(&content.units, &measures.cup);
    let table: Vec<Value> = cooking
        .ingredients
        .iter()
        .map(|i| {
            let unit = measure_name(&measures.weight, i.unit.as_deref().unwrap_or(&measures.gram));
            let per = measure_name(&measures.volume, i.per.as_deref().unwrap_or(&measures.cup));
            let grams = cooking.grams_per_cup(i, &content.units).map(|g| format!("{:.1}", g.value())).unwrap_or_default();
            let per_ml = cooking.grams_per_ml(i, &content.units).map(|g| format!("{g:.3}")).unwrap_or_default();
            json!({ "name": i.name, "given": format!("{} {unit} per {per}", i.weighs), "grams_per_cup": grams, "grams_per_ml": per_ml, "source": i.source })
        })
        .collect();
    json!({
        "card": cooking_card(content),
        "table": table,
        "cup_name": cup.map(|u| u.name.as_str()).unwrap_or_default(),
        "cup_ml": cooking.cup_ml(&content.units).map(|ml| format!("{}", ml.value())).unwrap_or_default(),
    })
}

/// What converts by ingredient, as the Cooking card gets it and the search box reads it
/// (src/search/answers.rs): the measures as units of units.yaml and the ingredients without
/// their sources. Null on a site without content/ingredients.yaml.
pub fn cooking_card(content: &Content) -> Value {
    let Some(cooking) = &content.cooking else { return Value::Null };
    let measures = &cooking.measures;
    let units = |set: &crate::content::ingredients::MeasureSet| -> Vec<Value> {
        set.units.iter().filter_map(|key| set.unit(&content.units, key)).map(|u| serde_json::to_value(u).expect("a unit serialises")).collect()
    };
    // Exact ("n/d", as units.yaml writes a ratio): the card converts with it exactly.
    let per_cup = |i| cooking.grams_per_cup(i, &content.units).map(|g| format!("{}/{}", g.num, g.den)).unwrap_or_default();
    let ingredients: Vec<Value> =
        cooking.ingredients.iter().map(|i| json!({ "key": i.key, "name": i.name, "aliases": i.aliases, "grams_per_cup": per_cup(i) })).collect();
    json!({
        "label": cooking.label, "precision": cooking.precision, "volume": units(&measures.volume), "weight": units(&measures.weight),
        "cup": measures.cup, "gram": measures.gram, "default": cooking.default, "ingredients": ingredients,
    })
}

/// Which extras each template mentions, in its own text or in the templates it extends,
/// includes or imports (any quoted template name counts; over-including is harmless, and a
/// missing variable is a render error, never a silent blank). An article that extends
/// `base.html` gets no units or FAQ: cloning them into each of 20,000 contexts was a
/// good part of the render step.
pub(super) fn extras_needed(dir: &Path, extras: &[&'static str]) -> HashMap<String, Vec<usize>> {
    let names = template_names(dir);
    let texts: HashMap<&str, String> = names.iter().map(|n| (n.as_str(), std::fs::read_to_string(dir.join(n)).unwrap_or_default())).collect();
    let uses = |text: &str| -> Vec<&str> {
        names.iter().filter(|n| text.contains(&format!("\"{n}\"")) || text.contains(&format!("'{n}'"))).map(String::as_str).collect()
    };
    names
        .iter()
        .map(|name| {
            let mut seen: std::collections::HashSet<&str> = [name.as_str()].into_iter().collect();
            let mut todo = vec![name.as_str()];
            let mut text = String::new();
            while let Some(t) = todo.pop() {
                let own = &texts[t];
                text.push_str(own);
                todo.extend(uses(own).into_iter().filter(|u| seen.insert(u)));
            }
            let code = without_comments(&text);
            let needed = extras.iter().enumerate().filter(|(_, key)| mentions_variable(&code, key)).map(|(i, _)| i).collect();
            (name.clone(), needed)
        })
        .collect()
}

/// A template's text without its `{# … #}` comments, which may name anything.
fn without_comments(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{#") {
        code.push_str(&rest[..start]);
        rest = rest[start..].find("#}").map_or("", |end| &rest[start + end + 2..]);
    }
    code.push_str(rest);
    code
}

/// Whether `code` mentions `name` as a variable: a whole word not preceded by a `.` (so
/// `category.units` and "units" inside a longer word do not count; a word in the template's
/// own text still does, which only over-includes).
fn mentions_variable(code: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    code.match_indices(name).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + name.len()..].chars().next();
        !before.is_some_and(|c| word(c) || c == '.') && !after.is_some_and(word)
    })
}

/// Blog articles, newest first.
pub(super) fn articles(content: &Content) -> Vec<ArticleSummary<'_>> {
    let mut list: Vec<(&Page, &crate::content::model::ArticleFront)> = content
        .pages
        .iter()
        .filter_map(|p| match &p.data {
            PageData::Article(a) => Some((&**p, a)),
            _ => None,
        })
        .collect();
    list.sort_by(|a, b| a.1.listing_order(b.1));
    use rayon::prelude::*;
    list.into_par_iter()
        .map(|(p, a)| {
            let date = crate::content::date::Date::parse(&a.date).expect("validated at load");
            ArticleSummary {
                title: &a.title,
                excerpt: &a.excerpt,
                date: date.iso(),
                date_long: date.long(),
                lastmod: p.lastmod.iso(),
                read_time: &a.read_time,
                category: &a.category,
                slug: &a.slug,
                featured: a.featured,
                path: &p.path,
                status: status(p),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variable_counts_as_a_whole_word_outside_comments() {
        let code = without_comments("{# every unit of units #}{{ category.units }} {{ unitsx }} {% for u in units %}");
        assert!(!code.contains("every unit"));
        assert!(mentions_variable(&code, "units"));
        assert!(!mentions_variable("{{ category.units }} {{ my_units }} {{ unitsx }}", "units"));
        assert!(mentions_variable("{{ faq | length }}", "faq"));
        assert_eq!(without_comments("a {# open"), "a ");
    }

    /// A pair page's template names `units` only in its comment: it gets its own category,
    /// never every category (3,000 pages each cloned the whole units table).
    #[test]
    fn pair_pages_get_no_unit_table() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/unitly/templates");
        let needs = extras_needed(&dir, &["units", "faq", "cooking", "unit_tables"]);
        assert_eq!(needs["pair.html"], Vec::<usize>::new());
        assert!(needs["faq.html"].contains(&1), "the FAQ page still gets the FAQ");
    }
}
