//! Cross-file rules, checked once every file is read: unique paths, known parents, the
//! navigation's and footer's links, what converter and home pages name (units, categories,
//! links), one featured article, FAQ categories, ids and links. Each problem is located at
//! the value it is about. Validation reads; it changes nothing.

use super::frontmatter;
use super::ingredients::{self, Cooking};
use super::model::*;
use super::page::{Page, PageData, SourceLink};
use super::positions::{Positions, Step};
use super::texts::{Texts, FAQ_FILE, ROUTES_FILE, SITE_FILE};
use super::units::Units;
use crate::diagnostics::{Problem, Problems};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Everything read from `content/`, with the positions of the files validation locates in.
pub(super) struct Loaded<'a, 't> {
    pub texts: &'a Texts,
    pub config: &'a SiteConfig,
    pub routes: &'a RoutesFile,
    pub routes_at: &'a Positions<'t>,
    pub pages: &'a [Arc<Page>],
    pub faq: &'a [FaqEntry],
    pub faq_at: &'a Positions<'t>,
    /// The internal links of the FAQ's answers (rendered at load).
    pub faq_links: &'a [SourceLink],
    pub units: &'a Units,
    /// The Cooking converter's ingredients, when the site has `content/ingredients.yaml`.
    pub cooking: Option<&'a Cooking>,
}

pub(super) fn validate(loaded: &Loaded, problems: &mut Problems) {
    let Loaded { texts, config, routes, routes_at, pages, units, cooking, .. } = *loaded;
    // Where route `nth` (0 = the first) with `path` sets `key`.
    let route_value = |path: &str, nth: usize, key: &str| {
        let i = routes.routes.iter().enumerate().filter(|(_, r)| r.path == path).nth(nth).map(|(i, _)| i);
        let route = routes_at.get("routes").get(i.unwrap_or(usize::MAX));
        route.get(key).position().or(route.position()).unwrap_or((1, 1))
    };
    // A problem with a page's path: at an article's slug, or at the `nth` route with that path.
    let at_path = |page: &Page, nth: usize, message: String| match &page.data {
        PageData::Article(_) => front_matter_problem(texts, page, &["slug"], message),
        _ => {
            let (l, c) = route_value(&page.path, nth, "path");
            Problem::new(ROUTES_FILE, l, c, message)
        }
    };
    // Each converter's index of pairs, once (not per page: 20,000 articles are 20,000 pages).
    let pair_indexes: HashSet<String> =
        pages.iter().filter(|home| matches!(home.data, PageData::Converter(_))).map(|home| super::pairs::index_path(&home.path)).collect();
    let mut seen: HashSet<&str> = HashSet::new();
    // Paths are lower case (routes: paths::route_path_problem; slugs: paths::slug_problem), so
    // no two differ only in case, which a case-insensitive disk would make one file.
    for page in pages {
        if !seen.insert(&page.path) {
            problems.push(at_path(page, 1, format!("duplicate route `{}`", page.path)));
        }
        if !page.path.starts_with('/') {
            let (l, c) = route_value(&page.path, 0, "path");
            problems.push(Problem::new(ROUTES_FILE, l, c, format!("route path `{}` must start with /", page.path)));
        }
        // The build's own pages and a converter's index of pairs would overwrite the route's page.
        let own = page.path == super::paths::NOT_FOUND_PATH || page.path == super::paths::OFFLINE_PATH || page.path.starts_with(super::paths::NEWSLETTER_DIR);
        let index = pair_indexes.contains(&page.path);
        if own || index {
            let what = if own { "a page the build writes itself" } else { "the index of pairs the build writes for its converter" };
            problems.push(at_path(page, 0, format!("route `{}` is {what}: give the route another path", page.path)));
        }
    }
    let exists = |p: &str| seen.contains(p);
    for page in pages {
        if let Some(parent) = page.parent.as_ref().filter(|p| !exists(p)) {
            let (l, c) = match &page.data {
                // An article's parent is its collection's.
                PageData::Article(_) => routes.collections.iter().find(|(_, c)| &c.parent == parent).map_or((1, 1), |(name, _)| {
                    let collection = routes_at.get("collections").get(name);
                    collection.get("parent").or(collection.key_position().unwrap_or((1, 1)))
                }),
                _ => route_value(&page.path, 0, "parent"),
            };
            problems.push(Problem::new(ROUTES_FILE, l, c, format!("parent `{parent}` of {} is not a route", page.path)));
        }
        if let PageData::Converter(front) = &page.data {
            validate_converter(texts, page, front, (units, cooking), &exists, problems);
        }
        if let PageData::Page(front) = &page.data {
            for (i, key) in front.quick.iter().enumerate() {
                let is_category_page =
                    pages.iter().any(|p| p.parent.as_deref() == Some("/") && matches!(&p.data, PageData::Converter(c) if &c.category == key));
                if !is_category_page {
                    let message = format!("quick converter `{key}` has no converter page under / (a category key of units.yaml, or currency)");
                    problems.push(front_matter_problem(texts, page, &[Step::Key("quick"), Step::Index(i)], message));
                }
            }
            let popular = front.popular.iter().enumerate().map(|(i, p)| ("popular", i, &p.path));
            let topics = front.topics.iter().enumerate().filter_map(|(i, t)| t.path.as_ref().map(|p| ("topics", i, p)));
            for (list, i, link) in popular.chain(topics) {
                let bare = link.split('#').next().unwrap_or_default();
                if !exists(bare) {
                    let message = format!("link `{link}` does not match any route");
                    problems.push(front_matter_problem(texts, page, &[Step::Key(list), Step::Index(i), Step::Key("path")], message));
                }
            }
        }
    }
    // Featured articles among those a build publishes: each `featured: true` is located.
    let featured: Vec<&Page> = pages.iter().map(|p| &**p).filter(|p| p.hold.is_none() && matches!(&p.data, PageData::Article(a) if a.featured)).collect();
    if featured.len() > 1 {
        let names: Vec<String> = featured.iter().map(|p| p.source.display().to_string()).collect();
        for page in &featured {
            let others: Vec<&str> = names.iter().map(String::as_str).filter(|n| *n != page.source.display().to_string()).collect();
            let message = format!("{} articles are marked featured (also {}): mark exactly one `featured: true`", featured.len(), others.join(", "));
            problems.push(front_matter_problem(texts, page, &["featured"], message));
        }
    }
    let site_at = Positions::of(texts.get(SITE_FILE));
    let footer = &config.footer;
    let lists = [(None, "nav", &config.nav), (Some("footer"), "quick_links", &footer.quick_links), (Some("footer"), "support", &footer.support)];
    for (parent, list, links) in lists.into_iter().chain([(Some("footer"), "legal", &footer.legal)]) {
        let list_at = || match parent {
            Some(parent) => site_at.get(parent).get(list),
            None => site_at.get(list),
        };
        for (i, link) in links.iter().enumerate().filter(|(_, l)| !exists(l)) {
            let (l, c) = list_at().get(i).or((1, 1));
            problems.push(Problem::new(SITE_FILE, l, c, format!("navigation link `{link}` does not match any route")));
        }
    }
    if let Some(message) = crate::url::base_url_problem(&config.base_url) {
        let (l, c) = site_at.get("base_url").or((1, 1));
        problems.push(Problem::new(SITE_FILE, l, c, message));
    }
    super::third_party::validate(&site_at, config, problems);
    validate_faq(loaded, &exists, problems);
}

