//! Rendering pages with tera. Islands are left as placeholders here and filled in once
//! the island pipeline has prerendered them (see `src/islands/`). Templates are named by the
//! routes (`content/routes.yaml`), except those of the app's own pages (`own.rs`).

use crate::content::{model::Schema, Body, Content, Page, PageData};
use crate::islands::IslandRegistry;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

pub mod catalog;
mod own;
mod page;
mod shared;
mod templates;
pub use own::{NewsletterPage, OwnPage, NEWSLETTER_PAGES};
pub use page::breadcrumb;
use page::{body_image, json_ld, page_context, SiteLd};
pub use shared::cooking_card;
use shared::{article_extras, articles, extras_needed, globals, link_labels, own_extras, NavLink, ARTICLE_EXTRAS};
pub use templates::{error_chain, template_names, TemplateError};

pub struct Renderer {
    tera: tera::Tera,
    /// Data every page sees: site config, resolved nav and footer.
    globals: tera::Context,
    /// What the site's own content and the templates make, shared between `serve`'s
    /// rebuilds while both are unchanged ([`OwnParts`]).
    own: Arc<OwnParts>,
    /// The larger data that changes with the articles ([`shared::article_extras`]); with the
    /// own content's ([`OwnParts::extras`]), added only to the pages whose template mentions it.
    article_extras: Vec<(&'static str, Value)>,
    /// Every published article's summary, newest first (the listings index into it).
    summaries: Vec<Value>,
    /// The blog's listing pages: `/blog` first, then its numbered pages and the archives.
    listings: Vec<crate::listing::Listing>,
    /// What every page's structured data shares ([`SiteLd`]).
    site_ld: SiteLd,
    /// What the own parts were made for ([`own_parts_key`]).
    own_key: u64,
}

/// What a renderer makes of the site's own content and the templates alone: every category
/// as the cards' props carry it, the units', FAQ's and catalog's JSON, which template needs
/// which of them, and the menu and footer. `serve` keeps it ([`TemplateCache`]) while the own
/// content, the templates and the menu's and footer's links read the same, so a rebuild after
/// an article edit does not make it again (with 2,000 articles, a tenth of such a rebuild).
pub(super) struct OwnParts {
    /// Each unit category as the cards' props carry it, by key: a pair page or an embedded
    /// card gets its one category, not every category cloned into its context.
    categories: HashMap<String, Value>,
    /// The same as JSON text, for `island(category=…)`.
    category_texts: HashMap<String, String>,
    /// Larger data (the FAQ, units, catalog), added only to the pages whose template
    /// mentions it: cloning all of it into every page is quadratic in articles.
    extras: Vec<(&'static str, Value)>,
    /// Template name → the extras it mentions (in its own text, `base.html` or a partial),
    /// numbered through [`OwnParts::extras`], then the article extras.
    needs: HashMap<String, Vec<usize>>,
    /// The parts every page has alike, rendered and minified once ([`Once`]), by the first
    /// renderer made with these parts (its functions registered).
    once: std::sync::OnceLock<Once>,
}

impl OwnParts {
    fn new(templates_dir: &Path, content: &Content) -> OwnParts {
        let categories: HashMap<String, Value> =
            content.units.categories.iter().map(|c| (c.key.clone(), serde_json::to_value(c).expect("a category serialises"))).collect();
        let category_texts = categories.iter().map(|(key, c)| (key.clone(), c.to_string())).collect();
        let catalog = catalog::groups(content);
        let index: serde_json::Map<String, Value> =
            catalog.iter().flat_map(|g| &g.converters).map(|e| (e.category.to_string(), json!({ "label": e.label, "path": e.path }))).collect();
        let mut extras = own_extras(content);
        extras.push(("converter_groups", serde_json::to_value(&catalog).expect("the catalog serialises")));
        extras.push(("converter_index", Value::Object(index)));
        let names: Vec<&'static str> = extras.iter().map(|(name, _)| *name).chain(ARTICLE_EXTRAS).collect();
        let needs = extras_needed(templates_dir, &names);
        OwnParts { categories, category_texts, extras, needs, once: std::sync::OnceLock::new() }
    }

