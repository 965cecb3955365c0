//! Loading everything under `content/` into pages, collecting every problem on the way.

mod answers;
mod collection;
pub mod currencies;
pub mod currency_pairs;
pub mod date;
pub mod exact;
pub mod frontmatter;
pub mod ingredients;
pub mod kinds;
pub mod markdown;
pub mod model;
pub mod nesting;
mod own;
mod page;
mod pair_data;
pub mod pairs;
pub mod paths;
pub mod placeholder;
pub mod positions;
pub mod raw_html;
mod remembered;
pub mod shortcode;
mod texts;
pub mod third_party;
pub mod units;
mod validate;
pub mod words;
pub mod yaml;

use crate::diagnostics::{line_col, Problem, Problems};
use crate::images::Catalog;
use date::Date;
use model::*;
use positions::Positions;
use shortcode::Converters;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use units::Units;

pub use page::{Body, Hold, Page, PageData, SourceLink};
use remembered::Own;
pub use remembered::Remembered;
pub use texts::{Texts, FAQ_FILE, ROUTES_FILE, SITE_FILE, UNITS_FILE};

pub struct Content {
    /// The project folder (articles' bodies are read from it when rendered).
    pub root: PathBuf,
    /// A hash of every content file read, articles' bodies excepted (their front matter is
    /// in): with the theme and the islands, what every page's output depends on.
    pub digest: u64,
    /// A hash of what the site's own content (everything but the articles) was made from:
    /// what is made of it alone can be kept while it is the same.
    pub own_digest: u64,
    pub config: SiteConfig,
    /// The pages this build publishes (drafts and scheduled articles only when asked for).
    pub pages: Vec<Arc<Page>>,
    pub faq: Vec<FaqEntry>,
    pub units: Units,
    /// The Cooking converter's ingredients (`content/ingredients.yaml`), when the site has one.
    pub cooking: Option<ingredients::Cooking>,
    /// The day's reference rates (`content/reference-rates.json`), when a deploy fetched them:
    /// the pair pages' rate without script, and the search box's for any currency they quote
    /// when live rates fail.
    pub reference_rates: Option<currency_pairs::ReferenceRates>,
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

/// An article a build leaves out (or, when asked to, includes and marks).
#[derive(Debug, Clone)]
pub struct HeldBack {
    pub slug: String,
    pub path: String,
    pub hold: Hold,
}

/// The template of the converter pages (their routes carry a unit category).
const CONVERTER_TEMPLATE: &str = "converter.html";

/// The project's own content, loaded as a build would (for tests over the real site).
#[cfg(test)]
pub fn real_content() -> Content {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let templates = crate::render::template_names(&root.join("themes/unitly/templates"));
    let publish = Publish::ready(date::Date::today().unwrap());
    load(root, &templates, &publish).expect("the real content loads")
}

/// Reads `content/` under `root`. Template names are checked against `templates`. Every
/// article is validated, drafts and scheduled ones included; `publish` says which of those
/// stay in [`Content::pages`].
pub fn load(root: &Path, templates: &HashSet<String>, publish: &Publish) -> Result<Content, Problems> {
    load_remembering(root, templates, publish, &mut Remembered::default())
}

/// [`load`], taking from `remembered` (`serve`'s rebuilds) the articles whose files did not
/// change and the site's own content while its files read the same (src/content/own.rs);
/// `remembered` then holds what this load made.
pub fn load_remembering(root: &Path, templates: &HashSet<String>, publish: &Publish, remembered: &mut Remembered) -> Result<Content, Problems> {
    let mut problems = Problems::default();
    let images = Catalog::scan(root);
    // An SVG that may not be published is refused at its own line, used or not.
    for (url, image) in &images.images {
        if let Err(crate::images::Unusable::Unsafe { why, line, column, .. }) = image {
            let file = format!("{}{}", crate::images::DIR, url.trim_start_matches("/images"));
            problems.push(Problem::new(file, *line, *column, why.clone()));
        }
    }
    let key = Own::key(templates, publish, &images);
    let known = problems.0.len();
    let own = match remembered.own.take().filter(|own| own.still_current(root, key)) {
        Some(own) => own,
        None => match Own::load(root, templates, publish, &images, key, &mut problems) {
            Some(own) => own,
            None => return Err(problems),
        },
    };
    // Kept for the next load even when an article has a problem, unless it has one itself.
    let own_is_sound = problems.0.len() == known;
    let mut texts = own.texts.clone();
    let routes_at = Positions::of(own.texts.get(ROUTES_FILE));
    let mut loader = Loader { root, problems: &mut problems, texts: &mut texts, images: &images, today: publish.today, remembered };
    let mut pages = own.registry.clone();
    let mut seen = Vec::new();
    let mut unread = Vec::new();
    for (name, collection) in &own.routes.collections {
        let collection_at = || routes_at.get("collections").get(name);
        let unsafe_path = paths::url_path_problem("path", &collection.path).map(|m| (m, "path"));
        if let Some((message, key)) = unsafe_path.or_else(|| paths::dir_problem("dir", &collection.dir).map(|m| (m, "dir"))) {
            let (l, c) = collection_at().get(key).or((1, 1));
            loader.problem(Problem::new(ROUTES_FILE, l, c, format!("{message} (collection `{name}`)")));
            continue;
        }
        if !templates.contains(&collection.template) {
            let (l, c) = collection_at().get("template").or((1, 1));
            loader.problem(Problem::new(ROUTES_FILE, l, c, format!("unknown template `{}` for collection `{name}`", collection.template)));
            continue;
        }
        unread.extend(paths::unread(root, &collection.dir));
        let (articles, what_was_done) = loader.collection(name, collection, &own.config.name);
        pages.extend(articles);
        seen.extend(what_was_done);
    }

    let faq_at = Positions::of(own.texts.get(FAQ_FILE));
    let loaded = validate::Loaded {
        texts: &texts,
        config: &own.config,
        routes: &own.routes,
        routes_at: &routes_at,
        pages: &pages,
        faq: &own.faq,
        faq_at: &faq_at,
        faq_links: &own.faq_links,
        units: &own.units,
        cooking: own.cooking.as_ref(),
    };
    validate::validate(&loaded, &mut problems);
    let mut generated = own.generated.clone();
    pairs::refuse_taken(&pages[own.registry.len()..], &mut generated, &mut problems.0);
    pages.extend(generated);
    for p in paths::links_outside(root) {
        problems.push(p);
    }
    if !problems.0.is_empty() {
        // Every problem at once: the articles' bodies are otherwise checked as they render.
        use rayon::prelude::*;
        let found: Vec<Problems> = pages
            .par_iter()
            .filter(|p| matches!(p.data, PageData::Article(_)))
            .map(|p| {
                let mut found = Problems::default();
                article_body(root, &p.source, &images, Converters { units: &own.units, cooking: own.cooking.as_ref() }, &mut found);
                found
            })
            .collect();
        problems.0.extend(found.into_iter().flat_map(|p| p.0));
    }
    if let Err(problems) = problems.into_result() {
        if own_is_sound {
            remembered.own = Some(own);
        }
        return Err(problems);
    }
    remembered.update(seen);
    let mut warnings = Problems(own.warnings.clone());
    warnings.0.extend(unread);
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
    date_listings(&mut pages);
    let (config, faq, units, cooking, reference_rates) = (own.config.clone(), own.faq.clone(), own.units.clone(), own.cooking.clone(), own.reference.clone());
    let own_digest = own.digest;
    remembered.own = Some(own);
    Ok(Content {
        root: root.to_path_buf(),
        digest: texts.digest(),
        own_digest,
        config,
        pages,
        faq,
        units,
        cooking,
        reference_rates,
        warnings,
        images,
        held_back,
    })
}

/// A page that lists articles changes when one of them does: `/` (its newest few) and `/blog`
/// (its first page) are dated the newest of their own date and their articles' (`updated`, else
/// `date`), so the sitemap's `lastmod` is never older than what the page shows. From the
/// content alone, never the build's clock: the same content gives the same sitemap.
fn date_listings(pages: &mut [Arc<Page>]) {
    let mut articles: Vec<(&ArticleFront, Date)> = pages
        .iter()
        .filter_map(|p| match &p.data {
            PageData::Article(a) => Some((a, p.lastmod)),
            _ => None,
        })
        .collect();
    // In the order the listings show them (render::shared::articles).
    articles.sort_by(|a, b| a.0.listing_order(b.0));
    let newest = |indexes: &mut dyn Iterator<Item = usize>| indexes.map(|i| articles[i].1).max();
    let home = newest(&mut (0..articles.len().min(crate::listing::HOME_ARTICLES)));
    let entries: Vec<crate::listing::Entry> = articles.iter().map(|(a, _)| crate::listing::Entry { date: a.date.as_str(), featured: a.featured }).collect();
    let blog = crate::listing::plan(&entries).first().and_then(|first| newest(&mut first.items.iter().copied()));
    for (path, listed) in [("/", home), (crate::listing::BLOG_PATH, blog)] {
        let Some(listed) = listed else { continue };
        if let Some(page) = pages.iter_mut().find(|p| p.path == path).filter(|p| p.lastmod < listed) {
            Arc::make_mut(page).lastmod = listed;
        }
    }
}

impl Content {
    /// Every page this build publishes, as a plain reference (the pages are shared: `Arc`).
    pub fn each_page(&self) -> impl Iterator<Item = &Page> {
        self.pages.iter().map(|p| &**p)
    }

