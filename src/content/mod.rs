//! Loading everything under `content/` into pages, collecting every problem on the way.

pub mod date;
pub mod frontmatter;
pub mod markdown;
pub mod model;
pub mod units;

use crate::diagnostics::{line_col, locate_key, Problem, Problems};
use date::Date;
use model::*;
use serde::Serialize;
use std::collections::HashSet;
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
    pub template: String,
    pub label: String,
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
    pub body_html: String,
    pub links: Vec<SourceLink>,
    pub lastmod: Date,
}

pub struct Content {
    pub config: SiteConfig,
    pub pages: Vec<Page>,
    pub faq: Vec<FaqEntry>,
    pub units: Units,
    /// What works but degrades (a currency without an offline rate): printed, never fatal.
    pub warnings: Problems,
}

const CONVERTER_TEMPLATE: &str = "converter.html";

/// Reads `content/` under `root`. Template names are checked against `templates`.
pub fn load(root: &Path, templates: &HashSet<String>) -> Result<Content, Problems> {
    let mut problems = Problems::default();
    let mut warnings = Problems::default();
    let mut loader = Loader { root, problems: &mut problems };

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
            let text = std::fs::read_to_string(root.join("content/site.yaml")).unwrap_or_default();
            let (l, c) = locate_key(&text, 1, "default_lastmod").unwrap_or((1, 1));
            problems.push(Problem::new("content/site.yaml", l, c, e));
            return Err(problems);
        }
    };

    let mut loader = Loader { root, problems: &mut problems };
    let mut pages = Vec::new();
    let routes_text = std::fs::read_to_string(root.join("content/routes.yaml")).unwrap_or_default();
    for (i, route) in routes.routes.iter().enumerate() {
        let route_line = nth_route_line(&routes_text, i);
        let at = |key: &str| locate_key(&routes_text, route_line, key).unwrap_or((route_line, 1));
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
        if !templates.contains(&collection.template) {
            let (l, c) = locate_key(&routes_text, 1, "template").unwrap_or((1, 1));
            loader.problem(Problem::new("content/routes.yaml", l, c, format!("unknown template `{}` for collection `{name}`", collection.template)));
            continue;
        }
        pages.extend(loader.collection(collection));
    }

    validate(root, &config, &pages, &faq, &units, &routes_text, &mut problems);
    problems.into_result()?;
    warnings.0.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    Ok(Content { config, pages, faq, units, warnings })
}

struct Loader<'a> {
    root: &'a Path,
    problems: &'a mut Problems,
}

