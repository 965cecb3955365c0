//! Rendering pages with tera. Islands are left as placeholders here and filled in once
//! the island pipeline has prerendered them (see `islands.rs`). Templates are named by the
//! routes (`content/routes.yaml`), except those of the app's own pages (`own.rs`).

use crate::content::{model::Schema, Body, Content, Page, PageData};
use crate::diagnostics::{Problem, Problems};
use crate::islands::IslandRegistry;
use crate::theme::THEME;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

pub mod catalog;
mod own;
pub use own::{NewsletterPage, OwnPage, NEWSLETTER_PAGES};

pub struct Renderer {
    tera: tera::Tera,
    /// Data every page sees: site config, resolved nav and footer.
    globals: tera::Context,
    /// Larger data (every article, the sitemap, FAQ, units), added only to the pages whose
    /// template mentions it: cloning all of it into every page is quadratic in articles.
    extras: Vec<(&'static str, Value)>,
    /// Template name → the extras it mentions (in its own text, `base.html` or a partial).
    needs: HashMap<String, Vec<usize>>,
    /// Every published article's summary, newest first (the listings index into it).
    summaries: Vec<Value>,
    /// The blog's listing pages: `/blog` first, then its numbered pages and the archives.
    listings: Vec<crate::listing::Listing>,
    /// Each unit category as the cards' props carry it, by key: a pair page or an embedded
    /// card gets its one category, not every category cloned into its context.
    categories: HashMap<String, Value>,
    /// The featured currencies and their fallback rates, as the currency card's props carry
    /// them: what a currency pair page gets instead of a category.
    currency: Value,
}

#[derive(Serialize)]
struct NavLink<'a> {
    path: &'a str,
    label: &'a str,
}

#[derive(Serialize)]
struct ArticleSummary<'a> {
    title: &'a str,
    excerpt: &'a str,
    date: String,
    date_long: String,
    /// Last change, `YYYY-MM-DD` (the feed's `updated`).
    lastmod: String,
    #[serde(rename = "readTime")]
    read_time: &'a str,
    category: &'a str,
    slug: &'a str,
    featured: bool,
    path: &'a str,
    /// "Draft" or "Scheduled" when a preview build includes the article, else empty.
    status: &'static str,
}

/// The parsed templates, kept between builds in `serve` while no template file changes:
/// parsing them is half of a content-only rebuild's render step.
#[derive(Default)]
pub struct TemplateCache {
    fingerprint: u64,
    tera: Option<tera::Tera>,
}

impl TemplateCache {
    fn parsed(&mut self, templates_dir: &Path) -> Result<tera::Tera, tera::Error> {
        let fingerprint = crate::fingerprint::of(&[templates_dir.to_path_buf()]);
        if let (Some(tera), true) = (&self.tera, self.fingerprint == fingerprint) {
            return Ok(tera.clone());
        }
        let mut tera = tera::Tera::new(&format!("{}/**/*.html", templates_dir.display()))?;
        tera.autoescape_on(vec![".html"]);
        *self = TemplateCache { fingerprint, tera: Some(tera.clone()) };
        Ok(tera)
    }
}