    /// A page's rendered body: the one kept for a registry page, or an article's read from
    /// its file and rendered now, with its problems located in that file.
    pub fn body<'a>(&'a self, page: &'a Page) -> Result<std::borrow::Cow<'a, Body>, Problems> {
        if let Some(body) = &page.body {
            return Ok(std::borrow::Cow::Borrowed(body));
        }
        if let PageData::Pair(_) | PageData::PairIndex(_) = page.data {
            return Ok(std::borrow::Cow::Owned(Body::default()));
        }
        let mut problems = Problems::default();
        let body = article_body(&self.root, &page.source, &self.images, Converters { units: &self.units, cooking: self.cooking.as_ref() }, &mut problems);
        problems.into_result()?;
        Ok(std::borrow::Cow::Owned(body.unwrap_or_default()))
    }
}

/// A content file's text; a file that cannot be read is a problem located at its start, and
/// one that is not UTF-8 at its first byte that is not.
fn read_source(root: &Path, file: &Path) -> Result<String, Problem> {
    if let Some(message) = paths::outside(root, &root.join(file)) {
        return Err(Problem::new(file, 1, 1, message));
    }
    let bytes = std::fs::read(root.join(file)).map_err(|e| Problem::new(file, 1, 1, format!("cannot read file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let text = std::str::from_utf8(good).unwrap_or_default();
        let (line, column) = crate::diagnostics::line_col(text, text.len());
        Problem::new(file, line, column, "this is not UTF-8 text: save the file as UTF-8 (the character here was written in another encoding)")
    })
}

/// Reads an article and renders its body (`None` when the file cannot be read or split).
fn article_body(root: &Path, file: &Path, images: &Catalog, converters: Converters, problems: &mut Problems) -> Option<Body> {
    let text = read_source(root, file).map_err(|p| problems.push(p)).ok()?;
    let split = frontmatter::split(file, &text).map_err(|p| problems.push(p)).ok()?;
    Some(render_body(file, &text, &split, images, converters, problems))
}

/// Renders a markdown body, reporting its problems (images, relative links, converters) located.
fn render_body(file: &Path, text: &str, split: &frontmatter::Split, images: &Catalog, converters: Converters, problems: &mut Problems) -> Body {
    let rendered = markdown::render(split.body, images, Some(converters));
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
    Body { html: rendered.html, links, images: rendered.images, embeds: rendered.embeds }
}

/// `content/reference-rates.json` when it is there (it is optional: written before a build
/// by scripts/reference-rates.mjs), read into `texts` so a change rebuilds the pages.
fn reference_rates(root: &Path, texts: &mut Texts, problems: &mut Problems) -> Option<currency_pairs::ReferenceRates> {
    let rel = PathBuf::from(currency_pairs::REFERENCE_RATES_FILE);
    if !root.join(&rel).exists() {
        return None;
    }
    let text = read_source(root, &rel).map_err(|p| problems.push(p)).ok()?;
    texts.0.insert(rel, text.clone());
    currency_pairs::ReferenceRates::parse(&text).map_err(|p| problems.push(p)).ok()
}

struct Loader<'a> {
    root: &'a Path,
    problems: &'a mut Problems,
    /// Every file read, by its path relative to the root: read once, kept for locating problems.
    texts: &'a mut Texts,
    images: &'a Catalog,
    today: Date,
    /// The articles of the previous load ([`Remembered`]).
    remembered: &'a Remembered,
}

impl Loader<'_> {
    fn problem(&mut self, p: Problem) {
        self.problems.push(p);
    }