    fn extra(&self, name: &str) -> Option<&Value> {
        self.extras.iter().find(|(n, _)| *n == name).map(|(_, value)| value)
    }
}

/// The parsed templates, kept between builds in `serve` while no template file changes:
/// parsing them is half of a content-only rebuild's render step. With them, what a renderer
/// made of the own content ([`OwnParts`]).
#[derive(Default)]
pub struct TemplateCache {
    fingerprint: u64,
    tera: Option<tera::Tera>,
    own: Option<(u64, Arc<OwnParts>)>,
}

impl TemplateCache {
    fn parsed(&mut self, templates_dir: &Path) -> Result<tera::Tera, tera::Error> {
        let fingerprint = crate::fingerprint::of(&[templates_dir.to_path_buf()]);
        if let (Some(tera), true) = (&self.tera, self.fingerprint == fingerprint) {
            return Ok(tera.clone());
        }
        let mut tera = tera::Tera::new(&format!("{}/**/*.html", templates_dir.display()))?;
        tera.autoescape_on(vec![".html"]);
        *self = TemplateCache { fingerprint, tera: Some(tera.clone()), own: None };
        Ok(tera)
    }

    /// The own parts made for `key` with the current templates, or `make`'s, kept for the next.
    fn own_parts(&mut self, key: u64, make: impl FnOnce() -> OwnParts) -> Arc<OwnParts> {
        match &self.own {
            Some((k, own)) if *k == key => Arc::clone(own),
            _ => {
                let own = Arc::new(make());
                self.own = Some((key, Arc::clone(&own)));
                own
            }
        }
    }
}

/// What [`OwnParts`] is made from besides the templates: the own content, the base URL (which
/// `--base-url` may set after the load) and the labels of the menu's and footer's links (a
/// link may name an article).
fn own_parts_key(content: &Content, links: &HashMap<&str, (&str, &str)>) -> u64 {
    let mut links: Vec<_> = links.iter().collect();
    links.sort_unstable();
    crate::hash::in_memory(format!("{}\n{}\n{links:?}", content.own_digest, content.config.base_url).as_bytes())
}

/// The menu of every converter and the footer, on every page: rendered once, so each of
/// 20,000 articles clones one string rather than the whole catalog.
fn render_once(
    tera: &tera::Tera,
    content: &Content,
    own: &OwnParts,
    globals: &tera::Context,
    links: &HashMap<&str, (&str, &str)>,
) -> Result<Once, tera::Error> {
    let mut menu = tera::Context::new();
    let groups = own.extra("converter_groups").expect("made with the own parts");
    menu.insert("groups", groups);
    // On a phone the panel also holds the header's links, except the converters it lists anyway.
    let listed: std::collections::HashSet<&str> =
        groups.as_array().into_iter().flatten().filter_map(|g| g["converters"].as_array()).flatten().filter_map(|e| e["path"].as_str()).collect();
    let pages: Vec<NavLink> = content
        .config
        .nav
        .iter()
        .filter(|p| !listed.contains(p.as_str()))
        .map(|p| NavLink { path: p, label: links.get(p.as_str()).map_or(p, |l| l.0) })
        .collect();
    menu.insert("pages", &pages);
    Ok(Once::new(vec![(menu_marker(), tera.render(CATEGORY_MENU, &menu)?), (footer_marker(), tera.render(FOOTER, globals)?)]))
}

/// HTML that is the same on every page (the header's menu of every converter, the footer): rendered and
/// minified once a build, and left in each page as a marker (a comment, which minifying keeps)
/// that [`Once::fill`] replaces after the page is minified, so 20,000 pages do not each
/// minify the same 3.5 KB. Its links need no check per page: the menu lists the converter
/// pages and the navigation's routes, the footer the links of site.yaml's `footer`, which the
/// content's validation already matched to routes.
pub struct Once {
    parts: Vec<(String, String)>,
    /// The ids in those parts, each followed by a newline, as [`crate::links::PageLinks`] keeps a page's.
    ids: String,
}

impl Once {
    /// `parts`: each marker with its part's HTML as rendered.
    fn new(parts: Vec<(String, String)>) -> Once {
        let mut ids: Vec<&str> = parts.iter().flat_map(|(_, html)| crate::links::attr_values(html, "id")).collect();
        ids.sort_unstable();
        let ids = ids.into_iter().map(|id| format!("{id}\n")).collect();
        let parts = parts.iter().map(|(marker, html)| (marker.clone(), crate::output::minify(html))).collect();
        Once { parts, ids }
    }