/// FAQ entries: known categories, unique ids (the copy is located), every category used,
/// and links in answers that resolve.
fn validate_faq(loaded: &Loaded, exists: &dyn Fn(&str) -> bool, problems: &mut Problems) {
    let Loaded { faq, faq_at: entries, faq_links: links, .. } = *loaded;
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (i, entry) in faq.iter().enumerate() {
        let entry_at = || entries.root().get(i);
        if !FAQ_CATEGORIES.contains(&entry.category.as_str()) {
            let (l, c) = entry_at().get("category").or((1, 1));
            let message = format!("FAQ `{}` has unknown category `{}` (expected one of {})", entry.id, entry.category, FAQ_CATEGORIES.join(", "));
            problems.push(Problem::new(FAQ_FILE, l, c, message));
        }
        // An id is an anchor (/faq#id): a plain word, and not the skip link's target or one of
        // the FAQ page's own (its search and category buttons: `faq-…`).
        let plain = !entry.id.is_empty() && entry.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !plain || entry.id == "main" || entry.id.starts_with("faq-") {
            let (l, c) = entry_at().get("id").or((1, 1));
            let why = if plain { "is an id the FAQ page already has" } else { "may hold only lower-case letters a–z, digits and hyphens" };
            problems.push(Problem::new(FAQ_FILE, l, c, format!("FAQ id `{}` {why}: it is the entry's anchor (/faq#{})", entry.id.escape_debug(), entry.id)));
        }
        if entry.answer.trim().is_empty() || entry.question.trim().is_empty() {
            let (l, c) = entry_at().get(if entry.question.trim().is_empty() { "question" } else { "answer" }).or((1, 1));
            problems.push(Problem::new(FAQ_FILE, l, c, format!("FAQ `{}` has an empty question or answer", entry.id)));
        }
        match first.get(entry.id.as_str()) {
            None => {
                first.insert(&entry.id, i);
            }
            Some(&earlier) => {
                let (first_line, _) = entries.root().get(earlier).get("id").or((1, 1));
                let (l, c) = entry_at().get("id").or((1, 1));
                let message = format!("FAQ id `{}` appears twice (first at line {first_line}): ids are anchors (/faq#id) and must be unique", entry.id);
                problems.push(Problem::new(FAQ_FILE, l, c, message));
            }
        }
    }
    for link in links {
        let path = link.target.split(['#', '?']).next().unwrap_or_default();
        if !path.is_empty() && !exists(path) {
            problems.push(Problem::new(FAQ_FILE, link.line, link.column, format!("broken link `{}`: `{path}` is not a page of this site", link.target)));
        }
    }
    for category in FAQ_CATEGORIES {
        if !faq.iter().any(|e| e.category == category) {
            problems.push(Problem::new(FAQ_FILE, 1, 1, format!("no FAQ entry has the category `{category}`: its button on /faq would show nothing; add one")));
        }
    }
}

