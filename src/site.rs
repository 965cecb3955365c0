//! The site: load everything, then build in a flat list of named, timed steps.

use crate::content::date::Date;
use crate::content::{self, Content, HeldBack, Hold, Publish};
use crate::diagnostics::Problems;
use crate::islands::{self, IslandCache, IslandRegistry, Prerendered};
use crate::links::PageLinks;
use crate::output::{self, StagedDir, ThirdParty};
use crate::render::{self, Renderer};
use crate::{generated, links, sitemap, theme};
use anyhow::{Context, Result};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

pub use crate::theme::THEME;

pub struct Site {
    pub root: PathBuf,
    /// Overrides `base_url` of `content/site.yaml` (`build --base-url`).
    pub base_url: Option<String>,
    /// Print each step as it finishes.
    pub verbose: bool,
    /// Publish draft articles too, marked "Draft" (`build --drafts`, `serve`).
    pub drafts: bool,
    /// Publish scheduled articles (dated after today) too (`build --future`).
    pub future: bool,
}

/// A rendered page: where it goes in the output, its HTML, and what its markdown refers to.
struct Rendered {
    file: String,
    html: String,
    /// The internal links its markdown wrote (located in its source).
    links: Vec<crate::content::SourceLink>,
    /// The images of `content/images/` its markdown uses.
    images: Vec<String>,
}

pub struct BuildReport {
    pub pages: usize,
    /// Pages taken from the previous output unchanged (a rebuild in `serve`).
    pub reused: usize,
}

/// What `serve` keeps between rebuilds: the parsed templates, the client bundle and the
/// island renders, and the articles' and listing pages' output, each reused while its
/// sources are unchanged.
#[derive(Default)]
pub struct BuildCache {
    islands: IslandCache,
    templates: render::TemplateCache,
    pages: Option<PageReuse>,
}

/// What the last successful build made of the pages that depend on the shared inputs only
/// (listing pages) or on those and their own source file (articles): an edit to one
/// article's body re-renders that article and the app's own pages, and links the others'
/// files from the previous output, however many there are.
struct PageReuse {
    /// The shared inputs ([`Site::shared_inputs`]) the pages were made from.
    shared: u64,
    /// Output file → the page's source hash (0 for a listing page) and what the build kept
    /// of it.
    pages: HashMap<String, Reusable>,
}

struct Reusable {
    source: u64,
    links: PageLinks,
    images: Vec<String>,
}

impl Site {
    pub fn new(root: impl Into<PathBuf>) -> Site {
        let root = root.into();
        // Absolute, so child processes (node, npm) that run elsewhere find our files.
        let root = std::fs::canonicalize(&root).or_else(|_| std::path::absolute(&root)).unwrap_or(root);
        Site { root, base_url: None, verbose: true, drafts: false, future: false }
    }

    fn theme_dir(&self) -> PathBuf {
        self.root.join(THEME)
    }

    fn templates_dir(&self) -> PathBuf {
        self.theme_dir().join("templates")
    }

    fn static_dir(&self) -> PathBuf {
        self.theme_dir().join("static")
    }

    fn step<T>(&self, name: &str, f: impl FnOnce() -> Result<(T, String)>) -> Result<T> {
        let start = Instant::now();
        let (value, summary) = f().with_context(|| format!("step `{name}` failed"))?;
        if self.verbose {
            println!("  {name:<18} {summary:<40} {:>7.1} ms", start.elapsed().as_secs_f64() * 1000.0);
        }
        Ok(value)
    }

    pub fn load(&self) -> Result<Content> {
        self.load_publishing(self.drafts, self.future)
    }

    fn load_publishing(&self, drafts: bool, future: bool) -> Result<Content> {
        let templates = render::template_names(&self.templates_dir());
        let today = Date::today().map_err(anyhow::Error::msg)?;
        let publish = Publish { drafts, future, today };
        let mut content = content::load(&self.root, &templates, &publish).map_err(anyhow::Error::new)?;
        for w in &content.warnings.0 {
            eprintln!("warning: {w}");
            if crate::diagnostics::in_github_actions() {
                println!("{}", w.clone().warning().annotation());
            }
        }
        if let Some(base) = &self.base_url {
            content.config.base_url = crate::url::base(base).to_string();
        }
        Ok(content)
    }

