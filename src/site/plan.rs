//! Which pages a build makes, in which order, and how each kind is rendered.
//!
//! To add a kind of page: a [`Job`] variant, its place in [`plan_jobs`] (first when it asks
//! for islands no other page does, else streamed with the rest), and its arm in
//! [`Pages::render`] calling the [`Renderer`] method that names its template.

use crate::content::{Content, Page, PageData};
use crate::diagnostics::Problems;
use crate::islands::{self, IslandRegistry};
use crate::links::PageLinks;
use crate::render::{OwnPage, Renderer};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};

/// Pages per chunk of the stream: enough to keep every core busy, few enough that a chunk's
/// HTML is a few megabytes.
pub(super) const CHUNK: usize = 256;

/// One page of the output.
#[derive(Clone, Copy, Debug)]
pub(super) enum Job {
    /// `content.pages[i]`.
    Page(usize),
    /// Listing page `i` of [`Renderer::listing_paths`].
    Listing(usize),
    /// The 404, newsletter and offline pages.
    Own(OwnPage),
}

/// A rendered page: where it goes in the output, its HTML (islands as placeholders), and
/// what its markdown refers to.
pub(super) struct Rendered {
    pub file: String,
    pub html: String,
    /// The internal links its markdown wrote (located in its source).
    pub links: Vec<crate::content::SourceLink>,
    /// The images of `content/images/` its markdown uses.
    pub images: Vec<String>,
}

/// The pages rendered before the island pipeline runs (the app's own pages, the first
/// listing page beyond `/blog` and the first article of each template, which together ask
/// for every island the site uses), and the rest, streamed after them.
pub(super) fn plan_jobs(content: &Content, renderer: &Renderer) -> (Vec<Job>, Vec<Job>) {
    let (mut first, mut rest) = (Vec::new(), Vec::new());
    let mut templates = HashSet::new();
    for (i, page) in content.pages.iter().enumerate() {
        let article = matches!(page.data, PageData::Article(_));
        if !article || templates.insert(page.template.as_str()) {
            first.push(Job::Page(i));
        } else {
            rest.push(Job::Page(i));
        }
    }
    for i in 0..renderer.listing_paths().len() {
        if i == 0 {
            first.push(Job::Listing(i))
        } else {
            rest.push(Job::Listing(i))
        }
    }
    first.extend(OwnPage::all().map(Job::Own));
    (first, rest)
}

/// Renders any [`Job`].
pub(super) struct Pages<'a> {
    pub content: &'a Content,
    renderer: &'a Renderer,
    pub listings: Vec<&'a str>,
    converters: Vec<&'a Page>,
    /// The pages with an article among their ancestors (its title in their breadcrumb): seldom any.
    under_article: std::sync::OnceLock<HashSet<&'a str>>,
}

/// The paths of the pages with an article among their ancestors, or a parent held back (a
/// draft or scheduled article, which a build without it leaves out of their breadcrumb).
fn under_article(content: &Content) -> HashSet<&str> {
    let by_path: HashMap<&str, &Page> = content.each_page().map(|p| (p.path.as_str(), p)).collect();
    let is_article = |p: &Page| matches!(p.data, PageData::Article(_));
    content
        .each_page()
        .filter(|page| {
            let mut parent = page.parent.as_deref();
            // At most one step a page: a cycle of parents ends the walk.
            for _ in 0..by_path.len() {
                let Some(path) = parent else { return false };
                match by_path.get(path) {
                    Some(p) if is_article(p) => return true,
                    Some(p) => parent = p.parent.as_deref(),
                    None => return true,
                }
            }
            false
        })
        .map(|p| p.path.as_str())
        .collect()
}

