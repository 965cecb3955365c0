//! Every internal link and anchor in the rendered site must resolve.
//!
//! The build streams its pages (rendered, written and dropped a chunk at a time), so the
//! check works from what it keeps of each page: its ids and the internal links its template
//! wrote ([`PageLinks`]), taken while the page's HTML is at hand, and resolves them once
//! every page is known.

use crate::content::{Page, SourceLink};
use crate::diagnostics::{Problem, Problems};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// What the link check keeps of one rendered page (islands not yet filled in): its ids, and
/// the internal links its template wrote beyond those its markdown wrote (those are checked
/// at their source, with their line and column).
#[derive(Debug, Default, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PageLinks {
    /// Every `id="…"` value, each followed by a newline: one allocation per page.
    ids: String,
    hrefs: Vec<String>,
    /// The links its markdown wrote, located in its source file.
    pub source: Vec<SourceLink>,
    /// The page did not render (its own problems are reported): its ids are unknown.
    unrendered: bool,
}

impl PageLinks {
    /// `path`: the page's own (what its relative links are relative to); `source`: the links
    /// the page's markdown wrote; `island_ids`: the ids the page's islands render from their
    /// props ([`crate::islands::prop_ids`]).
    pub fn of(path: &str, source: Vec<SourceLink>, html: &str, island_ids: &HashSet<String>) -> PageLinks {
        let mut ids = String::new();
        let mut all = attr_values(html, "id");
        all.extend(island_ids.iter().map(String::as_str));
        // Sorted, so that the same ids make the same text from build to build (a rebuild
        // compares them, `same_ids`).
        let mut all: Vec<&str> = all.into_iter().collect();
        all.sort_unstable();
        for id in all {
            ids.push_str(id);
            ids.push('\n');
        }
        // Decoded, as `check` resolves links: the renderer percent-encodes what a markdown link
        // wrote (`#3-5-cm²`), and its copy is checked at the markdown's line, not again here.
        let written: HashSet<String> = source.iter().map(|l| decoded(&l.target)).collect();
        // The client files are the build's own, never a broken link.
        let assets = format!("/{}/", crate::output::ASSETS_DIR);
        let mut hrefs: Vec<String> = attr_values(html, "href")
            .into_iter()
            // As a browser reads the value: tera writes `/` as `&#x2F;`.
            .map(crate::html::unescape)
            .filter_map(|t| internal(path, &t))
            .map(|t| decoded(&t))
            .filter(|t| !written.contains(t) && !t.starts_with(&assets))
            .collect();
        hrefs.sort_unstable();
        PageLinks { ids, hrefs, source, unrendered: false }
    }

    /// A page that did not render, for `check` to go on to the links of every other page:
    /// links to it resolve, and any anchor in it is taken as there.
    pub fn unrendered() -> PageLinks {
        PageLinks { unrendered: true, ..PageLinks::default() }
    }

    fn has_id(&self, id: &str) -> bool {
        self.unrendered || has_line(&self.ids, id)
    }

    /// The id a broken anchor most likely meant: the one id that is it in lower case, or that
    /// ends with it (`#currency` for the FAQ's section `#faq-currency`).
    fn meant_id(&self, anchor: &str) -> Option<&str> {
        let lower = anchor.to_lowercase();
        let suffix = format!("-{lower}");
        let mut found = self.ids.split('\n').filter(|id| !id.is_empty() && (*id == lower || id.ends_with(&suffix)));
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }

    /// Whether a link to this page's anchors resolves as it did to `other`'s.
    pub fn same_ids(&self, other: &PageLinks) -> bool {
        self.ids == other.ids && self.unrendered == other.unrendered
    }
}

