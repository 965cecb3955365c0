//! The site: load everything, then build in a flat list of named, timed steps.
//!
//! The steps' machinery lives beside this file: which pages there are and how each kind is
//! rendered (`plan`), the pages streaming out (`stream`) past the build's observers
//! (`observe`), `serve`'s reuse of unchanged pages (`reuse`) and `unitly check` (`check`).

mod check;
mod observe;
mod plan;
mod reuse;
mod saved;
mod stream;

use crate::content::date::Date;
use crate::content::{self, Content, Hold, Publish};
use crate::diagnostics::Problems;
use crate::islands::{self, IslandCache, IslandRegistry, Prerendered};
use crate::links::PageLinks;
use crate::output::{self, StagedDir, ThirdParty};
use crate::render::{self, Renderer};
use crate::search::SearchIndex;
use crate::{generated, sitemap, theme};
use anyhow::{Context, Result};
use observe::{PageBudget, ShellPages};
use plan::{plan_jobs, shell_pages, Pages, CHUNK};
use reuse::{PageReuse, Previous};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;
use stream::{Stream, MAX_WAITING};

pub use crate::theme::THEME;
pub use observe::{PageObserver, PAGE_BUDGET};
pub use plan::output_file;
pub use saved::FILE as SAVED_PAGES;

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
    /// Remove the previous output in the background, after the build returns (`serve`: a
    /// rebuild reloads the tab sooner). Otherwise it is removed before "built" is printed,
    /// so `build` has finished when it says so.
    pub background_removal: bool,
}

pub struct BuildReport {
    pub pages: usize,
    /// Pages taken from the previous output unchanged (a rebuild in `serve`).
    pub reused: usize,
}

/// What `serve` keeps between rebuilds: the parsed templates, the client bundle and the
/// island renders, the loaded articles, and every page's output ([`reuse`]), each reused
/// while its sources are unchanged.
#[derive(Default)]
pub struct BuildCache {
    islands: IslandCache,
    templates: render::TemplateCache,
    /// The articles as last loaded (their front matter is not parsed again while unchanged).
    articles: content::Remembered,
    pages: Option<Previous>,
    /// The previous output, moved aside and being removed (the next build, or dropping the
    /// cache, waits for it).
    removing: Option<std::thread::JoinHandle<Result<()>>>,
    /// The generated modules' texts, and the own content's digest they were made of.
    generated: Option<(u64, Vec<String>)>,
    /// The pages a previous run saved, being read ([`saved`]: `build`).
    saved: Option<std::thread::JoinHandle<Option<saved::Saved>>>,
}

impl BuildCache {
    /// A cache that reads, beside the build's first steps, what the last build into `out`
    /// saved for it ([`saved`]: `build`).
    pub fn saved(root: &Path, out: &Path) -> BuildCache {
        let mut cache = BuildCache::default();
        cache.saved = saved::start_reading(root, out);
        cache
    }

    /// Saves what the next build into `out` may reuse of the one just made.
    pub fn save(&self, root: &Path, out: &Path) {
        saved::save(root, out, self.pages.as_ref());
    }

    fn wait_for_removal(&mut self) {
        if let Some(Ok(Err(e))) = self.removing.take().map(std::thread::JoinHandle::join) {
            eprintln!("warning: {e:#}");
        }
    }
}

impl Drop for BuildCache {
    fn drop(&mut self) {
        self.wait_for_removal();
    }
}

impl Site {
    pub fn new(root: impl Into<PathBuf>) -> Site {
        let root = root.into();
        // Absolute, so child processes (node, npm) that run elsewhere find our files.
        let root = std::fs::canonicalize(&root).or_else(|_| std::path::absolute(&root)).unwrap_or(root);
        Site { root, base_url: None, verbose: true, drafts: false, future: false, background_removal: false }
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
        self.load_publishing(self.drafts, self.future, &mut content::Remembered::default())
    }