impl Renderer {
    /// Loads the theme's templates (from `cache` when unchanged). Errors carry the template
    /// name and position.
    pub fn new(templates_dir: &Path, content: &Content, islands: Arc<IslandRegistry>, cache: &mut TemplateCache) -> Result<Renderer, tera::Error> {
        let mut tera = cache.parsed(templates_dir)?;
        tera.register_function("island", islands.tera_function());
        // Tera has no map literals: `props(a=1, b=x)` builds an island's props object.
        tera.register_function("props", |args: &HashMap<String, Value>| Ok(Value::Object(args.clone().into_iter().collect())));
        let list = articles(content);
        let entries: Vec<crate::listing::Entry> = list.iter().map(|a| crate::listing::Entry { date: a.date.as_str(), featured: a.featured }).collect();
        let listings = crate::listing::plan(&entries);
        let summaries: Vec<Value> = list.iter().map(|a| serde_json::to_value(a).expect("summaries serialise")).collect();
        let catalog = catalog::groups(content);
        let index: serde_json::Map<String, Value> =
            catalog.iter().flat_map(|g| &g.converters).map(|e| (e.category.to_string(), json!({ "label": e.label, "path": e.path }))).collect();
        let groups = serde_json::to_value(&catalog).expect("the catalog serialises");
        let mut globals = globals(content);
        // The menu of every converter is on every page: rendered once here, so each of
        // 20,000 articles clones one string rather than the whole catalog.
        let mut menu = tera::Context::new();
        menu.insert("groups", &groups);
        // On a phone the panel also holds the header's links, except the converters it lists anyway.
        let listed: std::collections::HashSet<&str> = catalog.iter().flat_map(|g| &g.converters).map(|e| e.path).collect();
        let labels: HashMap<&str, &str> = content.pages.iter().map(|p| (p.path.as_str(), p.label.as_str())).collect();
        let pages: Vec<NavLink> = content
            .config
            .nav
            .iter()
            .filter(|p| !listed.contains(p.as_str()))
            .map(|p| NavLink { path: p, label: labels.get(p.as_str()).copied().unwrap_or(p) })
            .collect();
        menu.insert("pages", &pages);
        globals.insert("category_menu", &tera.render(CATEGORY_MENU, &menu)?);
        let mut extras = extras(content, &summaries);
        extras.push(("converter_groups", groups));
        extras.push(("converter_index", Value::Object(index)));
        let needs = extras_needed(templates_dir, &extras);
        let categories = content.units.categories.iter().map(|c| (c.key.clone(), serde_json::to_value(c).expect("a category serialises"))).collect();
        let currency = json!({ "currencies": &content.units.currencies, "fallback_rates": &content.units.fallback_rates });
        Ok(Renderer { tera, globals, extras, needs, summaries, listings, categories, currency })
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
        let mut page = blog.clone();
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
        ctx.insert("jsonld", &json_ld(content, &page));
        ctx.insert("listing", &self.listing_context(listing));
        self.tera.render(&page.template, &ctx).map_err(|error| TemplateError::new(&page.template, &page.path, error))
    }

    fn context_for(&self, template: &str) -> tera::Context {
        let mut ctx = self.globals.clone();
        for &i in self.needs.get(template).map(Vec::as_slice).unwrap_or_default() {
            let (name, value) = &self.extras[i];
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
                let groups = pairs::groups(content.pages.iter(), &front.category, if currency { usize::MAX } else { pairs::NEAREST });
                if !groups.is_empty() {
                    ctx.insert("pairs", &groups);
                    if !currency {
                        ctx.insert("pairs_index", &pairs::index_path(&page.path));
                    }
                }
            }
        }
        if let PageData::Pair(pair) = &page.data {
            match pair.quote {
                Some(_) => ctx.insert("currency", &self.currency),
                None => ctx.insert("category", &self.categories.get(&pair.category)),
            }
        }
        ctx.insert("page", &page_context(content, page, &self.with_embeds(body, &page.path)?));
        ctx.insert("jsonld", &json_ld(content, page));
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
            ctx.insert("category", &self.categories.get(&embed.category));
            if embed.ingredient.is_some() {
                ctx.insert("cooking", &self.extras.iter().find(|(name, _)| *name == "cooking").map(|(_, cooking)| cooking));
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

/// A template that failed to render a page, located at the template (or, for a blog listing
/// page without a `/blog` route, at the route registry).
#[derive(Debug)]
pub struct TemplateError {
    file: String,
    /// The page being rendered.
    path: String,
    error: tera::Error,
}

impl TemplateError {
    fn new(template: &str, path: &str, error: tera::Error) -> TemplateError {
        TemplateError { file: format!("{THEME}/templates/{template}"), path: path.to_string(), error }
    }

    pub fn problems(&self) -> Problems {
        Problems(vec![Problem::new(&self.file, 1, 1, format!("rendering {}: {}", self.path, error_chain(&self.error)))])
    }
}

/// An error with its causes, `outer: inner: innermost` (tera puts a template's position and
/// the failing expression in the causes).
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        source = inner.source();
    }
    s
}

pub fn template_names(dir: &Path) -> std::collections::HashSet<String> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .filter_map(|e| e.path().strip_prefix(dir).ok().map(|p| p.to_string_lossy().replace('\\', "/")))
        .collect()
}

