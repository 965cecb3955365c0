//! Loading everything under `content/` into pages, collecting every problem on the way.

pub mod date;
pub mod exact;
pub mod frontmatter;
pub mod kinds;
pub mod markdown;
pub mod model;
pub mod paths;
pub mod units;

use crate::diagnostics::{line_col, locate_key, Problem, Problems};
use crate::images::Catalog;
use date::Date;
use model::*;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use units::Units;

/// What a page's source says beyond the registry: one shape per kind of page.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum PageData {
    Page(PageFront),
    Converter(ConverterFront),
    Article(ArticleFront),
}

/// An internal link written in markdown, with where it was written.
#[derive(Debug, Clone)]
pub struct SourceLink {
    pub target: String,
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone)]
pub struct Page {
    pub path: String,
    /// Set on a draft or scheduled article (published only by `--drafts`/`--future`, `serve`).
    pub hold: Option<Hold>,
    pub template: String,
    pub label: String,
    pub short_label: Option<String>,
    pub title: String,
    pub heading: String,
    pub description: String,
    pub keywords: Vec<String>,
    pub schema: Schema,
    pub parent: Option<String>,
    pub priority: f64,
    pub changefreq: ChangeFreq,
    /// The markdown file, relative to the project root (`content/blog/x.md`).
    pub source: PathBuf,
    pub data: PageData,
    /// The registry's pages (a few dozen) are rendered at load. An article's body is `None`:
    /// it is read and rendered when its page is ([`Content::body`]), so a build holds a
    /// chunk of article bodies at a time, never all of them.
    pub body: Option<Body>,
    pub lastmod: Date,
    /// A hash of the whole source file ([`crate::hash::in_memory`]): an article whose source
    /// and [`Content::digest`] are unchanged renders to the same page.
    pub source_hash: u64,
}

/// A page's markdown, rendered, and what it refers to.
#[derive(Debug, Clone, Default)]
pub struct Body {
    pub html: String,
    /// Internal links written in the markdown, located in its file.
    pub links: Vec<SourceLink>,
    /// Images of `content/images/` it uses, by URL.
    pub images: Vec<String>,
}

pub struct Content {
    /// The project folder (articles' bodies are read from it when rendered).
    pub root: PathBuf,
    /// A hash of every content file read, articles' bodies excepted (their front matter is
    /// in): with the theme and the islands, what every page's output depends on.
    pub digest: u64,
    pub config: SiteConfig,
    /// The pages this build publishes (drafts and scheduled articles only when asked for).
    pub pages: Vec<Page>,
    pub faq: Vec<FaqEntry>,
    pub units: Units,
    /// What works but degrades (a currency without an offline rate): printed, never fatal.
    pub warnings: Problems,
    /// The files of `content/images/`.
    pub images: Catalog,
    /// Articles left out of this build: drafts and scheduled ones, in file order.
    pub held_back: Vec<HeldBack>,
}

/// Which articles a build publishes besides the ready ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Publish {
    /// Articles with `draft: true` (`build --drafts`, `serve`).
    pub drafts: bool,
    /// Articles dated after `today` (`build --future`).
    pub future: bool,
    /// The day that decides what is scheduled (UTC, or `SOURCE_DATE_EPOCH`'s day).
    pub today: Date,
}

impl Publish {
    /// Only what is ready today: what `build` publishes by default.
    pub fn ready(today: Date) -> Publish {
        Publish { drafts: false, future: false, today }
    }
}

/// Why an article is not published yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    Draft,
    Scheduled(Date),
}

/// An article a build leaves out (or, when asked to, includes and marks).
#[derive(Debug, Clone)]
pub struct HeldBack {
    pub slug: String,
    pub path: String,
    pub hold: Hold,
}

/// The template of the converter pages (their routes carry a unit category).
const CONVERTER_TEMPLATE: &str = "converter.html";
/// The route registry.
pub const ROUTES_FILE: &str = "content/routes.yaml";