/// An internal link as the root-relative path (or `#anchor`) it leads to from the page at
/// `path`: `/faq` and `#top` as they are, a path-relative one (`feet-to-meters`, `../faq`)
/// resolved as RFC 3986 does (the page's folder, then `.` and `..`); None for a link that
/// names a scheme (`https:`, `mailto:`) or a host (`//…`), or is empty.
fn internal(path: &str, target: &str) -> Option<String> {
    if (target.starts_with('/') && !target.starts_with("//")) || target.starts_with('#') {
        return Some(target.to_string());
    }
    let scheme = target.find(':').is_some_and(|colon| !target[..colon].contains(['/', '?', '#']));
    if target.is_empty() || target.starts_with("//") || scheme {
        return None;
    }
    let (target, rest) = target.split_at(target.find(['?', '#']).unwrap_or(target.len()));
    let folder = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    let mut segments: Vec<&str> = folder.split('/').filter(|s| !s.is_empty()).collect();
    let parts: Vec<&str> = target.split('/').collect();
    for (i, part) in parts.iter().enumerate() {
        match *part {
            "." => {}
            ".." => {
                segments.pop();
            }
            "" if i + 1 < parts.len() => {}
            part => segments.push(part),
        }
    }
    let last_is_folder = matches!(parts.last(), Some(&"." | &".." | &""));
    let joined = format!("/{}{}", segments.join("/"), if last_is_folder && !segments.is_empty() { "/" } else { "" });
    Some(format!("{joined}{rest}"))
}

/// A link as the page's ids and paths read: `#3-5-cm%C2%B2` is `#3-5-cm²` (as written when it
/// is not percent-encoding).
fn decoded(target: &str) -> String {
    crate::url::percent_decode(target).unwrap_or_else(|| target.to_string())
}

/// Whether `lines` (each followed by a newline) has the line `line`.
fn has_line(lines: &str, line: &str) -> bool {
    lines.split('\n').any(|l| l == line)
}

/// `links[i]`: what was kept of `pages[i]`. `files`: other paths that exist in the output
/// (`/sitemap.xml`, static files). `every_page_ids`: the ids of what every page has alike
/// (each followed by a newline; [`crate::render::Once`]), which no page's own ids repeat.
/// `only`: the pages whose links to check (by index; None: every page), for a rebuild whose
/// other pages' links and every page's ids are as a build that passed this check left them.
/// Returns the number of links checked and the problems.
pub fn check(
    pages: &[Arc<Page>],
    links: &[PageLinks],
    only: Option<&[bool]>,
    files: &HashSet<String>,
    every_page_ids: &str,
    templates_dir: &str,
) -> (usize, Problems) {
    let by_path: HashMap<&str, &PageLinks> = pages.iter().zip(links).map(|(p, l)| (p.path.as_str(), l)).collect();
    // `target` decoded (`decoded`): kept hrefs are, a markdown link is decoded before.
    let resolves = |from: &str, target: &str| -> Result<(), String> {
        let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
        let path = path.split('?').next().unwrap_or_default();
        let path = if path.is_empty() { from } else { path };
        match by_path.get(path) {
            Some(page) if anchor.is_empty() || page.has_id(anchor) || has_line(every_page_ids, anchor) => Ok(()),
            Some(page) => {
                let meant = page.meant_id(anchor).map(|id| format!(": did you mean `#{id}`?")).unwrap_or_default();
                Err(format!("anchor `#{anchor}` does not exist on {path}{meant}"))
            }
            None if files.contains(path) && anchor.is_empty() => Ok(()),
            None => {
                let meant = meant_page(path, &by_path).map(|p| format!(": did you mean `{p}`?")).unwrap_or_default();
                Err(format!("`{path}` is not a page of this site{meant}"))
            }
        }
    };
    // Page by page on the build's threads (37,000 links with 2,000 articles); the problems
    // keep the pages' order.
    use rayon::prelude::*;
    let found: Vec<(usize, Vec<Problem>)> = pages
        .par_iter()
        .zip(links)
        .enumerate()
        .filter(|(i, _)| only.is_none_or(|only| only[*i]))
        .map(|(_, (page, kept))| {
            let mut problems = Vec::new();
            for link in &kept.source {
                if let Err(why) = resolves(&page.path, &decoded(&link.target)) {
                    problems.push(Problem::new(&page.source, link.line, link.column, format!("broken link `{}`: {why}", link.target)));
                }
            }
            for target in &kept.hrefs {
                if let Err(why) = resolves(&page.path, target) {
                    let file = format!("{templates_dir}/{}", page.template);
                    problems.push(Problem::new(file, 1, 1, format!("broken link `{target}` on {}: {why}", page.path)));
                }
            }
            (kept.source.len() + kept.hrefs.len(), problems)
        })
        .collect();
    let checked = found.iter().map(|(n, _)| n).sum();
    (checked, Problems(found.into_iter().flat_map(|(_, p)| p).collect()))
}