    /// Validates everything without writing: content, templates, links.
    /// Returns the number of pages and of internal links checked.
    /// Drafts and scheduled articles are checked like any page; a published page may not
    /// link to them (the link would break in the build).
    pub fn check(&self) -> Result<(usize, usize)> {
        let content = self.load_publishing(true, true)?;
        let registry = IslandRegistry::new(islands::component_names(&self.root.join("islands")));
        let renderer = Renderer::new(&self.templates_dir(), &content, registry.clone(), &mut Default::default()).map_err(tera_error)?;
        let (links, problems) = links_of_all(&renderer, &content, &registry);
        problems.into_result().map_err(anyhow::Error::new)?;
        let (checked, mut problems) = self.check_links(&content, &links, &renderer.listing_paths());
        let held: HashMap<&str, &HeldBack> = content.held_back.iter().map(|h| (h.path.as_str(), h)).collect();
        for (page, kept) in content.pages.iter().zip(&links).filter(|(p, _)| p.hold.is_none()) {
            for link in &kept.source {
                let path = link.target.split(['#', '?']).next().unwrap_or_default();
                if let Some(h) = held.get(path) {
                    let why = match h.hold {
                        Hold::Draft => "a draft".to_string(),
                        Hold::Scheduled(d) => format!("scheduled for {}", d.iso()),
                    };
                    let message = format!("link to `{path}`, which is {why}: `build` does not publish it, so this link would be broken");
                    problems.push(crate::diagnostics::Problem::new(&page.source, link.line, link.column, message));
                }
            }
        }
        problems.into_result().map_err(anyhow::Error::new)?;
        for target in generated::stale(&self.root, &content.units) {
            eprintln!("warning: {target} is out of date with content/units.yaml; `unitly build` rewrites it");
        }
        Ok((content.pages.len(), checked))
    }

    /// `listings`: the blog's listing pages beyond `/blog` (generated, not routes: links to
    /// them resolve; their own links come from the same plan as the pages they point to).
    fn check_links(&self, content: &Content, links: &[PageLinks], listings: &[&str]) -> (usize, Problems) {
        let mut files: HashSet<String> = ["/sitemap.xml", "/robots.txt", crate::feed::PATH].into_iter().map(String::from).collect();
        files.extend(listings.iter().map(|l| l.to_string()));
        files.extend(theme::static_files(&self.static_dir()).into_iter().map(|f| f.path));
        links::check(&content.pages, links, &files, &format!("{THEME}/templates"))
    }

