//! The page reuse of `serve` and of a build that finds the last one's output: what the last
//! successful build made of the pages that depend on the shared inputs only (the app's own
//! pages, unit pair pages, listing pages) or on those and their own source file (articles).
//! An edit to one article's body renders that article again and keeps every other page's
//! file in the output, however many there are; an article added, removed or given new front
//! matter renders that article and the pages that list articles (the home page, the blog's),
//! and keeps the others (the pair pages, the converters, the help and legal pages).

use super::plan::{output_file, Job, Pages};
use crate::content::{Content, Page, PageData};
use crate::links::PageLinks;
use crate::output::StagedDir;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::Path;

/// What a build's pages were made from ([`inputs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Inputs {
    /// Everything but the articles: the theme, the islands, the images, the own content, the
    /// base URL and the labels of the menu's links.
    pub site: u64,
    /// That, and every article's front matter, path and hold: the set of articles.
    pub all: u64,
}

#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct PageReuse {
    /// The inputs the pages were made from.
    made_of: Inputs,
    /// Output file → what the page was made of ([`page_key`]; 0 for a listing page) and what
    /// the build kept of it.
    pages: HashMap<String, Reusable>,
    /// Set for the build reusing them: the set of articles changed since, so the pages that
    /// show it are made again.
    #[serde(skip)]
    articles_changed: bool,
}

/// What `serve` keeps of a build for the next: its pages, and the search index they are in,
/// which the next build updates with the pages it renders again (a reused page keeps its
/// result there). The two go together: a page is only reused into the index it is in.
pub(super) type Previous = (PageReuse, crate::search::Kept);

/// What a build kept of a page another build may reuse.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct Reusable {
    source: u64,
    pub links: PageLinks,
    pub images: Vec<String>,
}

/// What a page is made of besides the shared inputs: its source file, and whether it is held
/// back (a scheduled article's hold ends with a date, its file unchanged).
fn page_key(page: &Page) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    (page.source_hash, page.hold).hash(&mut h);
    h.finish()
}

impl PageReuse {
    /// The previous build's pages, if they were made from the same site (the articles may
    /// differ).
    pub fn of_previous(previous: Option<Previous>, inputs: Inputs) -> Option<Previous> {
        let (mut reuse, kept) = previous.filter(|(r, _)| r.made_of.site == inputs.site)?;
        reuse.articles_changed = reuse.made_of.all != inputs.all;
        Some((reuse, kept))
    }

    /// Whether the set of articles (or an article's front matter) changed since these pages
    /// were made.
    pub fn articles_changed(&self) -> bool {
        self.articles_changed
    }

    /// What the previous build kept of the links of the page it wrote to `file`, while the
    /// page is not reused (a page rendered again).
    pub fn previous_links(&self, file: &str) -> Option<&PageLinks> {
        self.pages.get(file).map(|r| &r.links)
    }

    /// Links the previous output's file in for every job whose page can be reused; returns
    /// the jobs left to render, and the reused ones with their file and what the previous
    /// build kept of them.
    pub fn link_unchanged(&mut self, pages: &Pages, jobs: &[Job], staged: &StagedDir) -> (Vec<Job>, Vec<(Job, String, Reusable)>) {
        let linked: Vec<(Job, Option<String>)> = jobs
            .par_iter()
            .map(|&job| {
                if self.articles_changed && pages.shows_articles(job) {
                    return (job, None);
                }
                let (file, source) = match job {
                    Job::Page(i) => (output_file(&pages.content.pages[i].path), page_key(&pages.content.pages[i])),
                    Job::Listing(i) => (output_file(pages.listings[i]), 0),
                    _ => return (job, None),
                };
                let hit = self.pages.get(&file).is_some_and(|r| r.source == source) && staged.link_current(&file);
                (job, hit.then_some(file))
            })
            .collect();
        let (mut left, mut reused) = (Vec::new(), Vec::new());
        for (job, file) in linked {
            match file.and_then(|f| self.pages.remove(&f).map(|kept| (f, kept))) {
                Some((file, kept)) => reused.push((job, file, kept)),
                None => left.push(job),
            }
        }
        (left, reused)
    }
}

/// What the next build may reuse of this one's articles and listing pages.
pub(super) fn reusable_pages(
    content: &Content,
    listings: &[&str],
    made_of: Inputs,
    links: Vec<PageLinks>,
    mut images: HashMap<usize, Vec<String>>,
    search: crate::search::Kept,
) -> Previous {
    let mut reusable = HashMap::new();
    for (i, (page, links)) in content.pages.iter().zip(links).enumerate() {
        reusable.insert(output_file(&page.path), Reusable { source: page_key(page), links, images: images.remove(&i).unwrap_or_default() });
    }
    for path in listings {
        reusable.insert(output_file(path), Reusable { source: 0, links: PageLinks::default(), images: Vec::new() });
    }
    (PageReuse { made_of, pages: reusable, articles_changed: false }, search)
}

/// What the pages are made of, but their own sources ([`Inputs`]). `site`: every content
/// file but the articles' (`renderer`'s own key), which pages there are of the own content,
/// the base URL, the theme, the islands and the images (file metadata for those: like the
/// other caches of `serve`, in memory only); `all` adds every content file read (the articles'
/// front matter) and every page's path and hold. `root`: the project; `theme`: its theme's
/// folder.
pub(super) fn inputs(root: &Path, theme: &Path, content: &Content, renderer: &crate::render::Renderer) -> Inputs {
    use std::hash::{Hash, Hasher};
    let mut roots = crate::islands::store::inputs(root, &theme.join("styles"));
    roots.extend([theme.to_path_buf(), root.join(crate::images::DIR)]);
    let files = crate::fingerprint::of(&roots);
    let mut h = std::hash::DefaultHasher::new();
    (files, renderer.own_key(), &content.config.base_url).hash(&mut h);
    let is_article = |page: &&std::sync::Arc<Page>| matches!(page.data, PageData::Article(_));
    for page in content.pages.iter().filter(|p| !is_article(p)) {
        (&page.path, page.hold).hash(&mut h);
    }
    let site = h.finish();
    content.digest.hash(&mut h);
    for page in content.pages.iter().filter(is_article) {
        (&page.path, page.hold).hash(&mut h);
    }
    Inputs { site, all: h.finish() }
}
