//! Sections of a markdown body: heading ids (their slug, unique on the page) and the
//! scrolling region named after its section that each table sits in.

use crate::html::escape_attr;
use pulldown_cmark::{Event, TagEnd};

pub(super) fn heading_text(rest: &[(Event, std::ops::Range<usize>)]) -> String {
    let mut text = String::new();
    for (e, _) in rest {
        match e {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(t) | Event::Code(t) => text.push_str(t),
            _ => {}
        }
    }
    text
}

/// `Why it matters?` → `why-it-matters`.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
            dash = false;
        } else if !dash && !slug.is_empty() {
            slug.push('-');
            dash = true;
        }
    }
    while slug.ends_with('-') {
        slug.pop();
    }
    if slug.is_empty() {
        slug.push_str("section");
    }
    slug
}

/// `base`, or `base-2`, `base-3`, … when a heading above has it or the page's templates and
/// islands give it to an element of their own ([`reserved`]).
pub(super) fn unique_id(base: &str, taken: &[String]) -> String {
    let free = |id: &str| !taken.iter().any(|t| t == id) && !reserved(id);
    if free(base) {
        return base.to_string();
    }
    (2..).map(|n| format!("{base}-{n}")).find(|c| free(c)).unwrap()
}

/// Ids the theme's templates and islands give their own elements (the skip link's target,
/// the menu its button controls, the search box, dialogs, cards, the pair pages' sections).
/// A heading with one of them would make a second element with that id, and `#main` or an
/// `aria-labelledby` could then name the heading. The test below reads every id the
/// templates and islands write and fails when one is not covered here.
const RESERVED: &[&str] = &[
    "main",
    "site-menu",
    "history-title",
    "favourites-title",
    "not-found-hints-title",
    "offline-asked-h",
    "offline-saved-h",
    "pair-formula",
    "pair-rate",
    "pair-table",
    "pair-table-inverse",
    "pair-units",
    "pair-related",
    "unit-definitions",
    "supported-currencies",
    "ingredient-densities",
];

/// Families of ids written with a key (`menu-{group}`, `faq-{category}`) or from an island's
/// fixed id (`site-search-q`, `consent-banner-h`, `fab-sh`). A family's ids never end in a
/// number, so `-2` takes a heading out of it.
const RESERVED_PREFIXES: &[&str] = &["menu-", "faq-", "site-search-", "consent-banner-", "cookie-settings-", "contact-", "newsletter-", "sitemap-", "fab-"];

/// The parts of a converter card's ids, `{category}-converter-{part}` and, embedded in a body,
/// `{category}-converter-{n}-{part}` (and its batch, `{category}-batch-{part}`).
const CARD_PARTS: &[&str] = &[
    "title",
    "value",
    "amount",
    "from",
    "to",
    "from-list",
    "to-list",
    "result",
    "message",
    "decimals",
    "fractions",
    "ingredient",
    "rate",
    "history-title",
    "history-point",
    "values",
    "summary",
];

/// Whether the templates or islands may give `id` to an element of their own.
pub(super) fn reserved(id: &str) -> bool {
    if RESERVED.contains(&id) || id.ends_with("-heading") {
        return true;
    }
    // `featured-heading-{n}`, one per featured article.
    if let Some(n) = id.strip_prefix("featured-heading-") {
        return n.parse::<u8>().is_ok_and(|n| n < 100);
    }
    let ends_in_number = id.rsplit('-').next().is_some_and(|last| last.bytes().all(|b| b.is_ascii_digit()));
    if !ends_in_number && RESERVED_PREFIXES.iter().any(|prefix| id.starts_with(prefix)) {
        return true;
    }
    ["-converter-", "-batch-"].iter().any(|card| {
        id.split_once(card).is_some_and(|(_, rest)| {
            let part = rest.split_once('-').filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).map_or(rest, |(_, part)| part);
            CARD_PARTS.contains(&part)
        })
    })
}

