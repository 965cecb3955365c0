//! `serve`'s page reuse: what the last successful build made of the pages that depend on
//! the shared inputs only (the app's own pages, unit pair pages, listing pages) or on those
//! and their own source file (articles). An edit to one article's body renders that article
//! again and keeps every other page's file in the output, however many there are.

use super::plan::{output_file, Job, Pages};
use crate::content::Content;
use crate::links::PageLinks;
use crate::output::StagedDir;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::Path;

#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct PageReuse {
    /// The shared inputs ([`shared_inputs`]) the pages were made from.
    shared: u64,
    /// Output file → the page's source hash (0 for a listing page) and what the build kept
    /// of it.
    pages: HashMap<String, Reusable>,
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

impl PageReuse {
    /// The previous build's pages, if they were made from the same shared inputs.
    pub fn of_previous(previous: Option<Previous>, shared: u64) -> Option<Previous> {
        previous.filter(|(r, _)| r.shared == shared)
    }

    /// What the previous build kept of the links of the page it wrote to `file`, while the
    /// page is not reused (a page rendered again).
    pub fn previous_links(&self, file: &str) -> Option<&PageLinks> {
        self.pages.get(file).map(|r| &r.links)
    }

    /// Links the previous output's file in for every job whose page can be reused; returns
    /// the jobs left to render, and the reused ones with what the previous build kept of them.
    pub fn link_unchanged(&mut self, pages: &Pages, jobs: &[Job], staged: &StagedDir) -> (Vec<Job>, Vec<(Job, Reusable)>) {
        let linked: Vec<(Job, Option<String>)> = jobs
            .par_iter()
            .map(|&job| {
                let (file, source) = match job {
                    Job::Page(i) => (output_file(&pages.content.pages[i].path), pages.content.pages[i].source_hash),
                    Job::Listing(i) => (output_file(pages.listings[i]), 0),
                    _ => return (job, None),
                };
                let hit = self.pages.get(&file).is_some_and(|r| r.source == source) && staged.link_current(&file);
                (job, hit.then_some(file))
            })
            .collect();
        let (mut left, mut reused) = (Vec::new(), Vec::new());
        for (job, file) in linked {
            match file.and_then(|f| self.pages.remove(&f)) {
                Some(kept) => reused.push((job, kept)),
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
    shared: u64,
    links: Vec<PageLinks>,
    mut images: HashMap<usize, Vec<String>>,
    search: crate::search::Kept,
) -> Previous {
    let mut reusable = HashMap::new();
    for (i, (page, links)) in content.pages.iter().zip(links).enumerate() {
        reusable.insert(output_file(&page.path), Reusable { source: page.source_hash, links, images: images.remove(&i).unwrap_or_default() });
    }
    for path in listings {
        reusable.insert(output_file(path), Reusable { source: 0, links: PageLinks::default(), images: Vec::new() });
    }
    (PageReuse { shared, pages: reusable }, search)
}

/// A hash of everything a page's output depends on but its own source: every content
/// file but the articles' bodies, which pages are published, the base URL, the theme,
/// the islands and the images (file metadata for those: like the other caches of
/// `serve`, in memory only). `root`: the project; `theme`: its theme's folder.
pub(super) fn shared_inputs(root: &Path, theme: &Path, content: &Content) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut roots = crate::islands::store::inputs(root, &theme.join("styles"));
    roots.extend([theme.to_path_buf(), root.join(crate::images::DIR)]);
    let files = crate::fingerprint::of(&roots);
    let mut h = std::hash::DefaultHasher::new();
    (content.digest, files, &content.config.base_url).hash(&mut h);
    for page in &content.pages {
        (&page.path, page.hold).hash(&mut h);
    }
    h.finish()
}