impl Loader<'_> {
    fn problem(&mut self, p: Problem) {
        self.problems.push(p);
    }

    fn read(&mut self, rel: &str) -> Option<(PathBuf, String)> {
        let rel = PathBuf::from(rel);
        match std::fs::read_to_string(self.root.join(&rel)) {
            Ok(text) => Some((rel, text)),
            Err(e) => {
                self.problem(Problem::new(&rel, 1, 1, format!("cannot read file: {e}")));
                None
            }
        }
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
        let data = if route.template == CONVERTER_TEMPLATE {
            PageData::Converter(frontmatter::parse(&file, &split).map_err(|p| self.problem(p)).ok()?)
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
        let (body_html, links) = render_body(&file, &text, &split);
        Some(Page {
            path: route.path.clone(),
            template: route.template.clone(),
            label: route.label.clone(),
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
            body_html,
            links,
            lastmod,
        })
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

    fn collection(&mut self, col: &Collection) -> Vec<Page> {
        let dir = self.root.join("content").join(&col.dir);
        let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&dir)
            .max_depth(1)
            .into_iter()
            .filter_map(Result::ok)
            .map(|e| e.into_path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        files.sort();
        let mut pages = Vec::with_capacity(files.len());
        for path in files {
            let rel = path.strip_prefix(self.root).unwrap_or(&path).to_string_lossy().into_owned();
            if let Some(page) = self.article(col, &rel) {
                pages.push(page);
            }
        }
        pages
    }

    fn article(&mut self, col: &Collection, rel: &str) -> Option<Page> {
        let (file, text) = self.read(rel)?;
        let split = frontmatter::split(&file, &text).map_err(|p| self.problem(p)).ok()?;
        let front: ArticleFront = frontmatter::parse(&file, &split).map_err(|p| self.problem(p)).ok()?;
        let stem = file.file_stem().unwrap_or_default().to_string_lossy();
        if front.slug != stem {
            let (l, c) = locate_key(split.yaml, 1, "slug").unwrap_or((1, 1));
            self.problem(Problem::new(&file, l + 1, c, format!("slug `{}` must equal the file name `{stem}`", front.slug)));
        }
        let date = self.date_field(&file, &split, "date", Some(&front.date))?;
        let lastmod = self.date_field(&file, &split, "updated", front.updated.as_deref()).unwrap_or(date);
        let (body_html, links) = render_body(&file, &text, &split);
        Some(Page {
            path: col.path.replace("{slug}", &front.slug),
            template: col.template.clone(),
            label: front.title.clone(),
            title: format!("{} | Unitly Blog", front.title),
            heading: front.title.clone(),
            description: front.excerpt.clone(),
            keywords: front.keywords.clone(),
            schema: col.schema,
            parent: Some(col.parent.clone()),
            priority: col.priority,
            changefreq: col.changefreq,
            source: file,
            data: PageData::Article(front),
            body_html,
            links,
            lastmod,
        })
    }
}

fn render_body(_file: &Path, text: &str, split: &frontmatter::Split) -> (String, Vec<SourceLink>) {
    let rendered = markdown::render(split.body);
    let links = rendered
        .links
        .into_iter()
        .map(|(target, offset)| {
            let (line, column) = line_col(text, split.body_offset + offset);
            SourceLink { target, line, column }
        })
        .collect();
    (rendered.html, links)
}

/// Line (1-based) of the `i`-th `- path:` entry under `routes:`.
fn nth_route_line(text: &str, i: usize) -> usize {
    let start = text.lines().position(|l| l.starts_with("routes:")).unwrap_or(0);
    text.lines().enumerate().skip(start).filter(|(_, l)| l.trim_start().starts_with("- path:")).nth(i).map(|(n, _)| n + 1).unwrap_or(1)
}

fn sorted(set: &HashSet<String>) -> String {
    let mut v: Vec<&str> = set.iter().map(String::as_str).collect();
    v.sort();
    v.join(", ")
}

/// Cross-file rules: unique paths, known parents, nav and footer links, units named by
/// converter pages, FAQ categories and ids.
fn validate(root: &Path, config: &SiteConfig, pages: &[Page], faq: &[FaqEntry], units: &Units, routes_text: &str, problems: &mut Problems) {
    let routes_file = Path::new("content/routes.yaml");
    let mut seen: HashSet<&str> = HashSet::new();
    for page in pages {
        if !seen.insert(&page.path) {
            let (file, l, c) = if page.source.starts_with("content/blog") {
                (page.source.clone(), 2, 1)
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
            validate_converter(root, page, front, units, &exists, problems);
        }
        if let PageData::Page(front) = &page.data {
            for link in front.popular.iter().map(|p| &p.path).chain(front.topics.iter().filter_map(|t| t.path.as_ref())) {
                let bare = link.split('#').next().unwrap_or_default();
                if !exists(bare) {
                    problems.push(front_matter_problem(root, page, link, format!("link `{link}` does not match any route")));
                }
            }
        }
    }
    let featured = pages.iter().filter(|p| matches!(&p.data, PageData::Article(a) if a.featured)).count();
    if featured > 1 {
        problems.push(Problem::new("content/blog", 1, 1, format!("{featured} articles are marked featured; mark exactly one")));
    }
    let site_text = std::fs::read_to_string(root.join("content/site.yaml")).unwrap_or_default();
    for link in config.nav.iter().chain(&config.footer.quick_links).chain(&config.footer.support).chain(&config.footer.legal) {
        if !exists(link) {
            let line = site_text.lines().position(|l| l.contains(link.as_str())).map(|n| n + 1).unwrap_or(1);
            problems.push(Problem::new("content/site.yaml", line, 1, format!("navigation link `{link}` does not match any route")));
        }
    }
    let mut ids = HashSet::new();
    let faq_text = std::fs::read_to_string(root.join("content/faq.yaml")).unwrap_or_default();
    for entry in faq {
        let (l, c) =
            faq_text.lines().position(|line| line.trim_start().trim_start_matches("- ") == format!("id: {}", entry.id)).map(|n| (n + 1, 1)).unwrap_or((1, 1));
        if !FAQ_CATEGORIES.contains(&entry.category.as_str()) {
            problems.push(Problem::new(
                "content/faq.yaml",
                l,
                c,
                format!("FAQ `{}` has unknown category `{}` (expected one of {})", entry.id, entry.category, FAQ_CATEGORIES.join(", ")),
            ));
        }
        if !ids.insert(entry.id.as_str()) {
            problems.push(Problem::new("content/faq.yaml", l, c, format!("FAQ id `{}` appears twice", entry.id)));
        }
    }
}

fn validate_converter(root: &Path, page: &Page, front: &ConverterFront, units: &Units, exists: &dyn Fn(&str) -> bool, problems: &mut Problems) {
    if front.category == "currency" {
        for code in [&front.preset.from, &front.preset.to] {
            if !units.has_currency(code) {
                problems.push(front_matter_problem(root, page, code, format!("unknown currency `{code}` in preset")));
            }
        }
    } else {
        match units.category(&front.category) {
            None => problems.push(front_matter_problem(root, page, &front.category, format!("unknown unit category `{}`", front.category))),
            Some(cat) => {
                for key in [&front.preset.from, &front.preset.to] {
                    if !cat.units.iter().any(|u| &u.key == key) {
                        problems.push(front_matter_problem(root, page, key, format!("unknown unit `{key}` in category `{}`", cat.key)));
                    }
                }
            }
        }
    }
    for card in &front.specialised {
        if !CARD_COLORS.contains(&card.color.as_str()) {
            problems.push(front_matter_problem(root, page, &card.color, format!("card color `{}` is not one of {}", card.color, CARD_COLORS.join(", "))));
        }
        match (&card.path, card.coming_soon) {
            (Some(p), false) if !exists(p) => problems.push(front_matter_problem(root, page, p, format!("card link `{p}` does not match any route"))),
            (None, false) => {
                problems.push(front_matter_problem(root, page, &card.title, format!("card `{}` needs a `path` or `coming_soon: true`", card.title)))
            }
            _ => {}
        }
    }
}

/// A problem about a front-matter value, located at its first occurrence in the file.
fn front_matter_problem(root: &Path, page: &Page, needle: &str, message: String) -> Problem {
    let text = std::fs::read_to_string(root.join(&page.source)).unwrap_or_default();
    match text.find(needle) {
        Some(offset) => Problem::at_offset(&page.source, &text, offset, message),
        None => Problem::new(&page.source, 1, 1, message),
    }
}

fn located(routes_text: &str, path: &str, key: &str, message: String) -> Problem {
    let line = routes_text.lines().position(|l| l.trim_start() == format!("- path: {path}")).map(|n| n + 1).unwrap_or(1);
    let (l, c) = locate_key(routes_text, line, key).unwrap_or((line, 1));
    Problem::new("content/routes.yaml", l, c, message)
}