fn globals(content: &Content) -> tera::Context {
    let labels: HashMap<&str, &str> = content.pages.iter().map(|p| (p.path.as_str(), p.label.as_str())).collect();
    fn links<'a>(paths: &'a [String], labels: &HashMap<&str, &'a str>) -> Vec<NavLink<'a>> {
        paths.iter().map(|p| NavLink { path: p, label: labels.get(p.as_str()).copied().unwrap_or(p) }).collect()
    }
    let cfg = &content.config;
    let mut ctx = tera::Context::new();
    ctx.insert("site", cfg);
    ctx.insert("nav", &links(&cfg.nav, &labels));
    // The desktop header has less room: routes may give a `short_label` for it.
    let short: HashMap<&str, &str> = content.pages.iter().map(|p| (p.path.as_str(), p.short_label.as_deref().unwrap_or(&p.label))).collect();
    ctx.insert("nav_short", &links(&cfg.nav, &short));
    ctx.insert(
        "footer",
        &json!({
            "quick_links": links(&cfg.footer.quick_links, &labels),
            "support": links(&cfg.footer.support, &labels),
            "legal": links(&cfg.footer.legal, &labels),
        }),
    );
    ctx.insert("faq_categories", &crate::content::model::FAQ_CATEGORIES);
    ctx
}

/// The partial that renders a converter embedded in markdown (`{{ converter(…) }}`).
const EMBED_TEMPLATE: &str = "partials/converter-embed.html";

/// The header's menu of every converter, grouped (`category_menu` in every page's context).
const CATEGORY_MENU: &str = "partials/category-menu.html";

/// How many of the newest articles the home page's Learning Center shows.
const HOME_ARTICLES: usize = 3;

fn extras(content: &Content, summaries: &[Value]) -> Vec<(&'static str, Value)> {
    let to_json = |r: serde_json::Result<Value>| r.expect("content serialises to JSON");
    vec![
        // Only the few the home page shows: the full list reaches listing pages page by page.
        ("latest_articles", Value::Array(summaries.iter().take(HOME_ARTICLES).cloned().collect())),
        ("faq", to_json(serde_json::to_value(&content.faq))),
        ("units", to_json(serde_json::to_value(&content.units))),
        ("unit_tables", unit_tables(content)),
        ("cooking", cooking(content)),
        ("sitemap_count", Value::from(crate::sitemap::url_count(content))),
    ]
}

/// Each category's units as its converter page's table shows them: name, symbol, exact
/// definition against the base unit, and the standard that defines it.
fn unit_tables(content: &Content) -> Value {
    let tables = content.units.categories.iter().map(|c| {
        let base = c.units.iter().find(|u| u.key == c.base);
        let rows: Vec<Value> = c
            .units
            .iter()
            .map(|u| {
                let definition = base.and_then(|b| u.definition(b)).unwrap_or_default();
                json!({ "name": u.name, "symbol": u.symbol, "definition": definition, "source": u.source.as_deref().unwrap_or_default() })
            })
            .collect();
        (c.key.clone(), Value::Array(rows))
    });
    Value::Object(tables.collect())
}