/// A table scrolls sideways inside its own region when it is wider than the page (a phone),
/// so the page itself never does. The region is named after the section the table is in
/// (", table 2" for a second one there); the client runtime makes it focusable only while
/// it actually scrolls, so the keyboard can scroll it and the tab order is otherwise the same.
pub(super) fn table_region(heading: &str, nth: usize) -> String {
    let name = match (heading.is_empty(), nth) {
        (true, 1) => "Table".to_string(),
        (true, n) => format!("Table {n}"),
        (false, 1) => heading.to_string(),
        (false, n) => format!("{heading}, table {n}"),
    };
    format!("<div class=\"table-scroll\" role=\"region\" aria-label=\"{}\">", escape_attr(&name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slugify("Offline and install"), "offline-and-install");
        assert_eq!(slugify("°C → °F"), "c-f");
        assert_eq!(slugify("!!"), "section");
    }

    #[test]
    fn a_heading_never_takes_an_id_of_the_templates_or_islands() {
        let taken = vec!["why".to_string()];
        for (text, id) in [
            ("Main", "main-2"),
            ("Site menu", "site-menu-2"),
            ("Site search q", "site-search-q-2"),
            ("Menu science", "menu-science-2"),
            ("Length converter 1 title", "length-converter-1-title-2"),
            ("Featured heading 1", "featured-heading-1-2"),
            ("Why", "why-2"),
            ("How the converter works", "how-the-converter-works"),
            ("Contact", "contact"),
            ("Main rules", "main-rules"),
        ] {
            assert_eq!(unique_id(&slugify(text), &taken), id, "{text}");
        }
    }

    /// Every id the theme's templates and the islands write, as far as their source shows it:
    /// literal ids, ids with a key (`menu-{{ group.key }}`) and an island's `${id}-part`.
    #[test]
    fn every_id_of_the_templates_and_islands_is_reserved() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut missing = Vec::new();
        let files = |dir: &str, ext: &str| -> Vec<(String, String)> {
            walkdir::WalkDir::new(root.join(dir))
                .into_iter()
                .filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == ext))
                .filter(|e| !e.path().to_string_lossy().contains("generated") && !e.path().to_string_lossy().contains(".test."))
                .map(|e| (e.path().display().to_string(), std::fs::read_to_string(e.path()).unwrap()))
                .collect()
        };
        let literal_ids =
            |text: &str| -> Vec<String> { text.split(" id=\"").skip(1).filter_map(|rest| rest.split_once('"').map(|(id, _)| id.to_string())).collect() };
        for (file, text) in files("themes/unitly/templates", "html") {
            for id in literal_ids(&text) {
                // A key is a word (`menu-science`) or a number (`featured-heading-1`).
                let sample = match id.split_once("{{") {
                    Some((prefix, expr)) if expr.contains("index") => format!("{prefix}1"),
                    Some((prefix, _)) => format!("{prefix}science"),
                    None => id.clone(),
                };
                if !reserved(&sample) {
                    missing.push(format!("{file}: {id}"));
                }
            }
        }
        // Where an island passes its id in, the part must belong to a card or a family.
        let mut bases: Vec<String> = ["length-converter", "length-converter-3", "length-batch"].map(String::from).to_vec();
        bases.extend(RESERVED_PREFIXES.iter().map(|p| p.trim_end_matches('-').to_string()));
        for (file, text) in files("islands/src", "tsx") {
            let fixed = ["const id = '", "const ID = '"].iter().find_map(|c| text.split_once(c)?.1.split_once('\'').map(|(id, _)| id.to_string()));
            let mut ids: Vec<String> = literal_ids(&text).into_iter().filter(|id| !id.contains('{')).collect();
            for marker in ["${id}-", "${ID}-", "${card.id}-", "${idPrefix}-"] {
                for rest in text.split(marker).skip(1) {
                    let part: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '-').collect();
                    let part = part.trim_end_matches('-');
                    if part.is_empty() {
                        continue;
                    }
                    match &fixed {
                        Some(base) => ids.push(format!("{base}-{part}")),
                        None if !bases.iter().any(|b| reserved(&format!("{b}-{part}"))) => missing.push(format!("{file}: …-{part}")),
                        None => {}
                    }
                }
            }
            missing.extend(ids.into_iter().filter(|id| !reserved(id)).map(|id| format!("{file}: {id}")));
        }
        assert!(missing.is_empty(), "ids the templates or islands write, missing in markdown/headings.rs: {missing:#?}");
    }
}