/// Reads `content/` under `root`. Template names are checked against `templates`. Every
/// article is validated, drafts and scheduled ones included; `publish` says which of those
/// stay in [`Content::pages`].
pub fn load(root: &Path, templates: &HashSet<String>, publish: &Publish) -> Result<Content, Problems> {
    let mut problems = Problems::default();
    let mut warnings = Problems::default();
    let mut texts = Texts::default();
    let images = Catalog::scan(root);
    let mut loader = Loader { root, problems: &mut problems, texts: &mut texts, images: &images, today: publish.today };

    let config: Option<SiteConfig> = loader.yaml("content/site.yaml");
    let routes: Option<RoutesFile> = loader.yaml("content/routes.yaml");
    let units = loader.read("content/units.yaml").and_then(|(file, text)| units::load(&file, &text, loader.problems, &mut warnings));
    let faq: Option<Vec<FaqEntry>> = loader.yaml("content/faq.yaml");

    let (Some(config), Some(routes), Some(units), Some(faq)) = (config, routes, units, faq) else {
        return Err(problems);
    };
    let default_lastmod = match Date::parse(&config.default_lastmod) {
        Ok(d) => d,
        Err(e) => {
            let (l, c) = locate_key(texts.get("content/site.yaml"), 1, "default_lastmod").unwrap_or((1, 1));
            problems.push(Problem::new("content/site.yaml", l, c, e));
            return Err(problems);
        }
    };

    let routes_text = texts.get("content/routes.yaml").to_string();
    let mut loader = Loader { root, problems: &mut problems, texts: &mut texts, images: &images, today: publish.today };
    let mut pages = Vec::new();
    for (i, route) in routes.routes.iter().enumerate() {
        let route_line = nth_route_line(&routes_text, i);
        let at = |key: &str| locate_key(&routes_text, route_line, key).unwrap_or((route_line, 1));
        if let Some(message) = paths::url_path_problem("path", &route.path) {
            let (l, c) = at("path");
            loader.problem(Problem::new("content/routes.yaml", l, c, message));
            continue;
        }
        if let Some(message) = paths::dir_problem("source", &route.source) {
            let (l, c) = at("source");
            loader.problem(Problem::new("content/routes.yaml", l, c, message));
            continue;
        }
        if !templates.contains(&route.template) {
            let (l, c) = at("template");
            loader.problem(Problem::new(
                "content/routes.yaml",
                l,
                c,
                format!("unknown template `{}` for route {} (expected one of: {})", route.template, route.path, sorted(templates)),
            ));
            continue;
        }
        if let Some(page) = loader.registry_page(route, default_lastmod, &at) {
            pages.push(page);
        }
    }
    for (name, collection) in &routes.collections {
        let unsafe_path = paths::url_path_problem("path", &collection.path).map(|m| (m, "path", &collection.path));
        if let Some((message, key, value)) = unsafe_path.or_else(|| paths::dir_problem("dir", &collection.dir).map(|m| (m, "dir", &collection.dir))) {
            let line = routes_text
                .lines()
                .position(|l| l.trim_start().strip_prefix(key).and_then(|r| r.strip_prefix(':')).is_some_and(|v| v.trim() == value.as_str()));
            let (l, c) = line.and_then(|n| locate_key(&routes_text, n + 1, key)).unwrap_or((1, 1));
            loader.problem(Problem::new("content/routes.yaml", l, c, format!("{message} (collection `{name}`)")));
            continue;
        }
        if !templates.contains(&collection.template) {
            let (l, c) = locate_key(&routes_text, 1, "template").unwrap_or((1, 1));
            loader.problem(Problem::new("content/routes.yaml", l, c, format!("unknown template `{}` for collection `{name}`", collection.template)));
            continue;
        }
        pages.extend(loader.collection(name, collection, &config.name));
    }

    let mut faq = faq;
    validate(&texts, &config, &pages, &mut faq, &units, &routes_text, &mut problems);
    for p in paths::links_outside(root) {
        problems.push(p);
    }
    if !problems.0.is_empty() {
        // Every problem at once: the articles' bodies are otherwise checked as they render.
        use rayon::prelude::*;
        let found: Vec<Problems> = pages
            .par_iter()
            .filter(|p| p.body.is_none())
            .map(|p| {
                let mut found = Problems::default();
                article_body(root, &p.source, &images, &mut found);
                found
            })
            .collect();
        problems.0.extend(found.into_iter().flat_map(|p| p.0));
    }
    problems.into_result()?;
    warnings.0.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    let mut held_back = Vec::new();
    pages.retain(|page| {
        let Some(hold) = page.hold else { return true };
        if let PageData::Article(a) = &page.data {
            held_back.push(HeldBack { slug: a.slug.clone(), path: page.path.clone(), hold });
        }
        match hold {
            Hold::Draft => publish.drafts,
            Hold::Scheduled(_) => publish.future,
        }
    });
    Ok(Content { root: root.to_path_buf(), digest: texts.digest(), config, pages, faq, units, warnings, images, held_back })
}