impl<'a> Pages<'a> {
    pub fn new(content: &'a Content, renderer: &'a Renderer) -> Pages<'a> {
        Pages { content, renderer, listings: renderer.listing_paths(), converters: offline_converters(content), under_article: Default::default() }
    }

    /// A rendered page's HTML minified, with what every page has alike in it
    /// ([`crate::render::Once`]).
    pub fn minified(&self, html: &str) -> String {
        self.renderer.once().fill(crate::output::minify(&crate::marks::with_token(html)))
    }

    /// Whether the job's page shows what the set of articles makes ([`Renderer::shows_articles`]),
    /// a listing page's list, or an article's title in its breadcrumb.
    pub fn shows_articles(&self, job: Job) -> bool {
        match job {
            Job::Page(i) => {
                let page = &self.content.pages[i];
                self.renderer.shows_articles(page) || self.under_article.get_or_init(|| under_article(self.content)).contains(page.path.as_str())
            }
            Job::Listing(_) | Job::Own(_) => true,
        }
    }

    /// The page's output file and HTML (islands as placeholders); a problem in a page's
    /// body is located in its source, a template error at the template.
    pub fn render(&self, job: Job) -> Result<Rendered, Problems> {
        let (content, renderer) = (self.content, self.renderer);
        let (file, result) = match job {
            Job::Page(i) => return render_page(renderer, content, &content.pages[i]),
            Job::Listing(i) => (output_file(self.listings[i]), renderer.render_listing(content, i)),
            Job::Own(own) => (output_file(&own.path()), renderer.render_own(content, own, &self.converters)),
        };
        let html = result.map_err(|e| e.problems())?;
        Ok(Rendered { file, html, links: Vec::new(), images: Vec::new() })
    }

    /// Renders `jobs` in parallel, then, in parallel again, hands each rendered page to
    /// `then` with what the link check needs of it (for `content.pages` only: the links its
    /// markdown wrote, its ids, and the anchors its islands' props carry, which exist once
    /// every page of the chunk has made its island requests).
    pub fn render_with_links<T: Send>(
        &self,
        jobs: &[Job],
        registry: &IslandRegistry,
        then: impl Fn(Rendered, Option<PageLinks>) -> T + Sync,
    ) -> Vec<(Job, Result<T, Problems>)> {
        let rendered: Vec<(Job, Result<Rendered, Problems>)> = jobs.par_iter().map(|&job| (job, self.render(job))).collect();
        let requests = registry.requests();
        let by_key: HashMap<&str, &islands::RenderRequest> = requests.iter().map(|r| (r.key.as_str(), r)).collect();
        rendered
            .into_par_iter()
            .map(|(job, result)| {
                let result = result.map(|mut r| {
                    let links = match job {
                        Job::Page(i) => {
                            Some(PageLinks::of(&self.content.pages[i].path, std::mem::take(&mut r.links), &r.html, &islands::prop_ids(&r.html, &by_key)))
                        }
                        _ => None,
                    };
                    then(r, links)
                });
                (job, result)
            })
            .collect()
    }
}

/// Renders one of the content's pages with its body.
fn render_page(renderer: &Renderer, content: &Content, page: &Page) -> Result<Rendered, Problems> {
    let body = content.body(page)?;
    let html = renderer.render(content, page, &body).map_err(|e| e.problems())?;
    let body = body.into_owned();
    Ok(Rendered { file: output_file(&page.path), html, links: body.links, images: body.images })
}

/// The home page's groups whose converters the app shell holds.
const SHELL_GROUPS: [&str; 2] = ["everyday", "cooking"];

/// The pages of the app shell, which work offline from a first visit on: the home page,
/// then the converters of the home page's Everyday and Cooking groups (their specialised
/// pages too). Not every converter: each category's page weighs 30–45 KB, and a first visit
/// stores at most 2 MB however many categories there are; the science, engineering and
/// digital converters work offline once opened, kept as visited.
pub(super) fn shell_pages(content: &Content) -> Vec<&Page> {
    let home = content.each_page().filter(|p| p.path == "/");
    home.chain(offline_converters(content)).collect()
}

/// The converter pages of the shell, which the offline page lists.
fn offline_converters(content: &Content) -> Vec<&Page> {
    let in_shell = |category: &str| SHELL_GROUPS.contains(&crate::render::catalog::group_of(content, category));
    content.each_page().filter(|p| matches!(&p.data, PageData::Converter(front) if in_shell(&front.category))).collect()
}

/// `/` → `index.html`, `/blog/x` → `blog/x.html` (served at `/blog/x` by static hosts).
pub fn output_file(path: &str) -> String {
    if path == "/" {
        "index.html".into()
    } else {
        format!("{}.html", path.trim_matches('/'))
    }
}