    /// `html` with every marker replaced by its part.
    pub fn fill(&self, mut html: String) -> String {
        for (marker, part) in &self.parts {
            if html.contains(marker.as_str()) {
                html = html.replacen(marker.as_str(), part, 1);
            }
        }
        html
    }

    /// The ids of the parts, each followed by a newline (for the link check's anchors: every
    /// page has them, so no page's kept links repeat them).
    pub fn ids(&self) -> &str {
        &self.ids
    }
}

/// The partial that renders a converter embedded in markdown (`{{ converter(…) }}`).
const EMBED_TEMPLATE: &str = "partials/converter-embed.html";

/// The header's menu of every converter, grouped (`category_menu` in every page's context).
const CATEGORY_MENU: &str = "partials/category-menu.html";
/// Every page's footer (`site_footer` in every page's context).
const FOOTER: &str = "partials/site-footer.html";
/// Where a page has the menu and the footer until it is minified ([`Once`]).
fn menu_marker() -> String {
    crate::marks::marker("once:menu")
}
fn footer_marker() -> String {
    crate::marks::marker("once:footer")
}

impl Renderer {
    /// Loads the theme's templates (from `cache` when unchanged). Errors carry the template
    /// name and position.
    pub fn new(templates_dir: &Path, content: &Content, islands: Arc<IslandRegistry>, cache: &mut TemplateCache) -> Result<Renderer, tera::Error> {
        let mut tera = cache.parsed(templates_dir)?;
        let links = link_labels(content);
        let own_key = own_parts_key(content, &links);
        let own = cache.own_parts(own_key, || OwnParts::new(templates_dir, content));
        tera.register_function("island", islands.tera_function(own.category_texts.clone()));
        // Tera has no map literals: `props(a=1, b=x)` builds an island's props object.
        tera.register_function("props", |args: &HashMap<String, Value>| Ok(Value::Object(args.clone().into_iter().collect())));
        // A unit's name in a sentence: "{{ name | prose }}" ("US gallons", "degrees Celsius").
        tera.register_filter("prose", |value: &Value, _: &HashMap<String, Value>| {
            let name = value.as_str().ok_or("prose: a unit's name (a string)")?;
            Ok(Value::String(crate::content::model::prose_name(name)))
        });
        // A category's label in a sentence: "{{ category.label | in_text }}" ("electric current", "HbA1c").
        tera.register_filter("in_text", |value: &Value, _: &HashMap<String, Value>| {
            let label = value.as_str().ok_or("in_text: a category's label (a string)")?;
            Ok(Value::String(crate::content::model::label_in_text(label)))
        });
        let list = articles(content);
        let entries: Vec<crate::listing::Entry> = list.iter().map(|a| crate::listing::Entry { date: a.date.as_str(), featured: a.featured }).collect();
        let listings = crate::listing::plan(&entries);
        // On the build's threads: with 2,000 articles this was most of making a renderer.
        let summaries: Vec<Value> = {
            use rayon::prelude::*;
            list.par_iter().map(|a| serde_json::to_value(a).expect("summaries serialise")).collect()
        };
        let mut globals = globals(content, &links);
        if own.once.get().is_none() {
            let once = render_once(&tera, content, &own, &globals, &links)?;
            let _ = own.once.set(once);
        }
        globals.insert("category_menu", &menu_marker());
        globals.insert("site_footer", &footer_marker());
        let article_extras = article_extras(content, &summaries);
        Ok(Renderer { tera, globals, own, article_extras, summaries, listings, site_ld: SiteLd::of(content), own_key })
    }

    /// A hash of what every page is made of besides the templates and the articles: the own
    /// content, the base URL and the labels of the menu's and footer's links.
    pub fn own_key(&self) -> u64 {
        self.own_key
    }