/// The Cooking converter: its card's props (`card`: the measures as units of units.yaml,
/// the ingredients without their sources) and its page's table (`table`: every figure with
/// its source). Null on a site without content/ingredients.yaml.
fn cooking(content: &Content) -> Value {
    let Some(cooking) = &content.cooking else { return Value::Null };
    let measures = &cooking.measures;
    let units = |set: &crate::content::ingredients::MeasureSet| -> Vec<Value> {
        let category = content.units.category(&set.category);
        let unit = |key: &String| category.and_then(|c| c.units.iter().find(|u| &u.key == key));
        set.units.iter().filter_map(unit).map(|u| serde_json::to_value(u).expect("a unit serialises")).collect()
    };
    // Exact ("n/d", as units.yaml writes a ratio): the card converts with it exactly.
    let per_cup = |i| cooking.grams_per_cup(i, &content.units).map(|g| format!("{}/{}", g.num, g.den)).unwrap_or_default();
    let ingredients: Vec<Value> =
        cooking.ingredients.iter().map(|i| json!({ "key": i.key, "name": i.name, "aliases": i.aliases, "grams_per_cup": per_cup(i) })).collect();
    let measure_name = |set: &crate::content::ingredients::MeasureSet, key: &str| {
        let unit = content.units.category(&set.category).and_then(|c| c.units.iter().find(|u| u.key == key));
        unit.map(|u| u.symbol.clone()).unwrap_or_default()
    };
    let cup = content.units.category(&measures.volume.category).and_then(|c| c.units.iter().find(|u| u.key == measures.cup));
    let table: Vec<Value> = cooking
        .ingredients
        .iter()
        .map(|i| {
            let unit = measure_name(&measures.weight, i.unit.as_deref().unwrap_or(&measures.gram));
            let per = measure_name(&measures.volume, i.per.as_deref().unwrap_or(&measures.cup));
            let grams = cooking.grams_per_cup(i, &content.units).map(|g| format!("{:.1}", g.value())).unwrap_or_default();
            let per_ml = cooking.grams_per_ml(i, &content.units).map(|g| format!("{g:.3}")).unwrap_or_default();
            json!({ "name": i.name, "given": format!("{} {unit} per {per}", i.weighs), "grams_per_cup": grams, "grams_per_ml": per_ml, "source": i.source })
        })
        .collect();
    json!({
        "card": {
            "label": cooking.label, "precision": cooking.precision, "volume": units(&measures.volume), "weight": units(&measures.weight),
            "cup": measures.cup, "gram": measures.gram, "default": cooking.default, "ingredients": ingredients,
        },
        "table": table,
        "cup_name": cup.map(|u| u.name.as_str()).unwrap_or_default(),
        "cup_ml": cooking.cup_ml(&content.units).map(|ml| format!("{}", ml.value())).unwrap_or_default(),
    })
}

/// Which extras each template mentions, in its own text or in the templates it extends,
/// includes or imports (any quoted template name counts; over-including is harmless, and a
/// missing variable is a render error, never a silent blank). An article that extends
/// `base.html` gets no units or FAQ: cloning them into each of 20,000 contexts was a
/// good part of the render step.
fn extras_needed(dir: &Path, extras: &[(&'static str, Value)]) -> HashMap<String, Vec<usize>> {
    let names = template_names(dir);
    let texts: HashMap<&str, String> = names.iter().map(|n| (n.as_str(), std::fs::read_to_string(dir.join(n)).unwrap_or_default())).collect();
    let uses = |text: &str| -> Vec<&str> {
        names.iter().filter(|n| text.contains(&format!("\"{n}\"")) || text.contains(&format!("'{n}'"))).map(String::as_str).collect()
    };
    names
        .iter()
        .map(|name| {
            let mut seen: std::collections::HashSet<&str> = [name.as_str()].into_iter().collect();
            let mut todo = vec![name.as_str()];
            let mut text = String::new();
            while let Some(t) = todo.pop() {
                let own = &texts[t];
                text.push_str(own);
                todo.extend(uses(own).into_iter().filter(|u| seen.insert(u)));
            }
            let needed = extras.iter().enumerate().filter(|(_, (key, _))| text.contains(key)).map(|(i, _)| i).collect();
            (name.clone(), needed)
        })
        .collect()
}

/// Blog articles, newest first.
fn articles(content: &Content) -> Vec<ArticleSummary<'_>> {
    let mut list: Vec<(&Page, &crate::content::model::ArticleFront)> = content
        .pages
        .iter()
        .filter_map(|p| match &p.data {
            PageData::Article(a) => Some((p, a)),
            _ => None,
        })
        .collect();
    list.sort_by(|a, b| b.1.date.cmp(&a.1.date).then(a.1.slug.cmp(&b.1.slug)));
    list.into_iter()
        .map(|(p, a)| {
            let date = crate::content::date::Date::parse(&a.date).expect("validated at load");
            ArticleSummary {
                title: &a.title,
                excerpt: &a.excerpt,
                date: date.iso(),
                date_long: date.long(),
                lastmod: p.lastmod.iso(),
                read_time: &a.read_time,
                category: &a.category,
                slug: &a.slug,
                featured: a.featured,
                path: &p.path,
                status: status(p),
            }
        })
        .collect()
}

/// How a preview marks an unpublished article: "Draft", "Scheduled" or nothing.
fn status(page: &Page) -> &'static str {
    match page.hold {
        Some(crate::content::Hold::Draft) => "Draft",
        Some(crate::content::Hold::Scheduled(_)) => "Scheduled",
        None => "",
    }
}