fn validate_converter(
    texts: &Texts,
    page: &Page,
    front: &ConverterFront,
    (units, cooking): (&Units, Option<&Cooking>),
    exists: &dyn Fn(&str) -> bool,
    problems: &mut Problems,
) {
    let preset = [("from", &front.preset.from), ("to", &front.preset.to)];
    if front.category == ingredients::COOKING {
        match cooking {
            None => {
                let message = format!("category `{}` converts by ingredient: it needs {}", ingredients::COOKING, ingredients::FILE);
                problems.push(front_matter_problem(texts, page, &["category"], message));
            }
            Some(cooking) => {
                let m = &cooking.measures;
                for (field, key) in preset.into_iter().filter(|(_, key)| !m.volume.units.contains(key) && !m.weight.units.contains(key)) {
                    let message = format!("`{key}` is not one of the measures of {}", ingredients::FILE);
                    problems.push(front_matter_problem(texts, page, &["preset", field], message));
                }
            }
        }
    } else if front.category == super::currency_pairs::CATEGORY {
        for (field, code) in preset {
            if !units.has_currency(code) {
                problems.push(front_matter_problem(texts, page, &["preset", field], format!("unknown currency `{code}` in preset")));
            }
        }
    } else {
        match units.category(&front.category) {
            None => problems.push(front_matter_problem(texts, page, &["category"], format!("unknown unit category `{}`", front.category))),
            Some(cat) => {
                for (field, key) in preset {
                    if !cat.units.iter().any(|u| &u.key == key) {
                        problems.push(front_matter_problem(texts, page, &["preset", field], format!("unknown unit `{key}` in category `{}`", cat.key)));
                    }
                }
            }
        }
    }
    for (i, card) in front.specialised.iter().enumerate() {
        let at = |field: &'static str| [Step::Key("specialised"), Step::Index(i), Step::Key(field)];
        if !CARD_COLORS.contains(&card.color.as_str()) {
            let message = format!("card color `{}` is not one of {}", card.color, CARD_COLORS.join(", "));
            problems.push(front_matter_problem(texts, page, &at("color"), message));
        }
        match (&card.path, card.coming_soon) {
            (Some(p), false) if !exists(p) => {
                problems.push(front_matter_problem(texts, page, &at("path"), format!("card link `{p}` does not match any route")))
            }
            (None, false) => {
                problems.push(front_matter_problem(texts, page, &at("title"), format!("card `{}` needs a `path` or `coming_soon: true`", card.title)))
            }
            _ => {}
        }
    }
}

/// A problem about the value at `path` in a page's front matter (its first line when the
/// path finds nothing).
fn front_matter_problem<'a>(texts: &Texts, page: &Page, path: &[impl Into<Step<'a>> + Copy], message: String) -> Problem {
    let text = texts.get(&page.source);
    let (l, c) = match frontmatter::split(&page.source, text) {
        Ok(split) => split.positions().at(path).unwrap_or((1, 1)),
        Err(_) => (1, 1),
    };
    Problem::new(&page.source, l, c, message)
}