impl Content {
    /// A page's rendered body: the one kept for a registry page, or an article's read from
    /// its file and rendered now, with its problems located in that file.
    pub fn body<'a>(&'a self, page: &'a Page) -> Result<std::borrow::Cow<'a, Body>, Problems> {
        if let Some(body) = &page.body {
            return Ok(std::borrow::Cow::Borrowed(body));
        }
        let mut problems = Problems::default();
        let body = article_body(&self.root, &page.source, &self.images, &mut problems);
        problems.into_result()?;
        Ok(std::borrow::Cow::Owned(body.unwrap_or_default()))
    }
}

/// A content file's text; a file that cannot be read is a problem located at its start.
fn read_source(root: &Path, file: &Path) -> Result<String, Problem> {
    std::fs::read_to_string(root.join(file)).map_err(|e| Problem::new(file, 1, 1, format!("cannot read file: {e}")))
}

/// Reads an article and renders its body (`None` when the file cannot be read or split).
fn article_body(root: &Path, file: &Path, images: &Catalog, problems: &mut Problems) -> Option<Body> {
    let text = read_source(root, file).map_err(|p| problems.push(p)).ok()?;
    let split = frontmatter::split(file, &text).map_err(|p| problems.push(p)).ok()?;
    Some(render_body(file, &text, &split, images, problems))
}

/// Renders a markdown body, reporting its problems (images, relative links) located.
fn render_body(file: &Path, text: &str, split: &frontmatter::Split, images: &Catalog, problems: &mut Problems) -> Body {
    let rendered = markdown::render(split.body, images);
    for (offset, message) in rendered.problems {
        problems.push(Problem::at_offset(file, text, split.body_offset + offset, message));
    }
    let links = rendered
        .links
        .into_iter()
        .map(|(target, offset)| {
            let (line, column) = line_col(text, split.body_offset + offset);
            SourceLink { target, line, column }
        })
        .collect();
    Body { html: rendered.html, links, images: rendered.images }
}

struct Loader<'a> {
    root: &'a Path,
    problems: &'a mut Problems,
    /// Every file read, by its path relative to the root: read once, kept for locating problems.
    texts: &'a mut Texts,
    images: &'a Catalog,
    today: Date,
}

/// The text of every content file read, so problems found later are located in the very
/// text that was parsed (never re-read, never guessed).
#[derive(Default)]
pub struct Texts(HashMap<PathBuf, String>);

impl Texts {
    pub fn get(&self, rel: impl AsRef<Path>) -> &str {
        self.0.get(rel.as_ref()).map(String::as_str).unwrap_or_default()
    }

    /// A hash of every file's path and text, in path order (in memory only: SipHash).
    fn digest(&self) -> u64 {
        let mut files: Vec<(&PathBuf, &String)> = self.0.iter().collect();
        files.sort();
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        files.hash(&mut h);
        h.finish()
    }
}