    /// Whether `page` shows what the set of articles makes: the home page's latest articles
    /// and `/blog`'s list (their dates are also those pages' `lastmod`), or an extra of
    /// [`ARTICLE_EXTRAS`] its template mentions. Every other page is made of the own content,
    /// the templates and, for an article, its own file.
    pub fn shows_articles(&self, page: &Page) -> bool {
        let own = self.own.extras.len();
        page.path == "/" || page.path == crate::listing::BLOG_PATH || self.own.needs.get(&page.template).is_some_and(|needed| needed.iter().any(|&i| i >= own))
    }

    /// What every page has alike, to be filled in after minifying.
    pub fn once(&self) -> &Once {
        self.own.once.get().expect("made with the renderer")
    }

    /// The listing pages beyond `/blog` itself (numbered pages, archives): empty while every
    /// article fits on `/blog`.
    pub fn listing_paths(&self) -> Vec<&str> {
        self.listings.iter().skip(1).map(|l| l.path.as_str()).collect()
    }

    /// Every published article, newest first, as templates see it (the feed reads it too).
    pub fn summaries(&self) -> &[Value] {
        &self.summaries
    }

    /// What a listing template sees: the plan, the page's articles, and what to call it.
    fn listing_context(&self, listing: &crate::listing::Listing) -> Value {
        let mut v = serde_json::to_value(listing).expect("listing serialises");
        v["articles"] = Value::Array(listing.items.iter().map(|&i| self.summaries[i].clone()).collect());
        v["total"] = Value::from(self.summaries.len());
        v
    }

    /// Listing page `index` of [`Renderer::listing_paths`] (0 is the first beyond `/blog`):
    /// the blog page's template and words, with its own path, title, heading, description,
    /// canonical URL and breadcrumb.
    pub fn render_listing(&self, content: &Content, index: usize) -> Result<String, TemplateError> {
        use crate::listing::{month_name, Kind};
        let listing = &self.listings[index + 1];
        let Some(blog) = content.pages.iter().find(|p| p.path == "/blog") else {
            let error = tera::Error::msg("listing pages need the /blog route");
            return Err(TemplateError { file: crate::content::ROUTES_FILE.to_string(), path: listing.path.clone(), error });
        };
        let site = &content.config.name;
        let total = self.summaries.len();
        let (label, heading, description) = match &listing.kind {
            Kind::Blog { page } => {
                let last = listing.pager.as_ref().map_or(1, |p| p.total);
                let first = (page - 1) * crate::listing::PER_PAGE + 1;
                (
                    format!("Page {page}"),
                    format!("{} – page {page} of {last}", blog.heading),
                    format!("Page {page} of {last} of the {site} blog: articles {first} to {} of {total}, newest first.", first + listing.items.len() - 1),
                )
            }
            Kind::Year { year } => {
                let n: usize = if listing.months.is_empty() { listing.items.len() } else { listing.months.iter().map(|m| m.count).sum() };
                (year.clone(), format!("Articles from {year}"), format!("All {n} {site} blog articles published in {year}, newest first."))
            }
            Kind::Month { year, month, page } => {
                let name = format!("{} {year}", month_name(month));
                let of = listing.pager.as_ref().map(|p| format!(", page {page} of {}", p.total)).unwrap_or_default();
                (name.clone(), format!("Articles from {name}{of}"), format!("{site} blog articles published in {name}{of}, newest first."))
            }
        };
        let mut page = Page::clone(blog);
        page.path = listing.path.clone();
        page.label = label;
        page.title = format!("{heading} | {site}");
        page.heading = heading;
        page.description = description;
        page.parent = Some(blog.path.clone());
        page.schema = Schema::WebPage;
        let mut ctx = self.context_for(&page.template);
        let body = page.body.as_ref().map(|b| b.html.as_str()).unwrap_or_default();
        ctx.insert("page", &page_context(content, &page, body));
        ctx.insert("jsonld", &json_ld(content, &page, &self.site_ld, None));
        ctx.insert("listing", &self.listing_context(listing));
        self.tera.render(&page.template, &ctx).map_err(|error| TemplateError::new(&page.template, &page.path, error))
    }