    /// Builds into `out` atomically: on any error `out` is left exactly as it was.
    ///
    /// The pages stream: the app's own pages (everything but the collections' articles and
    /// the blog's further listing pages) and one article per template are rendered first,
    /// which tells the island pipeline (one Node process, mostly one core) what to
    /// prerender; while it runs, the rest is rendered and minified in chunks on the other
    /// cores, and from then on each chunk is rendered, minified, filled and written in
    /// parallel and dropped. What stays is what the link check and the service worker need
    /// (each page's ids and template links, the shell pages' HTML), so memory does not grow
    /// with the number of pages. A page that asks for an island the first pages did not is
    /// held and filled after a second island pass.
    pub fn build(&self, out: &Path, cache: &mut BuildCache) -> Result<BuildReport> {
        let started = Instant::now();
        if self.verbose {
            println!("unitly build → {}", out.display());
        }
        let content = self.step("load content", || self.load_content())?;
        self.step("generate types", || self.generate_types(&content))?;
        if self.verbose {
            for line in held_back_summary(&content, self.drafts, self.future) {
                println!("{line}");
            }
        }
        let registry = IslandRegistry::new(islands::component_names(&self.root.join("islands")));
        let renderer = Renderer::new(&self.templates_dir(), &content, registry.clone(), &mut cache.templates).map_err(tera_error)?;
        let (first_jobs, rest) = plan_jobs(&content, &renderer);
        let pages = Pages::new(&content, &renderer);
        let staged = StagedDir::new(out)?;
        let shared = self.shared_inputs(&content);
        let reuse = cache.pages.take().filter(|r| r.shared == shared);
        let mut stream = Stream::new(&staged, content.pages.len(), reuse);
        self.step("render first pages", || {
            let n = first_jobs.len();
            stream.render(&pages, &first_jobs, &registry);
            Ok(((), format!("{n} pages, {} islands requested", registry.requests().len())))
        })?;
        if !stream.problems.0.is_empty() {
            // Every problem at once, as a build that stops at the first chunk would not.
            rest.chunks(CHUNK).for_each(|jobs| stream.render(&pages, jobs, &registry));
            return Err(anyhow::Error::new(std::mem::take(&mut stream.problems).into_result().expect_err("problems")));
        }
        let requests = registry.requests();
        std::thread::scope(|scope| -> Result<()> {
            let mut islands = Some(scope.spawn(|| self.step("islands", || self.prerender_islands(&requests, &staged, &mut cache.islands))));
            let join = |stream: &mut Stream, handle: std::thread::ScopedJoinHandle<'_, Result<Prerendered>>| -> Result<()> {
                let prerendered = handle.join().map_err(|_| anyhow::anyhow!("the island step panicked"))??;
                stream.ready(prerendered, &requests);
                Ok(())
            };
            // On an error the scope still waits for Node before the staging folder goes.
            self.step("pages", || {
                for jobs in rest.chunks(CHUNK) {
                    stream.render(&pages, jobs, &registry);
                    // Fill and write once the islands are there; wait for them only when too
                    // many rendered pages are waiting.
                    if islands.as_ref().is_some_and(|h| h.is_finished() || stream.waiting.len() >= MAX_WAITING) {
                        join(&mut stream, islands.take().expect("checked"))?;
                    }
                    stream.flush()?;
                }
                if let Some(h) = islands.take() {
                    join(&mut stream, h)?;
                    stream.flush()?;
                }
                Ok(((), format!("{} pages written ({} reused), {} wait for late islands", stream.written, stream.reused, stream.late.len())))
            })
        })?;
        std::mem::take(&mut stream.problems).into_result().map_err(anyhow::Error::new)?;
        if !stream.late.is_empty() {
            let requests = registry.requests();
            let prerendered = self.step("late islands", || self.prerender_islands(&requests, &staged, &mut cache.islands))?;
            stream.ready(prerendered, &requests);
            stream.late_to_waiting();
            stream.flush()?;
            anyhow::ensure!(stream.late.is_empty(), "islands were requested but not prerendered");
        }
        self.step("images", || self.publish_images(&content, &stream.images, &staged))?;
        let links = std::mem::take(&mut stream.links);
        self.step("check links", || self.check_rendered_links(&content, &links, &renderer.listing_paths()))?;
        let next_reuse = reusable_pages(&content, &pages, shared, links, std::mem::take(&mut stream.page_images));
        let prerendered = stream.prerendered.take().context("the island step did not run")?;
        let report = self.step("write", || self.write(&content, &renderer, &stream, &prerendered, &staged))?;
        let mut heavy = std::mem::take(&mut stream.heavy);
        heavy.sort();
        for (file, bytes) in heavy {
            // Said, not refused: the site still works, it is just slower on a phone.
            eprintln!(
                "warning: {file} is {:.1} KB of HTML, over the {} KB a page should weigh (a phone downloads and parses all of it before the first paint)",
                bytes as f64 / 1024.0,
                PAGE_BUDGET / 1024
            );
        }
        let target = staged.target().to_path_buf();
        drop(stream);
        staged.commit()?;
        islands::relocate_cache(&mut cache.islands, target.join("assets"));
        cache.pages = Some(next_reuse);
        if self.verbose {
            println!("built {} pages + 404 in {:.0} ms", report.pages, started.elapsed().as_secs_f64() * 1000.0);
        }
        Ok(report)
    }

    /// The images the published pages use: variants from the encode cache, or encoded now
    /// (in parallel) and cached. A file that fails to decode is located at its first use.
    /// `used`: URL → the index of the first page using it.
    fn publish_images(&self, content: &Content, used: &std::collections::BTreeMap<String, usize>, staged: &StagedDir) -> Result<((), String)> {
        let images: Vec<&crate::images::Image> = used
            .keys()
            .filter_map(|url| match content.images.get(url) {
                crate::images::Lookup::Found(image) => Some(image),
                _ => None,
            })
            .collect();
        let write = |rel: &str, bytes: &[u8]| staged.write(rel, bytes);
        match crate::images::publish(&self.root, &images, &self.root.join(crate::images::CACHE_DIR), &write) {
            Ok(stats) => {
                Ok(((), format!("{} image{}, {} files ({} encoded now)", stats.images, if stats.images == 1 { "" } else { "s" }, stats.files, stats.encoded)))
            }
            Err(errors) => {
                let mut problems = Problems::default();
                for e in errors {
                    let page = used.get(&e.url).map(|&i| &content.pages[i]);
                    let problem = match page {
                        Some(page) => {
                            let text = std::fs::read_to_string(self.root.join(&page.source)).unwrap_or_default();
                            let offset = text.find(&format!("]({}", e.url)).map(|i| text[..i].rfind("![").unwrap_or(i)).unwrap_or(0);
                            crate::diagnostics::Problem::at_offset(&page.source, &text, offset, format!("image {} {}", e.url, e.message))
                        }
                        None => crate::diagnostics::Problem::new(crate::images::DIR, 1, 1, format!("image {} {}", e.url, e.message)),
                    };
                    problems.push(problem);
                }
                Err(anyhow::Error::new(problems.into_result().expect_err("at least one problem")))
            }
        }
    }

    fn load_content(&self) -> Result<(Content, String)> {
        let c = self.load()?;
        let summary = format!("{} pages, {} FAQ entries, {} unit categories", c.pages.len(), c.faq.len(), c.units.categories.len());
        Ok((c, summary))
    }

    /// The typed module of units.yaml for the islands and the edge (src/generated.rs).
    fn generate_types(&self, content: &Content) -> Result<((), String)> {
        let written = generated::write(&self.root, &content.units)?;
        let summary = if written.is_empty() { "up to date".to_string() } else { format!("rewrote {}", written.join(", ")) };
        Ok(((), summary))
    }

    fn prerender_islands(&self, requests: &[islands::RenderRequest], staged: &StagedDir, cache: &mut IslandCache) -> Result<(Prerendered, String)> {
        let css = self.theme_dir().join("styles/main.css");
        let p = islands::prerender(&self.root, &css, requests, &staged.path().join("assets"), cache)?;
        let summary = format!("{} islands ({} rendered now), {} client files", requests.len(), p.rendered, p.manifest.files.len());
        Ok((p, summary))
    }

    /// The pages' links (the listing, 404 and offline pages are not routes).
    fn check_rendered_links(&self, content: &Content, links: &[PageLinks], listings: &[&str]) -> Result<((), String)> {
        let (checked, problems) = self.check_links(content, links, listings);
        problems.into_result().map_err(anyhow::Error::new)?;
        Ok(((), format!("{checked} internal links")))
    }

    /// A hash of everything a page's output depends on but its own source: every content
    /// file but the articles' bodies, which pages are published, the base URL, the theme,
    /// the islands and the images (file metadata for those: like the other caches of
    /// `serve`, in memory only).
    fn shared_inputs(&self, content: &Content) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut roots = crate::island_store::inputs(&self.root, &self.theme_dir().join("styles"));
        roots.extend([self.theme_dir(), self.root.join(crate::images::DIR)]);
        let files = crate::fingerprint::of(&roots);
        let mut h = std::hash::DefaultHasher::new();
        (content.digest, files, &content.config.base_url).hash(&mut h);
        for page in &content.pages {
            (&page.path, format!("{:?}", page.hold)).hash(&mut h);
        }
        h.finish()
    }

    /// Sitemap, feed, robots.txt, `_headers`, the theme's static files and the service
    /// worker (the pages are written as they stream).
    fn write(&self, content: &Content, renderer: &Renderer, stream: &Stream, prerendered: &Prerendered, staged: &StagedDir) -> Result<(BuildReport, String)> {
        let mut files = stream.written;
        let mut bytes = stream.bytes;
        let mut write = |rel: &str, data: &[u8]| -> Result<()> {
            files += 1;
            bytes += data.len() as u64;
            staged.write(rel, data)
        };
        for (name, xml) in sitemap::files(content) {
            write(&name, xml.as_bytes())?;
        }
        write(crate::feed::PATH, crate::feed::atom(content, renderer.summaries()).as_bytes())?;
        write("robots.txt", sitemap::robots(content).as_bytes())?;
        let cfg = &content.config;
        let third =
            ThirdParty { ads: !cfg.ads.client.is_empty(), analytics: !cfg.analytics.measurement_id.is_empty(), turnstile: !cfg.turnstile.site_key.is_empty() };
        write("_headers", output::headers_file(&third, &[prerendered.manifest.head_script_hash.as_str()]).as_bytes())?;
        let static_dir = self.static_dir();
        for file in theme::static_files(&static_dir) {
            write(&file.path, &file.read()?)?;
        }
        // The service worker: its manifest precaches the app shell only (src/pwa.rs).
        let by_file: HashMap<&str, &str> = stream.shell.iter().map(|(f, h)| (f.as_str(), h.as_str())).collect();
        let offline_path = format!("/{}", crate::pwa::OFFLINE_FILE);
        let shell: Vec<(&str, &str)> = shell_pages(content)
            .iter()
            .map(|p| (p.path.as_str(), by_file[output_file(&p.path).as_str()]))
            .chain([(offline_path.as_str(), by_file[crate::pwa::OFFLINE_FILE])])
            .collect();
        let sw = crate::pwa::service_worker(&prerendered.manifest.service_worker, &shell, &prerendered.manifest.files, &static_dir)?;
        write("sw.js", sw.as_bytes())?;
        let assets = staged.path().join("assets");
        let asset_bytes: u64 = prerendered.manifest.files.iter().filter_map(|f| std::fs::metadata(assets.join(f)).ok()).map(|m| m.len()).sum();
        files += prerendered.manifest.files.len();
        bytes += asset_bytes;
        let report = BuildReport { pages: content.pages.len(), reused: stream.reused };
        Ok((report, format!("{files} files, {:.1} KB", bytes as f64 / 1024.0)))
    }
}