impl Loader<'_> {
    fn problem(&mut self, p: Problem) {
        self.problems.push(p);
    }

    fn read(&mut self, rel: &str) -> Option<(PathBuf, String)> {
        let rel = PathBuf::from(rel);
        let text = read_source(self.root, &rel).map_err(|p| self.problem(p)).ok()?;
        self.texts.0.insert(rel.clone(), text.clone());
        Some((rel, text))
    }

    fn yaml<T: serde::de::DeserializeOwned>(&mut self, rel: &str) -> Option<T> {
        let (file, text) = self.read(rel)?;
        serde_yaml::from_str(&text).map_err(|e| self.problem(Problem::from_yaml(&file, &e, 0))).ok()
    }

    fn registry_page(&mut self, route: &RouteEntry, default_lastmod: Date, at: &dyn Fn(&str) -> (usize, usize)) -> Option<Page> {
        let Some((file, text)) = self.read(&format!("content/{}", route.source)) else {
            let (l, c) = at("source");
            self.problem(Problem::new("content/routes.yaml", l, c, format!("source `{}` of route {} does not exist", route.source, route.path)));
            return None;
        };
        let split = frontmatter::split(&file, &text).map_err(|p| self.problem(p)).ok()?;
        let mut answer_links = Vec::new();
        let data = if route.template == CONVERTER_TEMPLATE {
            let mut front: ConverterFront = frontmatter::parse(&file, &split).map_err(|p| self.problem(p)).ok()?;
            answer_links = self.render_answers(&file, &text, &mut front.faq);
            PageData::Converter(front)
        } else {
            PageData::Page(frontmatter::parse(&file, &split).map_err(|p| self.problem(p)).ok()?)
        };
        let updated = match &data {
            PageData::Page(f) => f.updated.clone().or(f.effective.clone()),
            PageData::Converter(f) => f.updated.clone(),
            PageData::Article(_) => None,
        };
        let lastmod = self.date_field(&file, &split, "updated", updated.as_deref()).unwrap_or(default_lastmod);
        if let PageData::Page(f) = &data {
            self.date_field(&file, &split, "effective", f.effective.as_deref());
        }
        let mut body = render_body(&file, &text, &split, self.images, self.problems);
        body.links.extend(answer_links);
        Some(Page {
            path: route.path.clone(),
            hold: None,
            template: route.template.clone(),
            label: route.label.clone(),
            short_label: route.short_label.clone(),
            title: route.title.clone(),
            heading: route.heading.clone(),
            description: route.description.clone(),
            keywords: route.keywords.clone(),
            schema: route.schema,
            parent: route.parent.clone(),
            priority: route.priority,
            changefreq: route.changefreq,
            source: file,
            data,
            body: Some(body),
            lastmod,
            source_hash: crate::hash::in_memory(text.as_bytes()),
        })
    }

    /// FAQ answers in front matter are inline markdown: rendered, with their internal links
    /// located in the file (checked with the page's other links).
    fn render_answers(&mut self, file: &Path, text: &str, faq: &mut [QuestionAnswer]) -> Vec<SourceLink> {
        let mut links = Vec::new();
        let mut from = text.find("\nfaq:").unwrap_or(0);
        for qa in faq {
            let head: String = qa.answer.chars().take(24).collect();
            let answer_at = text[from..].find(head.as_str()).map(|i| from + i).unwrap_or(from);
            from = answer_at;
            let rendered = markdown::inline(&qa.answer);
            for (_, message) in rendered.problems {
                self.problem(Problem::at_offset(file, text, answer_at, message));
            }
            for (target, _) in rendered.links {
                let at = text[answer_at..].find(&format!("]({target}")).map(|i| answer_at + i + 2).unwrap_or(answer_at);
                let (line, column) = line_col(text, at);
                links.push(SourceLink { target, line, column });
            }
            qa.answer_html = rendered.html;
            qa.answer = markdown::plain_text(&qa.answer);
        }
        links
    }

    /// Validates an optional date field, locating a bad one at its key.
    fn date_field(&mut self, file: &Path, split: &frontmatter::Split, key: &str, value: Option<&str>) -> Option<Date> {
        let value = value?;
        Date::parse(value)
            .map_err(|e| {
                let (l, c) = locate_key(split.yaml, 1, key).unwrap_or((1, 1));
                self.problem(Problem::new(file, l + split.yaml_line_offset, c, e));
            })
            .ok()
    }

    fn collection(&mut self, name: &str, col: &Collection, site_name: &str) -> Vec<Page> {
        let dir = self.root.join("content").join(&col.dir);
        let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&dir)
            .max_depth(1)
            .into_iter()
            .filter_map(Result::ok)
            .map(|e| e.into_path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        files.sort();
        // Each file on its own (read, front matter, markdown) in parallel; problems and texts
        // are merged back in file order.
        use rayon::prelude::*;
        let (root, images, today) = (self.root, self.images, self.today);
        let loaded: Vec<(Option<Page>, Problems, Texts)> = files
            .par_iter()
            .map(|path| {
                let (mut problems, mut texts) = (Problems::default(), Texts::default());
                let mut loader = Loader { root, problems: &mut problems, texts: &mut texts, images, today };
                let rel = path.strip_prefix(root).unwrap_or(path).to_string_lossy().into_owned();
                let page = loader.article(name, col, site_name, &rel);
                (page, problems, texts)
            })
            .collect();
        let mut pages = Vec::with_capacity(loaded.len());
        for (page, problems, texts) in loaded {
            self.problems.0.extend(problems.0);
            self.texts.0.extend(texts.0);
            pages.extend(page);
        }
        pages
    }

    fn article(&mut self, name: &str, col: &Collection, site_name: &str, rel: &str) -> Option<Page> {
        let file = PathBuf::from(rel);
        let text = read_source(self.root, &file).map_err(|p| self.problem(p)).ok()?;
        let split = frontmatter::split(&file, &text).map_err(|p| self.problem(p)).ok()?;
        // Only the front matter is kept to locate problems: the body is read again when rendered.
        self.texts.0.insert(file.clone(), text[..split.body_offset].to_string());
        let front: ArticleFront = frontmatter::parse(&file, &split).map_err(|p| self.problem(p)).ok()?;
        let stem = file.file_stem().unwrap_or_default().to_string_lossy();
        if front.slug != stem {
            let (l, c) = locate_key(split.yaml, 1, "slug").unwrap_or((1, 1));
            self.problem(Problem::new(&file, l + 1, c, format!("slug `{}` must equal the file name `{stem}`", front.slug)));
        }
        if let Some(message) = paths::url_path_problem("slug", &front.slug) {
            let (l, c) = locate_key(split.yaml, 1, "slug").unwrap_or((1, 1));
            self.problem(Problem::new(&file, l + split.yaml_line_offset, c, message));
            return None;
        }
        let date = self.date_field(&file, &split, "date", Some(&front.date))?;
        let lastmod = self.date_field(&file, &split, "updated", front.updated.as_deref()).unwrap_or(date);
        let hold = if front.draft {
            Some(Hold::Draft)
        } else if date > self.today {
            Some(Hold::Scheduled(date))
        } else {
            None
        };
        Some(Page {
            path: col.path.replace("{slug}", &front.slug),
            hold,
            template: col.template.clone(),
            label: front.title.clone(),
            short_label: None,
            title: format!("{} | {site_name} {}", front.title, col.label.clone().unwrap_or_else(|| capitalised(name))),
            heading: front.title.clone(),
            description: front.excerpt.clone(),
            keywords: front.keywords.clone(),
            schema: col.schema,
            parent: Some(col.parent.clone()),
            priority: col.priority,
            changefreq: col.changefreq,
            source: file,
            data: PageData::Article(front),
            body: None,
            lastmod,
            source_hash: crate::hash::in_memory(text.as_bytes()),
        })
    }
}