    /// The front matter read, every problem in it kept (the fields read with an unknown one
    /// left out: the page stays for the checks of other files, which would else report its
    /// route missing).
    fn front<T: serde::de::DeserializeOwned>(&mut self, file: &Path, split: &frontmatter::Split) -> Option<T> {
        let (front, problems) = frontmatter::parse(file, split);
        problems.into_iter().for_each(|p| self.problem(p));
        front
    }

    fn read(&mut self, rel: &str) -> Option<(PathBuf, String)> {
        let rel = PathBuf::from(rel);
        let text = read_source(self.root, &rel).map_err(|p| self.problem(p)).ok()?;
        self.texts.0.insert(rel.clone(), text.clone());
        Some((rel, text))
    }

    fn yaml<T: serde::de::DeserializeOwned>(&mut self, rel: &str) -> Option<T> {
        let (file, text) = self.read(rel)?;
        yaml::read(&file, &text, 0).map_err(|p| self.problem(p)).ok()
    }

    fn registry_page(&mut self, route: &RouteEntry, default_lastmod: Date, at: &dyn Fn(&str) -> (usize, usize), converters: Converters) -> Option<Page> {
        let Some((file, text)) = self.read(&format!("content/{}", route.source)) else {
            let (l, c) = at("source");
            self.problem(Problem::new(ROUTES_FILE, l, c, format!("source `{}` of route {} does not exist", route.source, route.path)));
            return None;
        };
        let split = frontmatter::split(&file, &text).map_err(|p| self.problem(p)).ok()?;
        let mut answer_links = Vec::new();
        let data = if route.template == CONVERTER_TEMPLATE {
            let mut front: ConverterFront = self.front(&file, &split)?;
            let positions = split.positions();
            let entries = front.faq.iter_mut().map(|qa| (&mut qa.answer, &mut qa.answer_html));
            answer_links = answers::render(&file, &positions, positions.get("faq"), entries, self.problems);
            PageData::Converter(front)
        } else {
            PageData::Page(self.front(&file, &split)?)
        };
        let updated = match &data {
            PageData::Page(f) => f.updated.clone().or(f.effective.clone()),
            PageData::Converter(f) => f.updated.clone(),
            PageData::Article(_) | PageData::Pair(_) | PageData::PairIndex(_) => None,
        };
        let lastmod = self.date_field(&file, &split, "updated", updated.as_deref()).unwrap_or(default_lastmod);
        if let PageData::Page(f) = &data {
            self.date_field(&file, &split, "effective", f.effective.as_deref());
        }
        let mut body = render_body(&file, &text, &split, self.images, converters, self.problems);
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

    /// Validates an optional date field, locating a bad one at its key.
    fn date_field(&mut self, file: &Path, split: &frontmatter::Split, key: &str, value: Option<&str>) -> Option<Date> {
        let value = value?;
        Date::parse(value)
            .map_err(|e| {
                let (l, c) = split.positions().get(key).or((1, 1));
                self.problem(Problem::new(file, l, c, e));
            })
            .ok()
    }
}

fn sorted(set: &HashSet<String>) -> String {
    let mut v: Vec<&str> = set.iter().map(String::as_str).collect();
    v.sort();
    v.join(", ")
}
