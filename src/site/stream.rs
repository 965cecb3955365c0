//! The pages on their way out: rendered and minified in chunks, filled and written once the
//! islands are prerendered, shown to the build's observers, then dropped.

use super::observe::PageObserver;
use super::plan::{output_file, Job, Pages};
use super::reuse::PageReuse;
use crate::diagnostics::Problems;
use crate::islands::{self, IslandRegistry, Prerendered};
use crate::links::PageLinks;
use crate::output::StagedDir;
use anyhow::Result;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Rendered pages that may wait for the island pipeline before the stream waits for it.
pub(super) const MAX_WAITING: usize = 4096;

/// A minified page waiting for its islands.
struct Minified {
    file: String,
    html: String,
}

pub(super) struct Stream<'a> {
    staged: &'a StagedDir,
    observers: Vec<&'a dyn PageObserver>,
    /// What the link check needs of each of `content.pages`, by index.
    pub links: Vec<PageLinks>,
    /// With a previous build: the pages whose links differ from what it kept of them (a
    /// reused page's are the same), and whether any page's ids differ (then links to it
    /// may not resolve as they did, and every page's links are checked again).
    changed_links: Vec<bool>,
    changed_ids: bool,
    /// The images of `content/images/` the pages use: URL → the first page using it.
    pub images: BTreeMap<String, usize>,
    /// Each page's images, by index, for the next build's reuse (pages without are absent).
    pub page_images: HashMap<usize, Vec<String>>,
    /// The previous build's pages that may be reused, and how many were.
    reuse: Option<PageReuse>,
    pub reused: usize,
    pub problems: Problems,
    waiting: Vec<Minified>,
    /// Pages asking for islands the pipeline has not rendered (see [`super::Site::build`]).
    late: Vec<Minified>,
    pub prerendered: Option<Prerendered>,
    requests: HashMap<String, islands::RenderRequest>,
    pub written: usize,
    pub bytes: u64,
}