/// Line (1-based) of the `i`-th `- path:` entry under `routes:`.
fn nth_route_line(text: &str, i: usize) -> usize {
    let start = text.lines().position(|l| l.starts_with("routes:")).unwrap_or(0);
    text.lines().enumerate().skip(start).filter(|(_, l)| l.trim_start().starts_with("- path:")).nth(i).map(|(n, _)| n + 1).unwrap_or(1)
}

/// `blog` → `Blog`: a collection's name in page titles when it sets no `label`.
fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn sorted(set: &HashSet<String>) -> String {
    let mut v: Vec<&str> = set.iter().map(String::as_str).collect();
    v.sort();
    v.join(", ")
}

/// Cross-file rules: unique paths, known parents, nav and footer links, units named by
/// converter pages, FAQ categories and ids.
fn validate(texts: &Texts, config: &SiteConfig, pages: &[Page], faq: &mut [FaqEntry], units: &Units, routes_text: &str, problems: &mut Problems) {
    let routes_file = Path::new("content/routes.yaml");
    let mut seen: HashSet<&str> = HashSet::new();
    for page in pages {
        if !seen.insert(&page.path) {
            let (file, l, c) = if let PageData::Article(a) = &page.data {
                let (l, c) = front_matter_position(texts.get(&page.source), "slug", &a.slug);
                (page.source.clone(), l, c)
            } else {
                let line =
                    routes_text.lines().enumerate().filter(|(_, l)| l.trim_start() == format!("- path: {}", page.path)).nth(1).map(|(n, _)| n + 1).unwrap_or(1);
                (routes_file.to_path_buf(), line, 5)
            };
            problems.push(Problem::new(file, l, c, format!("duplicate route `{}`", page.path)));
        }
        if !page.path.starts_with('/') {
            problems.push(Problem::new(routes_file, 1, 1, format!("route path `{}` must start with /", page.path)));
        }
    }
    let exists = |p: &str| seen.contains(p);
    for page in pages {
        if let Some(parent) = &page.parent {
            if !exists(parent) {
                problems.push(located(routes_text, &page.path, "parent", format!("parent `{parent}` of {} is not a route", page.path)));
            }
        }
        if let PageData::Converter(front) = &page.data {
            validate_converter(texts, page, front, units, &exists, problems);
        }
        if let PageData::Page(front) = &page.data {
            for key in &front.quick {
                let is_category_page =
                    pages.iter().any(|p| p.parent.as_deref() == Some("/") && matches!(&p.data, PageData::Converter(c) if &c.category == key));
                if !is_category_page {
                    let message = format!("quick converter `{key}` has no converter page under / (a category key of units.yaml, or currency)");
                    problems.push(front_matter_problem(texts, page, Some("quick"), key, message));
                }
            }
            for link in front.popular.iter().map(|p| &p.path).chain(front.topics.iter().filter_map(|t| t.path.as_ref())) {
                let bare = link.split('#').next().unwrap_or_default();
                if !exists(bare) {
                    problems.push(front_matter_problem(texts, page, None, link, format!("link `{link}` does not match any route")));
                }
            }
        }
    }
    // Featured articles among those a build publishes: each `featured: true` is located.
    let featured: Vec<&Page> = pages.iter().filter(|p| p.hold.is_none() && matches!(&p.data, PageData::Article(a) if a.featured)).collect();
    if featured.len() > 1 {
        let names: Vec<String> = featured.iter().map(|p| p.source.display().to_string()).collect();
        for page in &featured {
            let (l, c) = front_matter_position(texts.get(&page.source), "featured", "true");
            let others: Vec<&str> = names.iter().map(String::as_str).filter(|n| *n != page.source.display().to_string()).collect();
            problems.push(Problem::new(
                &page.source,
                l,
                c,
                format!("{} articles are marked featured (also {}): mark exactly one `featured: true`", featured.len(), others.join(", ")),
            ));
        }
    }
    let site_text = texts.get("content/site.yaml");
    for link in config.nav.iter().chain(&config.footer.quick_links).chain(&config.footer.support).chain(&config.footer.legal) {
        if !exists(link) {
            let (l, c) = value_position(site_text, link).unwrap_or((1, 1));
            problems.push(Problem::new("content/site.yaml", l, c, format!("navigation link `{link}` does not match any route")));
        }
    }
    validate_faq(texts.get("content/faq.yaml"), faq, &exists, problems);
}

