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

pub(super) fn unique_id(base: &str, taken: &[String]) -> String {
    if !taken.iter().any(|t| t == base) {
        return base.to_string();
    }
    (2..).map(|n| format!("{base}-{n}")).find(|c| !taken.contains(c)).unwrap()
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
}
