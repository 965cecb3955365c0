//! What watches the pages as they are written: every written page's final HTML goes past
//! each [`PageObserver`] of the build, so a feature that needs every page (the page budget,
//! the service worker's shell, an index of the site) reads it there instead of reading the
//! output again or holding every page.

use anyhow::{Context, Result};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Mutex;

/// Sees every page the build writes. Called from the stream's worker threads, in no
/// particular order.
pub trait PageObserver: Sync {
    /// `file` (its path in the output, e.g. `blog/x.html`) was written with `html`, its
    /// final HTML (islands filled, minified).
    fn written(&self, file: &str, html: &str);

    /// `file` was kept as the previous build made it (a rebuild's reused page).
    fn kept(&self, _file: &str) {}
}

/// The most HTML a page should weigh (64 KB): a phone downloads and parses all of it before
/// the first paint.
pub const PAGE_BUDGET: usize = 64 * 1024;

/// The most a file may weigh on the static host (Cloudflare refuses a file over 25 MiB): a
/// page past it fails the build, where the deploy would fail later, with the site half up.
pub const PAGE_LIMIT: usize = 25 * 1024 * 1024;

/// The pages over [`PAGE_BUDGET`], with their size.
#[derive(Default)]
pub(super) struct PageBudget(Mutex<Vec<(String, usize)>>);

impl PageObserver for PageBudget {
    fn written(&self, file: &str, html: &str) {
        if html.len() > PAGE_BUDGET {
            self.0.lock().expect("page budget lock").push((file.to_string(), html.len()));
        }
    }
}

impl PageBudget {
    /// The pages past [`PAGE_LIMIT`], as one error naming each, if there are any.
    pub fn refused(&self) -> Option<String> {
        let pages = self.0.lock().expect("page budget lock");
        let mut over: Vec<String> =
            pages.iter().filter(|(_, bytes)| *bytes > PAGE_LIMIT).map(|(file, bytes)| format!("{file} ({:.1} MiB)", *bytes as f64 / 1048576.0)).collect();
        over.sort();
        (!over.is_empty()).then(|| format!("pages over the {} MiB a static host takes for a file: {}", PAGE_LIMIT / 1048576, over.join(", ")))
    }

    /// A warning per page over the budget, by file name. Said, not refused: the site still
    /// works, it is just slower on a phone.
    pub fn warnings(&self) -> Vec<String> {
        let mut heavy = std::mem::take(&mut *self.0.lock().expect("page budget lock"));
        heavy.sort();
        heavy
            .into_iter()
            .map(|(file, bytes)| {
                format!(
                    "{file} is {:.1} KB of HTML, over the {} KB a page should weigh (a phone downloads and parses all of it before the first paint)",
                    bytes as f64 / 1024.0,
                    PAGE_BUDGET / 1024
                )
            })
            .collect()
    }
}

/// The final HTML of the service worker's shell pages (it precaches them and versions
/// itself by their content).
pub(super) struct ShellPages {
    files: HashSet<String>,
    html: Mutex<Vec<(String, String)>>,
}

impl ShellPages {
    /// `files`: the shell pages' output files.
    pub fn new(files: HashSet<String>) -> ShellPages {
        ShellPages { files, html: Mutex::new(Vec::new()) }
    }

    /// Output file → final HTML of every shell page: the ones this build wrote, and the ones
    /// it reused unchanged (`serve`'s rebuilds) read from `current`, the output they stay in.
    pub fn take_html(&self, current: &Path) -> Result<HashMap<String, String>> {
        let mut html: HashMap<String, String> = std::mem::take(&mut *self.html.lock().expect("shell pages lock")).into_iter().collect();
        for file in &self.files {
            if !html.contains_key(file) {
                let path = current.join(file);
                let text = std::fs::read_to_string(&path).with_context(|| format!("reading {} for the service worker", path.display()))?;
                html.insert(file.clone(), text);
            }
        }
        Ok(html)
    }
}

impl PageObserver for ShellPages {
    fn written(&self, file: &str, html: &str) {
        if self.files.contains(file) {
            self.html.lock().expect("shell pages lock").push((file.to_string(), html.to_string()));
        }
    }
}

/// The site search's index reads every page that is a search result as it is written.
impl PageObserver for crate::search::SearchIndex {
    fn written(&self, file: &str, html: &str) {
        crate::search::SearchIndex::written(self, file, html);
    }

    fn kept(&self, file: &str) {
        crate::search::SearchIndex::kept(self, file);
    }
}

#[cfg(test)]
mod budget_tests {
    use super::*;

    #[test]
    fn a_page_past_what_the_host_takes_is_refused_and_a_heavy_one_is_said() {
        let budget = PageBudget::default();
        budget.written("blog/light.html", "<p>x</p>");
        budget.written("blog/heavy.html", &"x".repeat(PAGE_BUDGET + 1));
        assert_eq!(budget.refused(), None, "over 64 KB is slow, not refused");
        budget.written("blog/huge.html", &"x".repeat(PAGE_LIMIT + 1));
        assert_eq!(budget.refused().as_deref(), Some("pages over the 25 MiB a static host takes for a file: blog/huge.html (25.0 MiB)"));
        assert_eq!(budget.warnings().len(), 2);
    }
}