impl<'a> Stream<'a> {
    /// `pages`: how many of `content.pages` there are; `observers` see every page written.
    pub fn new(staged: &'a StagedDir, pages: usize, reuse: Option<PageReuse>, observers: Vec<&'a dyn PageObserver>) -> Stream<'a> {
        Stream {
            staged,
            observers,
            links: vec![PageLinks::default(); pages],
            changed_links: vec![true; pages],
            // Pages added or removed: links to them may not resolve as they did.
            changed_ids: reuse.as_ref().is_some_and(PageReuse::articles_changed),
            images: Default::default(),
            page_images: HashMap::new(),
            reuse,
            reused: 0,
            problems: Problems::default(),
            waiting: Vec::new(),
            late: Vec::new(),
            prerendered: None,
            requests: HashMap::new(),
            written: 0,
            bytes: 0,
        }
    }

    /// The pages whose links the link check must read (None: every page's): in a rebuild
    /// with a previous build, those whose links changed, unless some page's ids did.
    pub fn links_to_check(&self) -> Option<&[bool]> {
        (self.reuse.is_some() && !self.changed_ids).then_some(self.changed_links.as_slice())
    }

    /// How many rendered pages wait for the islands.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    /// How many pages wait for islands the pipeline has not rendered.
    pub fn late(&self) -> usize {
        self.late.len()
    }

    /// Renders and minifies `jobs` in parallel, keeping each page's links. After a problem,
    /// pages are only rendered (to report every problem), no longer kept.
    pub fn render(&mut self, pages: &Pages, jobs: &[Job], registry: &IslandRegistry) {
        let jobs = &self.reuse_unchanged(pages, jobs);
        let minify = self.problems.0.is_empty();
        let done = pages.render_with_links(jobs, registry, |r, links| {
            let html = if minify { pages.minified(&r.html) } else { String::new() };
            (links, r.images, Minified { file: r.file, html })
        });
        for (job, result) in done {
            match result {
                Ok((links, images, page)) => {
                    if let (Job::Page(i), Some(links)) = (job, links) {
                        if let Some(reuse) = &self.reuse {
                            let before = reuse.previous_links(&output_file(&pages.content.pages[i].path));
                            self.changed_links[i] = before != Some(&links);
                            self.changed_ids |= !before.is_some_and(|b| b.same_ids(&links));
                        }
                        self.links[i] = links;
                        self.add_images(i, images);
                    }
                    if minify {
                        self.waiting.push(page);
                    }
                }
                Err(found) => self.problems.0.extend(found.0),
            }
        }
        if !self.problems.0.is_empty() {
            self.waiting.clear();
        }
    }

    fn add_images(&mut self, page: usize, images: Vec<String>) {
        for url in &images {
            self.images.entry(url.clone()).or_insert(page);
        }
        if !images.is_empty() {
            self.page_images.insert(page, images);
        }
    }

    /// Takes every job whose page the previous build left unchanged from it; returns the
    /// jobs left to render.
    fn reuse_unchanged(&mut self, pages: &Pages, jobs: &[Job]) -> Vec<Job> {
        let Some(reuse) = &mut self.reuse else { return jobs.to_vec() };
        let (left, reused) = reuse.link_unchanged(pages, jobs, self.staged);
        let observers = &self.observers;
        reused.par_iter().for_each(|(_, file, _)| observers.iter().for_each(|o| o.kept(file)));
        for (job, _, kept) in reused {
            if let Job::Page(i) = job {
                self.changed_links[i] = false;
                self.links[i] = kept.links;
                self.add_images(i, kept.images);
            }
            self.written += 1;
            self.reused += 1;
        }
        left
    }

    /// The islands are prerendered (`requests`: what was asked of the pipeline).
    pub fn ready(&mut self, prerendered: Prerendered, requests: &[islands::RenderRequest]) {
        self.requests = requests.iter().map(|r| (r.key.clone(), r.clone())).collect();
        self.prerendered = Some(prerendered);
    }

    pub fn late_to_waiting(&mut self) {
        self.waiting.append(&mut self.late);
    }

    /// Fills and writes the waiting pages in parallel, once the islands are there; pages
    /// whose islands are missing become late.
    pub fn flush(&mut self) -> Result<()> {
        let Some(prerendered) = &self.prerendered else { return Ok(()) };
        let by_key: HashMap<&str, &islands::RenderRequest> = self.requests.iter().map(|(k, r)| (k.as_str(), r)).collect();
        let (staged, observers) = (self.staged, &self.observers);
        let waiting = std::mem::take(&mut self.waiting);
        // Ok(bytes written) or Err(the page, late).
        let done: Vec<Result<Result<usize, Minified>>> = waiting
            .into_par_iter()
            .map(|page| {
                if !islands_prerendered(&page.html, &prerendered.html) {
                    return Ok(Err(page));
                }
                let assets = assets_html(&prerendered.manifest, &islands::loaded_at_once(&page.html, &by_key));
                let html = islands::fill_placeholders(&page.html, &prerendered.html, &by_key, &assets)?;
                staged.write(&page.file, html.as_bytes())?;
                for o in observers {
                    o.written(&page.file, &html);
                }
                Ok(Ok(html.len()))
            })
            .collect();
        for result in done {
            match result? {
                Ok(bytes) => {
                    self.written += 1;
                    self.bytes += bytes as u64;
                }
                Err(page) => self.late.push(page),
            }
        }
        Ok(())
    }
}

/// Whether every island placeholder of `html` has its server HTML in `renders`.
fn islands_prerendered(html: &str, renders: &HashMap<String, islands::Renders>) -> bool {
    html.split(&islands::island_mark()).skip(1).all(|rest| rest.split_once(':').is_some_and(|(key, _)| renders.contains_key(key)))
}

/// The head's assets: the inline head script, the stylesheet, the runtime and, preloaded,
/// the chunks of the islands this page hydrates at once (`loaded`).
fn assets_html(m: &islands::ClientManifest, loaded: &[&str]) -> String {
    let mut s = format!("<script>{}</script><link rel=\"stylesheet\" href=\"{}\">", m.head_script, m.css);
    let components = loaded.iter().filter_map(|name| m.component_preload.get(*name)).flatten();
    let mut seen = HashSet::new();
    for p in m.preload.iter().chain(components).filter(|p| seen.insert(p.as_str())) {
        s.push_str(&format!("<link rel=\"modulepreload\" href=\"{p}\">"));
    }
    s.push_str(&format!("<script type=\"module\" src=\"{}\"></script>", m.entry));
    s
}