/// "1 article scheduled: <slug> on 2027-01-04", and the drafts left out (or included).
pub fn held_back_summary(content: &Content, drafts: bool, future: bool) -> Vec<String> {
    let plural = |n: usize, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
    let mut lines = Vec::new();
    let scheduled: Vec<String> = content
        .held_back
        .iter()
        .filter_map(|h| match h.hold {
            Hold::Scheduled(d) => Some(format!("{} on {}", h.slug, d.iso())),
            Hold::Draft => None,
        })
        .collect();
    if !scheduled.is_empty() {
        let state = if future { " (published now: --future)" } else { "" };
        lines.push(format!("{} scheduled{state}: {}", plural(scheduled.len(), "article", "articles"), scheduled.join(", ")));
    }
    let draft: Vec<&str> = content.held_back.iter().filter(|h| h.hold == Hold::Draft).map(|h| h.slug.as_str()).collect();
    if !draft.is_empty() {
        let state = if drafts { "included, marked Draft" } else { "left out" };
        lines.push(format!("{} {state}: {}", plural(draft.len(), "draft", "drafts"), draft.join(", ")));
    }
    lines
}

/// The most HTML a page should weigh (64 KB): beyond it the build warns, naming the page.
const PAGE_BUDGET: usize = 64 * 1024;