/// The page a broken link most likely meant: the same path in lower case, without a last `/`
/// or `.html`; else the one page its path starts (`/cooking` for `/cooking-converter`); else one
/// a typo or two away in the same folder (`/length-converter/feet-to-meter`). None when no page
/// stands out. Asked only for a broken link, so its walk over the pages costs a build nothing.
fn meant_page<'p>(path: &str, pages: &HashMap<&'p str, &PageLinks>) -> Option<&'p str> {
    let tidy = path.trim_end_matches(".html").trim_end_matches('/').to_lowercase();
    let tidy = if tidy.is_empty() { "/".to_string() } else { tidy };
    if let Some((found, _)) = pages.get_key_value(tidy.as_str()) {
        return Some(found);
    }
    let mut longer: Vec<&str> = pages.keys().copied().filter(|p| p.strip_prefix(tidy.as_str()).is_some_and(|rest| rest.starts_with('-'))).collect();
    longer.sort_by_key(|p| (p.len(), *p));
    if let Some(first) = longer.first() {
        return Some(first);
    }
    let folder = &tidy[..tidy.rfind('/').unwrap_or(0) + 1];
    let mut near: Vec<(usize, &str)> = pages
        .keys()
        .copied()
        .filter(|p| p.starts_with(folder) && !p[folder.len()..].contains('/') && p.len().abs_diff(tidy.len()) <= 2)
        .map(|p| (edits(&tidy, p), p))
        .filter(|(d, _)| *d <= 2)
        .collect();
    near.sort();
    match near.as_slice() {
        [(d, p), rest @ ..] if rest.first().is_none_or(|(next, _)| next > d) => Some(p),
        _ => None,
    }
}

/// Letters changed, added or dropped from `a` to `b`.
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1).min(row[j] + 1).min(prev + usize::from(ca != cb));
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// Values of `name="…"` attributes (the HTML our templates and markdown produce).
pub fn attr_values<'a>(html: &'a str, name: &str) -> HashSet<&'a str> {
    let needle = format!(" {name}=\"");
    let mut out = HashSet::new();
    let mut rest = html;
    while let Some(i) = rest.find(&needle) {
        let after = &rest[i + needle.len()..];
        let Some(end) = after.find('"') else { break };
        out.insert(&after[..end]);
        rest = &after[end..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_attribute_values() {
        let v = attr_values(r#"<a href="/x#y" id="top"><h2 id="b">"#, "id");
        assert_eq!(v, ["top", "b"].into_iter().collect::<HashSet<_>>());
    }

    #[test]
    fn relative_links_resolve_from_the_pages_folder() {
        let from = "/volume-converter/conversions";
        assert_eq!(internal(from, "liters-to-gallons").as_deref(), Some("/volume-converter/liters-to-gallons"));
        assert_eq!(internal(from, "./liters-to-cups#table").as_deref(), Some("/volume-converter/liters-to-cups#table"));
        assert_eq!(internal(from, "../faq?q=1").as_deref(), Some("/faq?q=1"));
        assert_eq!(internal(from, "../../../faq").as_deref(), Some("/faq"), "no higher than the root");
        assert_eq!(internal(from, "..").as_deref(), Some("/"));
        assert_eq!(internal("/faq", "about").as_deref(), Some("/about"));
        assert_eq!(internal(from, "/x").as_deref(), Some("/x"), "root-relative, as it is");
        assert_eq!(internal(from, "#x").as_deref(), Some("#x"), "an anchor on the page, as it is");
        for external in ["", "//cdn.example/x", "https://unitly.app/x", "mailto:a@b.c"] {
            assert_eq!(internal(from, external), None, "{external}");
        }
        // Checked as the build checks a page's links, escaped as tera writes them.
        let html = r#"<a href="liters-to-gallons">x</a><a href="https://x.y/z">y</a><a href="&#x2F;faq#units">z</a>"#;
        let links = PageLinks::of(from, Vec::new(), html, &HashSet::new());
        assert_eq!(links.hrefs, ["/faq#units", "/volume-converter/liters-to-gallons"]);
    }
}
