//! `unitly check`: everything the build validates, without writing.

use super::plan::{Job, Pages, CHUNK};
use super::{tera_error, Site, THEME};
use crate::content::{Content, HeldBack, Hold};
use crate::diagnostics::{Problem, Problems};
use crate::islands::{self, IslandRegistry};
use crate::links::PageLinks;
use crate::render::Renderer;
use crate::{generated, links, theme};
use anyhow::Result;
use std::collections::{HashMap, HashSet};

impl Site {
    /// Validates everything without writing: content, templates, links.
    /// Returns the number of pages and of internal links checked.
    /// Drafts and scheduled articles are checked like any page; a published page may not
    /// link to them (the link would break in the build).
    pub fn check(&self) -> Result<(usize, usize)> {
        let content = self.load_publishing(true, true, &mut crate::content::Remembered::default())?;
        let registry = IslandRegistry::new(islands::components(&self.root.join("islands")));
        let renderer = Renderer::new(&self.templates_dir(), &content, registry.clone(), &mut Default::default()).map_err(tera_error)?;
        // Every problem at once: a page that does not render leaves the links of the others
        // to be checked in the same run.
        let (links, mut problems) = links_of_all(&Pages::new(&content, &renderer), &registry);
        let (checked, link_problems) = self.check_links(&content, &links, None, &renderer.listing_paths(), renderer.once().ids());
        problems.0.extend(link_problems.0);
        problems.0.extend(links_to_held_back(&content, &links, None));
        problems.into_result().map_err(anyhow::Error::new)?;
        for target in generated::stale(&self.root, &content) {
            eprintln!("warning: {target} is out of date with content/; `unitly build` rewrites it");
        }
        Ok((content.pages.len(), checked))
    }

    /// A preview (`serve`, `build --drafts`) publishes the drafts, so a published page's links
    /// to them resolve there; `build` would break them: said as warnings. `only`: the pages
    /// whose links were read again (None: every page).
    pub(super) fn warn_of_links_to_held_back(&self, content: &Content, links: &[PageLinks], only: Option<&[bool]>) {
        if self.drafts || self.future {
            for warning in links_to_held_back(content, links, only) {
                eprintln!("warning: {warning}");
            }
        }
    }

    /// `listings`: the blog's listing pages beyond `/blog` (generated, not routes: links to
    /// them resolve; their own links come from the same plan as the pages they point to).
    /// `every_page_ids`: the ids of what every page has alike ([`crate::render::Once::ids`]).
    pub(super) fn check_links(
        &self,
        content: &Content,
        links: &[PageLinks],
        only: Option<&[bool]>,
        listings: &[&str],
        every_page_ids: &str,
    ) -> (usize, Problems) {
        let mut files: HashSet<String> = ["/sitemap.xml", "/robots.txt", crate::feed::PATH].into_iter().map(String::from).collect();
        files.extend(listings.iter().map(|l| l.to_string()));
        files.extend(theme::static_files(&self.static_dir()).into_iter().map(|f| f.path));
        let (checked, mut problems) = links::check(&content.pages, links, only, &files, every_page_ids, &format!("{THEME}/templates"));
        problems.0.extend(manifest_links(&self.static_dir(), content, &files));
        (checked, problems)
    }
}

/// The app manifest's addresses (`start_url`, each shortcut's `url`): an installed app's
/// shortcut to a route renamed since would open the 404 page, and no page links them.
fn manifest_links(static_dir: &std::path::Path, content: &Content, files: &HashSet<String>) -> Vec<Problem> {
    const MANIFEST: &str = "manifest.webmanifest";
    let Ok(text) = std::fs::read_to_string(static_dir.join(MANIFEST)) else { return Vec::new() };
    let file = format!("{THEME}/static/{MANIFEST}");
    let Ok(manifest) = serde_json::from_str::<serde_json::Value>(&text) else {
        return vec![Problem::new(&file, 1, 1, "the app manifest is not JSON")];
    };
    let shortcuts = manifest["shortcuts"].as_array().into_iter().flatten().map(|s| &s["url"]);
    let mut problems = Vec::new();
    for url in std::iter::once(&manifest["start_url"]).chain(shortcuts).filter_map(|u| u.as_str()) {
        let path = url.split(['?', '#']).next().unwrap_or_default();
        if content.pages.iter().any(|p| p.path == path) || files.contains(path) {
            continue;
        }
        let offset = text.find(&format!("\"{url}\"")).unwrap_or(0);
        let line = text[..offset].matches('\n').count() + 1;
        let column = text[..offset].rsplit('\n').next().unwrap_or_default().chars().count() + 1;
        problems.push(Problem::new(&file, line, column, format!("`{url}` is not a page of this site: an installed app's shortcut would open the 404 page")));
    }
    problems
}

/// What the link check needs of every page, rendered a chunk at a time in parallel (like
/// the build, `check` never holds every page's HTML).
fn links_of_all(pages: &Pages, registry: &IslandRegistry) -> (Vec<PageLinks>, Problems) {
    let mut links = vec![PageLinks::default(); pages.content.pages.len()];
    let mut problems = Problems::default();
    let jobs: Vec<Job> = (0..links.len()).map(Job::Page).collect();
    for chunk in jobs.chunks(CHUNK) {
        for (job, result) in pages.render_with_links(chunk, registry, |_, links| links) {
            match (job, result) {
                (Job::Page(i), Ok(Some(page_links))) => links[i] = page_links,
                (job, Err(found)) => {
                    problems.0.extend(found.0);
                    if let Job::Page(i) = job {
                        links[i] = PageLinks::unrendered();
                    }
                }
                _ => {}
            }
        }
    }
    (links, problems)
}

/// A published page's links to drafts and scheduled articles, which `build` leaves out.
/// `only`: the pages to look at (None: every page).
fn links_to_held_back(content: &Content, links: &[PageLinks], only: Option<&[bool]>) -> Vec<Problem> {
    let held: HashMap<&str, &HeldBack> = content.held_back.iter().map(|h| (h.path.as_str(), h)).collect();
    let mut problems = Vec::new();
    let looked_at = |i: usize| only.is_none_or(|only| only.get(i).copied().unwrap_or(true));
    for (_, (page, kept)) in content.pages.iter().zip(links).enumerate().filter(|(i, (p, _))| p.hold.is_none() && looked_at(*i)) {
        for link in &kept.source {
            let path = link.target.split(['#', '?']).next().unwrap_or_default();
            if let Some(h) = held.get(path) {
                let why = match h.hold {
                    Hold::Draft => "a draft".to_string(),
                    Hold::Scheduled(d) => format!("scheduled for {}", d.iso()),
                };
                let message = format!("link to `{path}`, which is {why}: `build` does not publish it, so this link would be broken");
                problems.push(Problem::new(&page.source, link.line, link.column, message));
            }
        }
    }
    problems
}