fn page_context(content: &Content, page: &Page, body: &str) -> Value {
    let base = &content.config.base_url;
    let breadcrumb: Vec<Value> =
        breadcrumb(content, page).into_iter().map(|p| json!({"name": p.label, "path": p.path, "url": crate::url::absolute(base, &p.path)})).collect();
    let mut data = serde_json::to_value(&page.data).unwrap_or(Value::Null);
    // Dates are shown long ("December 27, 2024"); give templates both forms.
    if let Value::Object(map) = &mut data {
        for key in ["updated", "effective", "date"] {
            if let Some(d) = map.get(key).and_then(Value::as_str).and_then(|s| crate::content::date::Date::parse(s).ok()) {
                map.insert(format!("{key}_long"), Value::String(d.long()));
            }
        }
    }
    json!({
        "path": page.path,
        "url": crate::url::absolute(base, &page.path),
        "title": page.title,
        "heading": page.heading,
        "label": page.label,
        "description": page.description,
        "keywords": page.keywords.join(", "),
        "schema": page.schema,
        "breadcrumb": breadcrumb,
        "data": data,
        "body": body,
        "lastmod": page.lastmod.iso(),
        "lastmod_long": page.lastmod.long(),
        "template": page.template,
        "status": status(page),
    })
}

/// Home → … → page, following `parent` links (the page itself included, last).
pub fn breadcrumb<'a>(content: &'a Content, page: &'a Page) -> Vec<&'a Page> {
    let mut chain = vec![page];
    let mut current = page;
    while let Some(parent) = &current.parent {
        match content.pages.iter().find(|p| &p.path == parent) {
            Some(p) if !chain.iter().any(|c| c.path == p.path) => {
                chain.push(p);
                current = p;
            }
            _ => break,
        }
    }
    chain.reverse();
    if chain.len() == 1 {
        chain.clear();
    }
    chain
}

/// Structured data: the app with its free offer, the page as Article or WebPage, and
/// the breadcrumb. Escaped ([`crate::html::inline_json`]) so no text in it can close its
/// script element or comment out the rest of the page.
fn json_ld(content: &Content, page: &Page) -> String {
    let cfg = &content.config;
    let base = &cfg.base_url;
    let url = crate::url::absolute(base, &page.path);
    let mut graph = vec![json!({
        "@type": "WebApplication",
        "name": if page.schema == Schema::Calculator { page.heading.clone() } else { cfg.name.clone() },
        "url": url,
        "description": page.description,
        "applicationCategory": if page.schema == Schema::Calculator { "Calculator" } else { "UtilitiesApplication" },
        "operatingSystem": "Any (web browser)",
        "isAccessibleForFree": true,
        "offers": { "@type": "Offer", "price": "0", "priceCurrency": "USD" },
    })];
    match (&page.data, page.schema) {
        (PageData::Article(a), _) => graph.push(json!({
            "@type": "Article",
            "headline": a.title,
            "description": a.excerpt,
            "datePublished": a.date,
            "dateModified": page.lastmod.iso(),
            "articleSection": a.category,
            "keywords": page.keywords.join(", "),
            "mainEntityOfPage": url,
            "author": match a.author.as_deref().filter(|s| !s.is_empty()) {
                Some(name) => json!({ "@type": "Person", "name": name }),
                None if !cfg.author.is_empty() && cfg.author != cfg.name => json!({ "@type": "Organization", "name": cfg.author }),
                None => json!({ "@type": "Organization", "name": cfg.name, "url": crate::url::absolute(base, "/") }),
            },
            "publisher": { "@type": "Organization", "name": cfg.name, "url": crate::url::absolute(base, "/") },
        })),
        (_, Schema::Article) => graph.push(json!({"@type": "Article", "headline": page.heading, "mainEntityOfPage": url})),
        _ => graph.push(json!({"@type": "WebPage", "name": page.title, "url": url, "description": page.description})),
    }
    let crumbs = breadcrumb(content, page);
    if !crumbs.is_empty() {
        let items: Vec<Value> = crumbs
            .iter()
            .enumerate()
            .map(|(i, p)| json!({"@type": "ListItem", "position": i + 1, "name": p.label, "item": crate::url::absolute(base, &p.path)}))
            .collect();
        graph.push(json!({"@type": "BreadcrumbList", "itemListElement": items}));
    }
    let doc = json!({"@context": "https://schema.org", "@graph": graph});
    crate::html::inline_json(&doc)
}
