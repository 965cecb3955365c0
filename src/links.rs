//! Every internal link and anchor in the rendered site must resolve.

use crate::content::Page;
use crate::diagnostics::{Problem, Problems};
use std::collections::{HashMap, HashSet};

/// `rendered`: each page's HTML (islands not yet filled in). `island_ids`: for each page, the
/// ids its islands render (an FAQ entry's id on /faq). `files`: other paths that exist in the
/// output (`/sitemap.xml`, static files).
pub fn check(pages: &[Page], rendered: &[&str], island_ids: &[HashSet<String>], files: &HashSet<String>, templates_dir: &str) -> (usize, Problems) {
    let ids: HashMap<&str, HashSet<&str>> = pages
        .iter()
        .zip(rendered)
        .enumerate()
        .map(|(i, (p, html))| {
            let mut ids = attr_values(html, "id");
            ids.extend(island_ids.get(i).into_iter().flatten().map(String::as_str));
            (p.path.as_str(), ids)
        })
        .collect();
    let mut problems = Problems::default();
    let mut checked = 0;
    let resolves = |from: &str, target: &str| -> Result<(), String> {
        let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
        let path = path.split('?').next().unwrap_or_default();
        let path = if path.is_empty() { from } else { path };
        match ids.get(path) {
            Some(page_ids) if anchor.is_empty() || page_ids.contains(anchor) => Ok(()),
            Some(_) => Err(format!("anchor `#{anchor}` does not exist on {path}")),
            None if files.contains(path) && anchor.is_empty() => Ok(()),
            None => Err(format!("`{path}` is not a page of this site")),
        }
    };
    for (page, html) in pages.iter().zip(rendered) {
        let written: HashSet<&str> = page.links.iter().map(|l| l.target.as_str()).collect();
        for link in &page.links {
            checked += 1;
            if let Err(why) = resolves(&page.path, &link.target) {
                problems.push(Problem::new(&page.source, link.line, link.column, format!("broken link `{}`: {why}", link.target)));
            }
        }
        for target in attr_values(html, "href") {
            let internal = (target.starts_with('/') && !target.starts_with("//")) || target.starts_with('#');
            if !internal || written.contains(target) || target.starts_with("/assets/") {
                continue;
            }
            checked += 1;
            if let Err(why) = resolves(&page.path, target) {
                let file = format!("{templates_dir}/{}", page.template);
                problems.push(Problem::new(file, 1, 1, format!("broken link `{target}` on {}: {why}", page.path)));
            }
        }
    }
    (checked, problems)
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
}
