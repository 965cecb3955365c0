//! The site: load everything, then build in a flat list of named, timed steps.

use crate::content::date::Date;
use crate::content::{self, Content, HeldBack, Hold, Publish};
use crate::diagnostics::Problems;
use crate::islands::{self, IslandCache, IslandRegistry, Prerendered};
use crate::output::{self, StagedDir, ThirdParty};
use crate::render::{self, Renderer};
use crate::{generated, links, sitemap, theme};
use anyhow::{Context, Result};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
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

/// A rendered page: where it goes in the output and its HTML.
struct Rendered {
    file: String,
    html: String,
}

/// What the blog adds beyond its pages: the listing paths beyond `/blog` and the feed.
struct BlogOutput {
    listings: Vec<String>,
    feed: String,
}

pub struct BuildReport {
    pub pages: usize,
}

/// What `serve` keeps between rebuilds: the parsed templates, the client bundle and the
/// island renders, each reused while its sources are unchanged.
#[derive(Default)]
pub struct BuildCache {
    islands: IslandCache,
    templates: render::TemplateCache,
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
        let (rendered, problems) = render_all(&renderer, &content);
        problems.into_result().map_err(anyhow::Error::new)?;
        let listings: Vec<String> = renderer.listing_paths().into_iter().map(String::from).collect();
        let (checked, mut problems) = self.check_links(&content, &rendered, &listings, &registry.requests());
        let held: HashMap<&str, &HeldBack> = content.held_back.iter().map(|h| (h.path.as_str(), h)).collect();
        for page in content.pages.iter().filter(|p| p.hold.is_none()) {
            for link in &page.links {
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
    /// `requests`: the islands the pages render; the ids their props carry count as anchors.
    fn check_links(&self, content: &Content, rendered: &[Rendered], listings: &[String], requests: &[islands::RenderRequest]) -> (usize, Problems) {
        let html: Vec<&str> = rendered.iter().map(|r| r.html.as_str()).collect();
        let by_key: HashMap<&str, &islands::RenderRequest> = requests.iter().map(|r| (r.key.as_str(), r)).collect();
        let island_ids: Vec<HashSet<String>> = html.iter().map(|h| islands::prop_ids(h, &by_key)).collect();
        let mut files: HashSet<String> = ["/sitemap.xml", "/robots.txt", crate::feed::PATH].into_iter().map(String::from).collect();
        files.extend(listings.iter().cloned());
        files.extend(theme::static_files(&self.static_dir()).into_iter().map(|f| f.path));
        links::check(&content.pages, &html, &island_ids, &files, &format!("{THEME}/templates"))
    }

    /// Builds into `out` atomically: on any error `out` is left exactly as it was. A flat
    /// list of named, timed steps; the island pipeline (one Node process, mostly one core)
    /// runs while Rust checks the links and minifies on the others.
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
        let (mut rendered, blog) = self.step("render templates", || self.render_templates(&content, &registry, &mut cache.templates))?;
        let staged = StagedDir::new(out)?;
        let requests = registry.requests();
        let (checked, prerendered) = std::thread::scope(|scope| {
            let islands = scope.spawn(|| self.step("islands", || self.prerender_islands(&requests, &staged, &mut cache.islands)));
            let checked = self
                .step("check links", || self.check_rendered_links(&content, &rendered, &blog.listings, &requests))
                .and_then(|()| self.step("images", || self.publish_images(&content, &staged)))
                .and_then(|()| self.step("minify", || minify(&mut rendered)));
            (checked, islands.join())
        });
        checked?;
        let prerendered = prerendered.map_err(|_| anyhow::anyhow!("the island step panicked"))??;
        self.step("fill islands", || fill_islands(&mut rendered, &requests, &prerendered))?;
        let report = self.step("write", || self.write(&content, &rendered, &blog, &prerendered, &staged))?;
        let target = staged.target().to_path_buf();
        staged.commit()?;
        islands::relocate_cache(&mut cache.islands, target.join("assets"));
        if self.verbose {
            println!("built {} pages + 404 in {:.0} ms", report.pages, started.elapsed().as_secs_f64() * 1000.0);
        }
        Ok(report)
    }

    /// The images the published pages use: variants from the encode cache, or encoded now
    /// (in parallel) and cached. A file that fails to decode is located at its first use.
    fn publish_images(&self, content: &Content, staged: &StagedDir) -> Result<((), String)> {
        let used: std::collections::BTreeSet<&str> = content.pages.iter().flat_map(|p| p.images.iter().map(String::as_str)).collect();
        let images: Vec<&crate::images::Image> = used
            .iter()
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
                    let page = content.pages.iter().find(|p| p.images.contains(&e.url));
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

    /// Every page, the blog's listing pages, then the 404 page and the offline page (not
    /// routes), with island placeholders; and the feed.
    fn render_templates(
        &self,
        content: &Content,
        registry: &Arc<IslandRegistry>,
        templates: &mut render::TemplateCache,
    ) -> Result<((Vec<Rendered>, BlogOutput), String)> {
        let renderer = Renderer::new(&self.templates_dir(), content, registry.clone(), templates).map_err(tera_error)?;
        let (mut rendered, problems) = render_all(&renderer, content);
        problems.into_result().map_err(anyhow::Error::new)?;
        let listings: Vec<String> = renderer.listing_paths().into_iter().map(String::from).collect();
        let pages: Result<Vec<Rendered>> = listings
            .par_iter()
            .enumerate()
            .map(|(i, path)| Ok(Rendered { file: output_file(path), html: renderer.render_listing(content, i).map_err(tera_error)? }))
            .collect();
        rendered.extend(pages?);
        let feed = crate::feed::atom(content, renderer.summaries());
        let not_found = renderer.render_not_found(content).map_err(tera_error)?;
        rendered.push(Rendered { file: "404.html".into(), html: not_found });
        for page in &render::NEWSLETTER_PAGES {
            let html = renderer.render_newsletter(content, page).map_err(tera_error)?;
            rendered.push(Rendered { file: format!("newsletter/{}.html", page.state), html });
        }
        let offline = renderer.render_offline(content, &converter_pages(content)).map_err(tera_error)?;
        rendered.push(Rendered { file: crate::pwa::OFFLINE_FILE.into(), html: offline });
        let n = rendered.len();
        let summary = format!("{n} pages ({} listing pages)", listings.len() + 1);
        Ok(((rendered, BlogOutput { listings, feed }), summary))
    }

    fn prerender_islands(&self, requests: &[islands::RenderRequest], staged: &StagedDir, cache: &mut IslandCache) -> Result<(Prerendered, String)> {
        let css = self.theme_dir().join("styles/main.css");
        let p = islands::prerender(&self.root, &css, requests, &staged.path().join("assets"), cache)?;
        let summary = format!("{} islands ({} rendered now), {} client files", requests.len(), p.rendered, p.manifest.files.len());
        Ok((p, summary))
    }

    /// The pages' links (the listing, 404 and offline pages, after them, are not routes).
    fn check_rendered_links(&self, content: &Content, rendered: &[Rendered], listings: &[String], requests: &[islands::RenderRequest]) -> Result<((), String)> {
        let (checked, problems) = self.check_links(content, &rendered[..content.pages.len()], listings, requests);
        problems.into_result().map_err(anyhow::Error::new)?;
        Ok(((), format!("{checked} internal links")))
    }

    /// Pages, sitemap, robots.txt, `_headers`, the theme's static files and the service worker.
    fn write(
        &self,
        content: &Content,
        rendered: &[Rendered],
        blog: &BlogOutput,
        prerendered: &Prerendered,
        staged: &StagedDir,
    ) -> Result<(BuildReport, String)> {
        // Pages in parallel: thousands of small files.
        rendered.par_iter().try_for_each(|r| staged.write(&r.file, r.html.as_bytes()))?;
        let mut files = rendered.len();
        let mut bytes: u64 = rendered.iter().map(|r| r.html.len() as u64).sum();
        let mut write = |rel: &str, data: &[u8]| -> Result<()> {
            files += 1;
            bytes += data.len() as u64;
            staged.write(rel, data)
        };
        for (name, xml) in sitemap::files(content) {
            write(&name, xml.as_bytes())?;
        }
        write(crate::feed::PATH, blog.feed.as_bytes())?;
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
        let by_file: HashMap<&str, &str> = rendered.iter().map(|r| (r.file.as_str(), r.html.as_str())).collect();
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
        let report = BuildReport { pages: content.pages.len() };
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

fn minify(rendered: &mut [Rendered]) -> Result<((), String)> {
    let minified: Vec<Vec<u8>> = rendered.par_iter().map(|r| output::minify(&r.html)).collect();
    for (r, bytes) in rendered.iter_mut().zip(minified) {
        r.html = String::from_utf8(bytes).context("minified HTML is not UTF-8")?;
    }
    Ok(((), format!("{} pages", rendered.len())))
}

/// Island placeholders become server HTML; the assets placeholder the head's assets.
fn fill_islands(rendered: &mut [Rendered], requests: &[islands::RenderRequest], prerendered: &Prerendered) -> Result<((), String)> {
    let by_key: HashMap<&str, &islands::RenderRequest> = requests.iter().map(|r| (r.key.as_str(), r)).collect();
    let filled: Result<Vec<String>> = rendered
        .par_iter()
        .map(|r| {
            let assets = assets_html(&prerendered.manifest, &islands::loaded_at_once(&r.html, &by_key));
            islands::fill_placeholders(&r.html, &prerendered.html, &by_key, &assets)
        })
        .collect();
    for (r, html) in rendered.iter_mut().zip(filled?) {
        r.html = html;
    }
    Ok(((), format!("{} pages", rendered.len())))
}

fn render_all(renderer: &Renderer, content: &Content) -> (Vec<Rendered>, Problems) {
    let results: Vec<_> = content.pages.par_iter().map(|page| (page, renderer.render(content, page))).collect();
    let mut rendered = Vec::with_capacity(results.len());
    let mut problems = Problems::default();
    for (page, result) in results {
        match result {
            Ok(html) => rendered.push(Rendered { file: output_file(&page.path), html }),
            Err(e) => problems.push(crate::diagnostics::Problem::new(
                format!("{THEME}/templates/{}", page.template),
                1,
                1,
                format!("rendering {}: {}", page.path, error_chain(&e)),
            )),
        }
    }
    (rendered, problems)
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