    fn context_for(&self, template: &str) -> tera::Context {
        let mut ctx = self.globals.clone();
        let own = self.own.extras.len();
        for &i in self.own.needs.get(template).map(Vec::as_slice).unwrap_or_default() {
            let (name, value) = if i < own { &self.own.extras[i] } else { &self.article_extras[i - own] };
            ctx.insert(*name, value);
        }
        ctx
    }

    /// `body`: the page's rendered markdown ([`Content::body`]).
    pub fn render(&self, content: &Content, page: &Page, body: &Body) -> Result<String, TemplateError> {
        let mut ctx = self.context_for(&page.template);
        if page.path == "/blog" {
            ctx.insert("listing", &self.listing_context(&self.listings[0]));
        }
        // A category's converter page lists the pages of its unit pairs.
        if let PageData::Converter(front) = &page.data {
            if page.parent.as_deref() == Some("/") {
                use crate::content::{currency_pairs, pairs};
                // The featured currencies' pairs are few (90 for 10): all of them, no index.
                let currency = front.category == currency_pairs::CATEGORY;
                let groups = pairs::groups(content.each_page(), &front.category, if currency { usize::MAX } else { pairs::NEAREST });
                if !groups.is_empty() {
                    ctx.insert("pairs", &groups);
                    if !currency {
                        ctx.insert("pairs_index", &pairs::index_path(&page.path));
                    }
                }
            }
        }
        if let PageData::Pair(pair) = &page.data {
            // A currency pair's card gets `currency`, as every currency card (an extra).
            if pair.quote.is_none() {
                ctx.insert("category", &self.own.categories.get(&pair.category).map(|c| json!({ "key": c["key"], "label": c["label"] })));
            }
        }
        let mut page_ctx = page_context(content, page, &self.with_embeds(body, &page.path)?);
        // An article with a picture of its own shows it in previews; other pages the site's.
        let own_image = matches!(page.data, PageData::Article(_)).then(|| body_image(content, body, &page.heading)).flatten();
        if let Some(image) = &own_image {
            page_ctx["image"] = image.clone();
        }
        ctx.insert("page", &page_ctx);
        ctx.insert("jsonld", &json_ld(content, page, &self.site_ld, own_image.as_ref()));
        self.tera.render(&page.template, &ctx).map_err(|error| TemplateError::new(&page.template, &page.path, error))
    }

    /// The body's HTML with each converter it embeds in its place, rendered by
    /// [`EMBED_TEMPLATE`] with the card's category as the other cards get it (the Cooking
    /// converter's card with `cooking`, as its page gets it).
    fn with_embeds<'b>(&self, body: &'b Body, path: &str) -> Result<std::borrow::Cow<'b, str>, TemplateError> {
        if body.embeds.is_empty() {
            return Ok(std::borrow::Cow::Borrowed(&body.html));
        }
        let mut html = body.html.clone();
        for (n, embed) in body.embeds.iter().enumerate() {
            let mut ctx = tera::Context::new();
            ctx.insert("embed", embed);
            ctx.insert("category", &self.own.categories.get(&embed.category));
            if embed.ingredient.is_some() {
                ctx.insert("cooking", &self.own.extra("cooking"));
            }
            let card = self.tera.render(EMBED_TEMPLATE, &ctx).map_err(|error| TemplateError::new(EMBED_TEMPLATE, path, error))?;
            html = html.replacen(&crate::content::markdown::embed_marker(n), &card, 1);
        }
        Ok(std::borrow::Cow::Owned(html))
    }

    /// One of the app's pages that are not routes ([`OwnPage`]). `converters`: the converter
    /// pages, which the offline page lists.
    pub fn render_own(&self, content: &Content, own: OwnPage, converters: &[&Page]) -> Result<String, TemplateError> {
        let template = own.template();
        let mut ctx = self.context_for(template);
        own.fill(content, converters, &mut ctx);
        self.tera.render(template, &ctx).map_err(|error| TemplateError::new(template, &own.path(), error))
    }
}