/// Pages per chunk of the stream: enough to keep every core busy, few enough that a chunk's
/// HTML is a few megabytes.
const CHUNK: usize = 256;
/// Rendered pages that may wait for the island pipeline before the stream waits for it.
const MAX_WAITING: usize = 4096;

/// One page of the output.
#[derive(Clone, Copy, Debug)]
enum Job {
    /// `content.pages[i]`.
    Page(usize),
    /// Listing page `i` of [`Renderer::listing_paths`].
    Listing(usize),
    NotFound,
    Newsletter(usize),
    Offline,
}

/// The pages rendered before the island pipeline runs (the app's own pages, the first
/// listing page beyond `/blog` and the first article of each template, which together ask
/// for every island the site uses), and the rest, streamed after them.
fn plan_jobs(content: &Content, renderer: &Renderer) -> (Vec<Job>, Vec<Job>) {
    let (mut first, mut rest) = (Vec::new(), Vec::new());
    let mut templates = HashSet::new();
    for (i, page) in content.pages.iter().enumerate() {
        let article = matches!(page.data, crate::content::PageData::Article(_));
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
    first.push(Job::NotFound);
    first.extend((0..render::NEWSLETTER_PAGES.len()).map(Job::Newsletter));
    first.push(Job::Offline);
    (first, rest)
}

/// Renders any [`Job`]; knows which files belong to the app shell.
struct Pages<'a> {
    content: &'a Content,
    renderer: &'a Renderer,
    listings: Vec<&'a str>,
    converters: Vec<&'a crate::content::Page>,
    /// Output files of the service worker's shell pages (their final HTML is kept).
    shell: HashSet<String>,
}