    fn load_publishing(&self, drafts: bool, future: bool, remembered: &mut content::Remembered) -> Result<Content> {
        let templates = render::template_names(&self.templates_dir());
        let today = Date::today().map_err(anyhow::Error::msg)?;
        let publish = Publish { drafts, future, today };
        let mut content = content::load_remembering(&self.root, &templates, &publish, remembered).map_err(anyhow::Error::new)?;
        for w in &content.warnings.0 {
            eprintln!("warning: {w}");
            if crate::diagnostics::in_github_actions() {
                println!("{}", w.clone().warning().annotation());
            }
        }
        if let Some(base) = &self.base_url {
            if let Some(message) = crate::url::base_url_problem(base) {
                anyhow::bail!("--base-url: {message}");
            }
            content.config.base_url = crate::url::base(base).to_string();
        }
        Ok(content)
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
        cache.wait_for_removal();
        if self.verbose {
            println!("unitly build → {}", out.display());
        }
        // A rebuild patches the current output (src/patch.rs), and a build with saved pages
        // checks that the output is as they were: its walk runs beside the load.
        let walk = (cache.pages.is_some() || cache.saved.is_some()).then(|| {
            let (out, saved) = (out.to_path_buf(), cache.saved.is_some());
            std::thread::spawn(move || if saved { crate::patch::Patch::with_digest(&out) } else { crate::patch::Patch::of(&out) })
        });
        let content = self.step("load content", || self.load_content(&mut cache.articles))?;
        self.step("generate types", || self.generate_types(&content, &mut cache.generated))?;
        if self.verbose {
            for line in held_back_summary(&content, self.drafts, self.future) {
                println!("{line}");
            }
        }
        let registry = IslandRegistry::new(islands::components(&self.root.join("islands")));
        let renderer = Renderer::new(&self.templates_dir(), &content, registry.clone(), &mut cache.templates).map_err(tera_error)?;
        let (first_jobs, rest) = plan_jobs(&content, &renderer);
        let pages = Pages::new(&content, &renderer);
        // The installed packages are one of the inputs every page is made from (the islands'
        // bundle and renders): installed before those are hashed, or on a fresh checkout the
        // first rebuild in `serve` would find them changed and reuse nothing.
        crate::npm::ensure_npm_packages(&self.root.join("islands"))?;
        let inputs = reuse::inputs(&self.root, &self.theme_dir(), &content, &renderer);
        // Pages saved by an earlier run (`build`, src/site/saved.rs) come with the output's
        // digest they hold for; in `serve` the previous output is the last build's own.
        let (last_build, saved_output) = match cache.saved.take().map(std::thread::JoinHandle::join) {
            Some(Ok(Some((pages, output)))) => (Some(pages), Some(output)),
            _ => (cache.pages.take(), None),
        };
        let previous = PageReuse::of_previous(last_build, inputs);
        // A walk that failed (no output yet) is no reuse; saved pages are reused only into the
        // output exactly as it left it.
        let walked = walk.filter(|_| previous.is_some()).and_then(|walk| walk.join().ok()?.ok());
        let walked = walked.filter(|p| saved_output.is_none_or(|digest| p.digest() == Some(digest)));
        // Reusing pages, `serve` writes only what changed into the current output; `build`
        // links what it keeps into the new folder it swaps in, so a reader never sees the two
        // mixed.
        let can_reuse = walked.is_some();
        let staged = match walked {
            Some(patch) if saved_output.is_none() => StagedDir::patching(out, || Ok(patch))?,
            _ => StagedDir::new(out)?,
        };
        let (reuse, kept_search) = previous.filter(|_| can_reuse && staged.has_current()).unzip();
        let reusing = reuse.is_some();
        let (budget, shell) = (PageBudget::default(), ShellPages::new(shell_files(&content)));
        let search = SearchIndex::start(&content, staged.path(), staged.target(), output_file, kept_search)?;
        let mut stream = Stream::new(&staged, content.pages.len(), reuse, vec![&budget, &shell, &search]);
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
        let island_store = std::sync::OnceLock::new();
        let beside = std::thread::scope(|scope| -> Result<Vec<(String, String)>> {
            // The sitemap (5,000 URLs with 2,000 articles), the feed and robots.txt need only
            // the content: made beside the pages.
            let beside = scope.spawn(|| {
                let mut files = sitemap::files(&content);
                files.push((crate::feed::PATH.to_string(), crate::feed::atom(&content, renderer.summaries())));
                files.push(("robots.txt".to_string(), sitemap::robots(&content)));
                files
            });
            let mut islands =
                Some(scope.spawn(|| self.step("islands", || self.prerender_islands(&requests, &staged, reusing, &island_store, &mut cache.islands))));
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
                    if islands.as_ref().is_some_and(|h| h.is_finished() || stream.waiting() >= MAX_WAITING) {
                        join(&mut stream, islands.take().expect("checked"))?;
                    }
                    stream.flush()?;
                }
                if let Some(h) = islands.take() {
                    join(&mut stream, h)?;
                    stream.flush()?;
                }
                Ok(((), format!("{} pages written ({} reused), {} wait for late islands", stream.written, stream.reused, stream.late())))
            })?;
            beside.join().map_err(|_| anyhow::anyhow!("the sitemap panicked"))
        })?;
        std::mem::take(&mut stream.problems).into_result().map_err(anyhow::Error::new)?;
        if stream.late() > 0 {
            let requests = registry.requests();
            let prerendered = self.step("late islands", || self.prerender_islands(&requests, &staged, reusing, &island_store, &mut cache.islands))?;
            stream.ready(prerendered, &requests);
            stream.late_to_waiting();
            stream.flush()?;
            anyhow::ensure!(stream.late() == 0, "islands were requested but not prerendered");
        }
        let kept_search = self.step("search index", || {
            let s = search.finish()?;
            let summary = format!(
                "{} results ({} kept), {} terms in {} chunks, {} words; pages indexed in {} ms of worker time",
                s.results,
                s.kept_results,
                s.terms,
                s.chunks,
                s.words,
                s.indexing.as_millis()
            );
            if let Some(carried) = s.carried {
                let dir = crate::search::DIR;
                staged.carry(&format!("{dir}/{}", carried.from), &format!("{dir}/{}", s.version), move |within| carried.keeps(within))?;
            }
            Ok((s.kept, summary))
        })?;
        self.step("images", || self.publish_images(&content, &stream.images, &staged))?;
        let links = std::mem::take(&mut stream.links);
        self.step("check links", || self.check_rendered_links(&content, &links, stream.links_to_check(), &renderer))?;
        let page_images = std::mem::take(&mut stream.page_images);
        let prerendered = stream.prerendered.take().context("the island step did not run")?;
        let (report, next_reuse) = std::thread::scope(|scope| -> Result<_> {
            // What the next build may reuse, by output file (5,600 names with 2,000
            // articles): made beside the write, off the build's path.
            let listings = &pages.listings;
            let (content, kept) = (&content, kept_search);
            let next_reuse = scope.spawn(move || reuse::reusable_pages(content, listings, inputs, links, page_images, kept));
            let report = self.step("write", || {
                let shell = shell.take_html(staged.target())?;
                self.write(content, &stream, &shell, &prerendered, beside, &staged)
            })?;
            Ok((report, next_reuse.join().map_err(|_| anyhow::anyhow!("indexing the pages for reuse panicked"))?))
        })?;
        // Before the swap: the output in place stays what it was.
        if let Some(error) = budget.refused() {
            anyhow::bail!(error);
        }
        for warning in budget.warnings() {
            eprintln!("warning: {warning}");
        }
        let target = staged.target().to_path_buf();
        drop(stream);
        if let Some(old) = staged.swap()? {
            let remove = move || std::fs::remove_dir_all(&old).with_context(|| format!("removing {}", old.display()));
            if self.background_removal {
                cache.removing = Some(std::thread::spawn(remove));
            } else {
                // Thousands of files take seconds. Interrupted, the next build removes what is
                // left (src/output/staged.rs, remove_stale).
                let name = target.file_name().unwrap_or_default().to_string_lossy();
                let step = self.step("remove old output", || remove().map(|()| ((), format!("the previous {name}"))));
                if let Err(e) = step {
                    eprintln!("warning: {e:#}");
                }
            }
        }
        islands::relocate_cache(&mut cache.islands, target.join(output::ASSETS_DIR));
        cache.pages = Some(next_reuse);
        if self.verbose {
            println!("built {} pages + 404 in {:.0} ms", report.pages, started.elapsed().as_secs_f64() * 1000.0);
        }
        drop(pages);
        drop_aside((content, renderer, first_jobs, rest));
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

    fn load_content(&self, remembered: &mut content::Remembered) -> Result<(Content, String)> {
        let c = self.load_publishing(self.drafts, self.future, remembered)?;
        let summary = format!("{} pages, {} FAQ entries, {} unit categories", c.pages.len(), c.faq.len(), c.units.categories.len());
        Ok((c, summary))
    }

    /// The typed modules of content for the islands and the edge (src/generated.rs).
    fn generate_types(&self, content: &Content, cache: &mut Option<(u64, Vec<String>)>) -> Result<((), String)> {
        let texts = match cache.take() {
            Some((digest, texts)) if digest == content.own_digest => texts,
            _ => generated::texts(content),
        };
        let written = generated::write(&self.root, &texts)?;
        *cache = Some((content.own_digest, texts));
        let summary = if written.is_empty() { "up to date".to_string() } else { format!("rewrote {}", written.join(", ")) };
        Ok(((), summary))
    }

    /// `reusing`: whether the build keeps pages of the current output (then `requests` are
    /// only those of the pages it renders). `store`: the island store, made by the build's
    /// first prerender and used by the second.
    fn prerender_islands(
        &self,
        requests: &[islands::RenderRequest],
        staged: &StagedDir,
        reusing: bool,
        store: &std::sync::OnceLock<islands::store::Store>,
        cache: &mut IslandCache,
    ) -> Result<(Prerendered, String)> {
        let css = self.theme_dir().join("styles/main.css");
        let store = store.get_or_init(|| islands::store_of(&self.root, &css));
        let assets = staged.path().join(output::ASSETS_DIR);
        let keep_current = |file: &str| reusing && staged.link_current(&format!("{}/{file}", output::ASSETS_DIR));
        // Reusing pages, the requests are only those of the pages rendered again.
        let p = islands::prerender(store, &css, requests, !reusing, &assets, &keep_current, cache)?;
        let summary = format!("{} islands ({} rendered now), {} client files", requests.len(), p.rendered, p.manifest.files.len());
        Ok((p, summary))
    }

    /// The pages' links (the listing, 404 and offline pages are not routes).
    fn check_rendered_links(&self, content: &Content, links: &[PageLinks], only: Option<&[bool]>, renderer: &Renderer) -> Result<((), String)> {
        let (checked, problems) = self.check_links(content, links, only, &renderer.listing_paths(), renderer.once().ids());
        problems.into_result().map_err(anyhow::Error::new)?;
        self.warn_of_links_to_held_back(content, links, only);
        Ok(match only {
            Some(only) => {
                let changed = only.iter().filter(|c| **c).count();
                ((), format!("{checked} internal links of the {changed} {} whose links changed", if changed == 1 { "page" } else { "pages" }))
            }
            None => ((), format!("{checked} internal links")),
        })
    }

    /// Sitemap, feed, robots.txt, `_headers`, the theme's static files and the service
    /// worker (the pages are written as they stream).
    /// `shell`: the shell pages' final HTML, by output file; `beside`: the sitemap, feed and
    /// robots.txt, made while the pages were.
    fn write(
        &self,
        content: &Content,
        stream: &Stream,
        shell: &HashMap<String, String>,
        prerendered: &Prerendered,
        beside: Vec<(String, String)>,
        staged: &StagedDir,
    ) -> Result<(BuildReport, String)> {
        let mut files = stream.written;
        let mut bytes = stream.bytes;
        let mut write = |rel: &str, data: &[u8]| -> Result<()> {
            files += 1;
            bytes += data.len() as u64;
            staged.write(rel, data)
        };
        for (name, text) in beside {
            write(&name, text.as_bytes())?;
        }
        let cfg = &content.config;
        let third =
            ThirdParty { ads: !cfg.ads.client.is_empty(), analytics: !cfg.analytics.measurement_id.is_empty(), turnstile: !cfg.turnstile.site_key.is_empty() };
        write("_headers", output::headers_file(&third, &[prerendered.manifest.head_script_hash.as_str()]).as_bytes())?;
        let static_dir = self.static_dir();
        for file in theme::static_files(&static_dir) {
            write(&file.path, &file.read()?)?;
        }
        // The service worker: its manifest precaches the app shell only (src/pwa.rs).
        let shell: Vec<(&str, &str)> = shell_pages(content)
            .iter()
            .map(|p| (p.path.as_str(), shell[&output_file(&p.path)].as_str()))
            .chain([(crate::pwa::OFFLINE_PATH, shell[crate::pwa::OFFLINE_FILE].as_str())])
            .collect();
        let sw = crate::pwa::service_worker(&prerendered.manifest.service_worker, &shell, &prerendered.manifest.files, &static_dir)?;
        write("sw.js", sw.as_bytes())?;
        let assets = staged.path().join(output::ASSETS_DIR);
        // A rebuild keeps the client files where the output has them.
        let current_assets = staged.target().join(output::ASSETS_DIR);
        let size = |f: &String| std::fs::metadata(assets.join(f)).or_else(|_| std::fs::metadata(current_assets.join(f))).ok().map(|m| m.len());
        let asset_bytes: u64 = prerendered.manifest.files.iter().filter_map(size).sum();
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

/// Output files of the service worker's shell pages (their final HTML is kept).
fn shell_files(content: &Content) -> std::collections::HashSet<String> {
    let pages = shell_pages(content).into_iter().map(|p| output_file(&p.path));
    pages.chain([crate::pwa::OFFLINE_FILE.to_string()]).collect()
}

/// Frees `value` on a thread of its own: a build's content and renderer are some 100,000
/// allocations with 2,000 articles, milliseconds a rebuild need not wait for.
fn drop_aside<T: Send + 'static>(value: T) {
    std::thread::spawn(move || drop(value));
}

fn tera_error(e: tera::Error) -> anyhow::Error {
    anyhow::anyhow!("loading templates from {THEME}/templates: {}", render::error_chain(&e))
}
