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
pub(super) fn json_ld(content: &Content, page: &Page) -> String {
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