impl<'a> Pages<'a> {
    fn new(content: &'a Content, renderer: &'a Renderer) -> Pages<'a> {
        let mut shell: HashSet<String> = shell_pages(content).iter().map(|p| output_file(&p.path)).collect();
        shell.insert(crate::pwa::OFFLINE_FILE.to_string());
        Pages { content, renderer, listings: renderer.listing_paths(), converters: converter_pages(content), shell }
    }

    /// The page's output file and HTML (islands as placeholders); a template error is located
    /// at the template.
    fn render(&self, job: Job) -> Result<Rendered, Problems> {
        let (content, renderer) = (self.content, self.renderer);
        let (file, template, path, result) = match job {
            Job::Page(i) => return render_page(renderer, content, &content.pages[i]),
            Job::Listing(i) => {
                let path = self.listings[i];
                (output_file(path), "blog-index.html", path.to_string(), renderer.render_listing(content, i))
            }
            Job::NotFound => ("404.html".into(), "404.html", "/404".into(), renderer.render_not_found(content)),
            Job::Newsletter(i) => {
                let page = &render::NEWSLETTER_PAGES[i];
                (format!("newsletter/{}.html", page.state), "newsletter.html", format!("/newsletter/{}", page.state), renderer.render_newsletter(content, page))
            }
            Job::Offline => (crate::pwa::OFFLINE_FILE.into(), "offline.html", "/offline".into(), renderer.render_offline(content, &self.converters)),
        };
        match result {
            Ok(html) => Ok(Rendered { file, html, links: Vec::new(), images: Vec::new() }),
            Err(e) => Err(template_problem(template, &path, &e)),
        }
    }
}

/// A minified page waiting for its islands.
struct Minified {
    file: String,
    html: String,
    shell: bool,
}

/// What became of a waiting page: written (with its final HTML when it is a shell page),
/// or late (its islands were not prerendered).
enum Flushed {
    /// `heavy`: the file, when the page weighs more than [`PAGE_BUDGET`].
    Written {
        bytes: usize,
        shell: Option<(String, String)>,
        heavy: Option<String>,
    },
    Late(Minified),
}

/// The pages on their way out: rendered and minified in chunks, filled and written once the
/// islands are prerendered, then dropped.
struct Stream<'a> {
    staged: &'a StagedDir,
    /// What the link check needs of each of `content.pages`, by index.
    links: Vec<PageLinks>,
    /// The images of `content/images/` the pages use: URL → the first page using it.
    images: std::collections::BTreeMap<String, usize>,
    /// Each page's images, by index, for the next build's reuse (pages without are absent).
    page_images: HashMap<usize, Vec<String>>,
    /// The previous build's pages that may be reused ([`PageReuse`]), and how many were.
    reuse: Option<PageReuse>,
    reused: usize,
    problems: Problems,
    waiting: Vec<Minified>,
    /// Pages asking for islands the pipeline has not rendered (see [`Site::build`]).
    late: Vec<Minified>,
    prerendered: Option<Prerendered>,
    requests: HashMap<String, islands::RenderRequest>,
    /// Output file → final HTML, for the service worker's shell pages.
    shell: Vec<(String, String)>,
    /// Pages over [`PAGE_BUDGET`], with their size.
    heavy: Vec<(String, usize)>,
    written: usize,
    bytes: u64,
}