/// FAQ entries: known categories, unique ids (the copy is located), every category used,
/// and answers in inline markdown whose links must resolve.
fn validate_faq(faq_text: &str, faq: &mut [FaqEntry], exists: &dyn Fn(&str) -> bool, problems: &mut Problems) {
    let file = Path::new("content/faq.yaml");
    let id_lines: Vec<(usize, &str)> = faq_text
        .lines()
        .enumerate()
        .filter_map(|(n, line)| line.trim_start().trim_start_matches("- ").strip_prefix("id:").map(|id| (n + 1, id.trim().trim_matches(['"', '\'']))))
        .collect();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for entry in faq.iter_mut() {
        let nth = seen.entry(entry.id.clone()).or_default();
        let line = id_lines.iter().filter(|(_, id)| *id == entry.id).nth(*nth).map(|(n, _)| *n).unwrap_or(1);
        *nth += 1;
        if !FAQ_CATEGORIES.contains(&entry.category.as_str()) {
            let (l, c) = locate_key(faq_text, line, "category").unwrap_or((line, 1));
            problems.push(Problem::new(
                file,
                l,
                c,
                format!("FAQ `{}` has unknown category `{}` (expected one of {})", entry.id, entry.category, FAQ_CATEGORIES.join(", ")),
            ));
        }
        if *nth == 2 {
            let first = id_lines.iter().find(|(_, id)| *id == entry.id).map(|(n, _)| *n).unwrap_or(1);
            let (l, c) = locate_key(faq_text, line, "id").unwrap_or((line, 1));
            problems.push(Problem::new(
                file,
                l,
                c,
                format!("FAQ id `{}` appears twice (first at line {first}): ids are anchors (/faq#id) and must be unique", entry.id),
            ));
        }
        let answer_line = locate_key(faq_text, line, "answer").map(|(l, _)| l).unwrap_or(line);
        let rendered = markdown::inline(&entry.answer);
        for (_, message) in &rendered.problems {
            problems.push(Problem::new(file, answer_line, 1, message.clone()));
        }
        for (target, _) in &rendered.links {
            check_answer_link(faq_text, answer_line, target, exists, |l, c, m| problems.push(Problem::new(file, l, c, m)));
        }
        entry.answer_html = rendered.html;
        entry.answer = markdown::plain_text(&entry.answer);
    }
    for category in FAQ_CATEGORIES {
        if !faq.iter().any(|e| e.category == category) {
            problems.push(Problem::new(file, 1, 1, format!("no FAQ entry has the category `{category}`: its button on /faq would show nothing; add one")));
        }
    }
}

