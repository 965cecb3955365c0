//! One page's own context: its fields with long dates, its breadcrumb and its structured
//! data (JSON-LD).

use crate::content::{model::Schema, Content, Page, PageData};
use serde_json::{json, Value};

/// How a preview marks an unpublished article: "Draft", "Scheduled" or nothing.
pub(super) fn status(page: &Page) -> &'static str {
    match page.hold {
        Some(crate::content::Hold::Draft) => "Draft",
        Some(crate::content::Hold::Scheduled(_)) => "Scheduled",
        None => "",
    }
}

pub(super) fn page_context(content: &Content, page: &Page, body: &str) -> Value {
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
        // A preview's draft or scheduled article: never indexed, should the preview be public.
        "noindex": page.hold.is_some(),
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

/// The picture a link preview shows of a page: `{url, width, height, alt}`, the URL absolute.
pub(super) type PreviewImage = Value;

/// The site's picture for link previews and structured data: the app's icon, as the theme
/// ships it (`themes/unitly/static/icons/icon-512.png`, 512 × 512; a test checks the file).
pub const SITE_IMAGE: (&str, u32, u32) = ("/icons/icon-512.png", 512, 512);

/// What every page's structured data shares, made once a build: the site's preview picture
/// and the site-wide application that pages other than converters state (its description the
/// home page's, found once rather than by a walk of every page for each page).
pub(super) struct SiteLd {
    pub(super) image: PreviewImage,
    app: Value,
}

impl SiteLd {
    pub(super) fn of(content: &Content) -> SiteLd {
        let cfg = &content.config;
        let home = crate::url::absolute(&cfg.base_url, "/");
        // The site's own description: the home page's (the registry's pages come first).
        let description = content.pages.iter().find(|p| p.path == "/").map_or(&cfg.tagline, |p| &p.description);
        let app = json!({
            "@type": "WebApplication",
            "@id": app_id(&home),
            "name": cfg.name,
            "url": home,
            "description": description,
            "applicationCategory": "UtilitiesApplication",
            "operatingSystem": "Any (web browser)",
            "isAccessibleForFree": true,
            "offers": free_offer(),
        });
        SiteLd { image: site_image(content), app }
    }
}

/// The site-wide application's `@id`, from the home page's URL.
fn app_id(home: &str) -> String {
    format!("{}/#app", home.trim_end_matches('/'))
}

fn free_offer() -> Value {
    json!({ "@type": "Offer", "price": "0", "priceCurrency": "USD" })
}

pub(super) fn site_image(content: &Content) -> PreviewImage {
    let (path, width, height) = SITE_IMAGE;
    json!({ "url": crate::url::absolute(&content.config.base_url, path), "width": width, "height": height, "alt": format!("{} logo", content.config.name) })
}

/// An article's own picture for previews: the first raster image its body shows (the widest
/// file of its original format), `None` without one. An SVG is not one: link previews do
/// not show SVG. `alt`: what it is said to show (the article's title).
pub(super) fn body_image(content: &Content, body: &crate::content::Body, alt: &str) -> Option<PreviewImage> {
    let crate::images::Lookup::Found(image) = content.images.get(body.images.first()?) else { return None };
    if image.kind == crate::images::Kind::Svg {
        return None;
    }
    let widest = crate::images::variants(image).into_iter().rfind(|v| v.kind == image.kind)?;
    Some(json!({ "url": crate::url::absolute(&content.config.base_url, &widest.url()), "width": widest.width, "height": widest.height, "alt": alt }))
}

/// Structured data: the app with its free offer, the page as Article or WebPage, and the
/// breadcrumb. A converter page (Calculator) is an application of its own, at its URL; every
/// other page states the one site-wide application, with the same `@id`, URL (home) and
/// description everywhere ([`SiteLd`]), and refers to it, so no page gives "Unitly" another URL
/// or description. `image`: the page's own preview picture (an article's), else the site's.
/// Escaped ([`crate::html::inline_json`]) so no text in it can close its script element or
/// comment out the rest of the page.
pub(super) fn json_ld(content: &Content, page: &Page, site: &SiteLd, image: Option<&PreviewImage>) -> String {
    let cfg = &content.config;
    let base = &cfg.base_url;
    let url = crate::url::absolute(base, &page.path);
    let home = crate::url::absolute(base, "/");
    let app_id = app_id(&home);
    let calculator = page.schema == Schema::Calculator;
    let mut graph = vec![if calculator {
        json!({
            "@type": "WebApplication",
            "@id": format!("{url}#app"),
            "name": page.heading,
            "url": url,
            "description": page.description,
            "applicationCategory": "Calculator",
            "operatingSystem": "Any (web browser)",
            "isAccessibleForFree": true,
            "offers": free_offer(),
        })
    } else {
        site.app.clone()
    }];
    let app = json!({ "@id": app_id });
    let image_url = image.unwrap_or(&site.image)["url"].clone();
    match (&page.data, page.schema) {
        (PageData::Article(a), _) => graph.push(json!({
            "@type": "Article",
            "headline": a.title,
            "description": a.excerpt,
            "image": image_url,
            "datePublished": a.date,
            "dateModified": page.lastmod.iso(),
            "articleSection": a.category,
            "keywords": page.keywords.join(", "),
            "mainEntityOfPage": url,
            "about": app,
            "author": match a.author.as_deref().filter(|s| !s.is_empty()) {
                Some(name) => json!({ "@type": "Person", "name": name }),
                None if !cfg.author.is_empty() && cfg.author != cfg.name => json!({ "@type": "Organization", "name": cfg.author }),
                None => json!({ "@type": "Organization", "name": cfg.name, "url": home }),
            },
            "publisher": { "@type": "Organization", "name": cfg.name, "url": home },
        })),
        (_, Schema::Article) => graph.push(json!({"@type": "Article", "headline": page.heading, "image": image_url, "mainEntityOfPage": url, "about": app})),
        _ if calculator => graph.push(json!({"@type": "WebPage", "name": page.title, "url": url, "description": page.description})),
        _ => graph.push(json!({"@type": "WebPage", "name": page.title, "url": url, "description": page.description, "about": app})),
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_site_image_is_the_size_the_previews_are_told() {
        let (path, width, height) = super::SITE_IMAGE;
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/unitly/static").join(path.trim_start_matches('/'));
        let png = std::fs::read(&file).unwrap();
        assert_eq!(&png[12..16], b"IHDR", "{} is a PNG", file.display());
        let be = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
        assert_eq!((be(16), be(20)), (width, height));
    }
}