impl<'a> Stream<'a> {
    fn new(staged: &'a StagedDir, pages: usize, reuse: Option<PageReuse>) -> Stream<'a> {
        Stream {
            staged,
            links: vec![PageLinks::default(); pages],
            images: Default::default(),
            page_images: HashMap::new(),
            reuse,
            reused: 0,
            problems: Problems::default(),
            waiting: Vec::new(),
            late: Vec::new(),
            prerendered: None,
            requests: HashMap::new(),
            shell: Vec::new(),
            heavy: Vec::new(),
            written: 0,
            bytes: 0,
        }
    }

    /// Renders and minifies `jobs` in parallel, keeping each page's links. After a problem,
    /// pages are only rendered (to report every problem), no longer kept.
    fn render(&mut self, pages: &Pages, jobs: &[Job], registry: &IslandRegistry) {
        let jobs = &self.reuse_unchanged(pages, jobs);
        let minify = self.problems.0.is_empty();
        let rendered: Vec<(Job, Result<Rendered, Problems>)> = jobs.par_iter().map(|&job| (job, pages.render(job))).collect();
        // The island requests these pages made (their props carry anchors for the link check).
        let requests = registry.requests();
        let by_key: HashMap<&str, &islands::RenderRequest> = requests.iter().map(|r| (r.key.as_str(), r)).collect();
        type Done = Result<(Option<PageLinks>, Vec<String>, Minified), Problems>;
        let done: Vec<(Job, Done)> = rendered
            .into_par_iter()
            .map(|(job, result)| {
                let result = result.map(|r| {
                    let links = match job {
                        Job::Page(_) => Some(PageLinks::of(r.links, &r.html, &islands::prop_ids(&r.html, &by_key))),
                        _ => None,
                    };
                    let html = if minify { minified(&r.html) } else { String::new() };
                    let shell = pages.shell.contains(&r.file);
                    (links, r.images, Minified { file: r.file, html, shell })
                });
                (job, result)
            })
            .collect();
        for (job, result) in done {
            match result {
                Ok((links, images, page)) => {
                    if let (Job::Page(i), Some(links)) = (job, links) {
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

    /// Links the previous output's file in for every job whose page can be reused (see
    /// [`PageReuse`]); returns the jobs left to render.
    fn reuse_unchanged(&mut self, pages: &Pages, jobs: &[Job]) -> Vec<Job> {
        let Some(reuse) = &self.reuse else { return jobs.to_vec() };
        let staged = self.staged;
        let linked: Vec<(Job, Option<String>)> = jobs
            .par_iter()
            .map(|&job| {
                let (file, source) = match job {
                    Job::Page(i) if pages.content.pages[i].body.is_none() => (output_file(&pages.content.pages[i].path), pages.content.pages[i].source_hash),
                    Job::Listing(i) => (output_file(pages.listings[i]), 0),
                    _ => return (job, None),
                };
                let hit = reuse.pages.get(&file).is_some_and(|r| r.source == source) && staged.link_current(&file);
                (job, hit.then_some(file))
            })
            .collect();
        let mut left = Vec::new();
        for (job, file) in linked {
            let Some(kept) = file.and_then(|f| self.reuse.as_mut().and_then(|r| r.pages.remove(&f))) else {
                left.push(job);
                continue;
            };
            if let Job::Page(i) = job {
                self.links[i] = kept.links;
                self.add_images(i, kept.images);
            }
            self.written += 1;
            self.reused += 1;
        }
        left
    }

    /// The islands are prerendered (`requests`: what was asked of the pipeline).
    fn ready(&mut self, prerendered: Prerendered, requests: &[islands::RenderRequest]) {
        self.requests = requests.iter().map(|r| (r.key.clone(), r.clone())).collect();
        self.prerendered = Some(prerendered);
    }

    fn late_to_waiting(&mut self) {
        self.waiting.append(&mut self.late);
    }

    /// Fills and writes the waiting pages in parallel, once the islands are there; pages
    /// whose islands are missing become late.
    fn flush(&mut self) -> Result<()> {
        let Some(prerendered) = &self.prerendered else { return Ok(()) };
        let by_key: HashMap<&str, &islands::RenderRequest> = self.requests.iter().map(|(k, r)| (k.as_str(), r)).collect();
        let staged = self.staged;
        let waiting = std::mem::take(&mut self.waiting);
        let done: Vec<Result<Flushed>> = waiting
            .into_par_iter()
            .map(|page| {
                if !islands_prerendered(&page.html, &prerendered.html) {
                    return Ok(Flushed::Late(page));
                }
                let assets = assets_html(&prerendered.manifest, &islands::loaded_at_once(&page.html, &by_key));
                let html = islands::fill_placeholders(&page.html, &prerendered.html, &by_key, &assets)?;
                staged.write(&page.file, html.as_bytes())?;
                let heavy = (html.len() > PAGE_BUDGET).then(|| page.file.clone());
                Ok(Flushed::Written { bytes: html.len(), shell: page.shell.then_some((page.file, html)), heavy })
            })
            .collect();
        for result in done {
            match result? {
                Flushed::Written { bytes, shell, heavy } => {
                    self.written += 1;
                    self.bytes += bytes as u64;
                    self.shell.extend(shell);
                    self.heavy.extend(heavy.map(|file| (file, bytes)));
                }
                Flushed::Late(page) => self.late.push(page),
            }
        }
        Ok(())
    }
}

/// Minified HTML as text (minify-html keeps UTF-8 text UTF-8; should it ever not, the odd
/// bytes become U+FFFD instead of failing the build).
fn minified(html: &str) -> String {
    String::from_utf8(output::minify(html)).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Whether every island placeholder of `html` has its server HTML in `renders`.
fn islands_prerendered(html: &str, renders: &HashMap<String, String>) -> bool {
    html.split("<!--unitly:island:").skip(1).all(|rest| rest.split_once(':').is_some_and(|(key, _)| renders.contains_key(key)))
}

/// What the next build may reuse of this one's articles and listing pages.
fn reusable_pages(content: &Content, pages: &Pages, shared: u64, links: Vec<PageLinks>, mut images: HashMap<usize, Vec<String>>) -> PageReuse {
    let mut reusable = HashMap::new();
    for (i, (page, links)) in content.pages.iter().zip(links).enumerate() {
        if page.body.is_none() {
            reusable.insert(output_file(&page.path), Reusable { source: page.source_hash, links, images: images.remove(&i).unwrap_or_default() });
        }
    }
    for path in &pages.listings {
        reusable.insert(output_file(path), Reusable { source: 0, links: PageLinks::default(), images: Vec::new() });
    }
    PageReuse { shared, pages: reusable }
}

/// What the link check needs of every page, rendered a chunk at a time in parallel (like
/// the build, `check` never holds every page's HTML).
fn links_of_all(renderer: &Renderer, content: &Content, registry: &IslandRegistry) -> (Vec<PageLinks>, Problems) {
    let mut links = Vec::with_capacity(content.pages.len());
    let mut problems = Problems::default();
    for pages in content.pages.chunks(CHUNK) {
        let rendered: Vec<Result<Rendered, Problems>> = pages.par_iter().map(|page| render_page(renderer, content, page)).collect();
        // The island requests these pages made (their props carry anchors).
        let requests = registry.requests();
        let by_key: HashMap<&str, &islands::RenderRequest> = requests.iter().map(|r| (r.key.as_str(), r)).collect();
        for result in rendered {
            match result {
                Ok(r) => links.push(PageLinks::of(r.links, &r.html, &islands::prop_ids(&r.html, &by_key))),
                Err(found) => {
                    problems.0.extend(found.0);
                    links.push(PageLinks::default());
                }
            }
        }
    }
    (links, problems)
}

/// Renders one of the content's pages with its body: a problem in the body is located in
/// its source, a template error at the template.
fn render_page(renderer: &Renderer, content: &Content, page: &crate::content::Page) -> Result<Rendered, Problems> {
    let body = content.body(page)?;
    let html = renderer.render(content, page, &body.html).map_err(|e| template_problem(&page.template, &page.path, &e))?;
    let body = body.into_owned();
    Ok(Rendered { file: output_file(&page.path), html, links: body.links, images: body.images })
}

fn template_problem(template: &str, path: &str, e: &tera::Error) -> Problems {
    Problems(vec![crate::diagnostics::Problem::new(format!("{THEME}/templates/{template}"), 1, 1, format!("rendering {path}: {}", error_chain(e)))])
}

/// The pages of the app shell, which work offline from a first visit on: the home page,
/// then every converter page.
fn shell_pages(content: &Content) -> Vec<&crate::content::Page> {
    let home = content.pages.iter().filter(|p| p.path == "/");
    home.chain(converter_pages(content)).collect()
}

fn converter_pages(content: &Content) -> Vec<&crate::content::Page> {
    content.pages.iter().filter(|p| p.template == "converter.html").collect()
}

/// `/` → `index.html`, `/blog/x` → `blog/x.html` (served at `/blog/x` by static hosts).
pub fn output_file(path: &str) -> String {
    if path == "/" {
        "index.html".into()
    } else {
        format!("{}.html", path.trim_matches('/'))
    }
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

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        source = inner.source();
    }
    s
}

fn tera_error(e: tera::Error) -> anyhow::Error {
    anyhow::anyhow!("loading templates from {THEME}/templates: {}", error_chain(&e))
}