/// An internal link in an answer: its path must be a page. Located at the link's text in
/// the source, searched from the answer's line.
fn check_answer_link(text: &str, from_line: usize, target: &str, exists: &dyn Fn(&str) -> bool, mut report: impl FnMut(usize, usize, String)) {
    let path = target.split(['#', '?']).next().unwrap_or_default();
    if path.is_empty() || exists(path) {
        return;
    }
    let start: usize = text.split_inclusive('\n').take(from_line.saturating_sub(1)).map(str::len).sum();
    let (l, c) = text[start.min(text.len())..].find(&format!("]({target}")).map(|i| line_col(text, start + i + 2)).unwrap_or((from_line, 1));
    report(l, c, format!("broken link `{target}`: `{path}` is not a page of this site"));
}

fn validate_converter(texts: &Texts, page: &Page, front: &ConverterFront, units: &Units, exists: &dyn Fn(&str) -> bool, problems: &mut Problems) {
    if front.category == "currency" {
        for code in [&front.preset.from, &front.preset.to] {
            if !units.has_currency(code) {
                problems.push(front_matter_problem(texts, page, Some("preset"), code, format!("unknown currency `{code}` in preset")));
            }
        }
    } else {
        match units.category(&front.category) {
            None => problems.push(front_matter_problem(texts, page, Some("category"), &front.category, format!("unknown unit category `{}`", front.category))),
            Some(cat) => {
                for key in [&front.preset.from, &front.preset.to] {
                    if !cat.units.iter().any(|u| &u.key == key) {
                        problems.push(front_matter_problem(texts, page, Some("preset"), key, format!("unknown unit `{key}` in category `{}`", cat.key)));
                    }
                }
            }
        }
    }
    for card in &front.specialised {
        if !CARD_COLORS.contains(&card.color.as_str()) {
            problems.push(front_matter_problem(
                texts,
                page,
                Some("specialised"),
                &card.color,
                format!("card color `{}` is not one of {}", card.color, CARD_COLORS.join(", ")),
            ));
        }
        match (&card.path, card.coming_soon) {
            (Some(p), false) if !exists(p) => {
                problems.push(front_matter_problem(texts, page, Some("specialised"), p, format!("card link `{p}` does not match any route")))
            }
            (None, false) => problems.push(front_matter_problem(
                texts,
                page,
                Some("specialised"),
                &card.title,
                format!("card `{}` needs a `path` or `coming_soon: true`", card.title),
            )),
            _ => {}
        }
    }
}

/// A problem about a front-matter value, located at the value itself: the first place in
/// the front matter, at or after the line of `key` when given, where `needle` is written as
/// a whole YAML value (never inside a longer word, never in the body).
fn front_matter_problem(texts: &Texts, page: &Page, key: Option<&str>, needle: &str, message: String) -> Problem {
    let text = texts.get(&page.source);
    let (l, c) = match key {
        Some(key) => front_matter_position(text, key, needle),
        None => front_matter_value(text, 1, needle).unwrap_or((1, 1)),
    };
    Problem::new(&page.source, l, c, message)
}

/// Where `needle` is written as a value at or after `key:` in a file's front matter; the
/// key itself when the value is not found there.
fn front_matter_position(text: &str, key: &str, needle: &str) -> (usize, usize) {
    let end = front_matter_end(text);
    match locate_key(text, 2, key).filter(|(l, _)| *l < end) {
        Some((line, col)) => front_matter_value(text, line, needle).unwrap_or((line, col)),
        None => front_matter_value(text, 1, needle).unwrap_or((1, 1)),
    }
}

/// Line of the closing `---` of the front matter (1-based).
fn front_matter_end(text: &str) -> usize {
    text.lines().enumerate().skip(1).find(|(_, l)| l.trim_end() == "---").map_or(usize::MAX, |(i, _)| i + 1)
}

fn front_matter_value(text: &str, from_line: usize, needle: &str) -> Option<(usize, usize)> {
    let end = front_matter_end(text);
    value_position(text, needle).into_iter().chain(values_from(text, from_line, needle)).filter(|(l, _)| *l >= from_line && *l < end).min()
}

fn values_from(text: &str, from_line: usize, needle: &str) -> Option<(usize, usize)> {
    text.lines().enumerate().skip(from_line.saturating_sub(1)).find_map(|(i, line)| value_column(line, needle).map(|c| (i + 1, c)))
}

/// The first line where `needle` stands as a whole YAML value (`key: v`, `- v`, `[v, …]`,
/// `{ k: v }`), with its column.
fn value_position(text: &str, needle: &str) -> Option<(usize, usize)> {
    values_from(text, 1, needle)
}

fn value_column(line: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    let mut from = 0;
    while let Some(i) = line[from..].find(needle) {
        let at = from + i;
        let before = line[..at].trim_end_matches(['"', '\'']);
        let after = line[at + needle.len()..].trim_start_matches(['"', '\'']);
        let starts = before.ends_with(": ")
            || before.ends_with("- ")
            || before.ends_with('[')
            || before.ends_with(", ")
            || before.ends_with("{ ")
            || before.trim().is_empty();
        let rest = after.trim_start();
        let ends = rest.is_empty() || rest.starts_with([',', '}', ']']) || (rest.starts_with('#') && rest.len() < after.len());
        if starts && ends {
            return Some(line[..at].chars().count() + 1);
        }
        from = at + needle.len();
    }
    None
}

fn located(routes_text: &str, path: &str, key: &str, message: String) -> Problem {
    let line = routes_text.lines().position(|l| l.trim_start() == format!("- path: {path}")).map(|n| n + 1).unwrap_or(1);
    let (l, c) = locate_key(routes_text, line, key).unwrap_or((line, 1));
    Problem::new("content/routes.yaml", l, c, message)
}
