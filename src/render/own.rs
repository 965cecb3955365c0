//! The app's pages that are not routes (not in the sitemap or the navigation): where each
//! is served, the template that renders it, and what its page context holds.

use crate::content::paths::{NEWSLETTER_DIR, NOT_FOUND_PATH, OFFLINE_PATH};
use crate::content::{Content, Page};
use serde_json::{json, Value};

/// The app's pages that are not routes (not in the sitemap or the navigation): each one's
/// path and template are named here only.
#[derive(Clone, Copy, Debug)]
pub enum OwnPage {
    /// What a static host answers for an unknown path.
    NotFound,
    /// [`NEWSLETTER_PAGES`]`[i]`: where the newsletter's confirmation link leads, after the
    /// edge function answered it.
    Newsletter(usize),
    /// What the service worker answers for a page that is neither reachable nor cached.
    Offline,
}

impl OwnPage {
    /// Every one of them, in the order they are rendered.
    pub fn all() -> impl Iterator<Item = OwnPage> {
        std::iter::once(OwnPage::NotFound).chain((0..NEWSLETTER_PAGES.len()).map(OwnPage::Newsletter)).chain([OwnPage::Offline])
    }

    pub fn path(self) -> String {
        match self {
            OwnPage::NotFound => NOT_FOUND_PATH.into(),
            OwnPage::Newsletter(i) => format!("{NEWSLETTER_DIR}{}", NEWSLETTER_PAGES[i].state),
            OwnPage::Offline => OFFLINE_PATH.into(),
        }
    }

    /// Inserts the page's context. `converters`: the converter pages of the app shell, which
    /// the offline page lists.
    pub(super) fn fill(self, content: &Content, converters: &[&Page], ctx: &mut tera::Context) {
        match self {
            OwnPage::NotFound => not_found(content, ctx),
            OwnPage::Newsletter(i) => newsletter(content, i, ctx),
            OwnPage::Offline => offline(content, converters, ctx),
        }
        ctx.insert("jsonld", "");
    }

    pub(super) fn template(self) -> &'static str {
        match self {
            OwnPage::NotFound => "404.html",
            OwnPage::Newsletter(_) => "newsletter.html",
            OwnPage::Offline => "offline.html",
        }
    }
}

/// The page context of an [`OwnPage`]: no breadcrumb, no keywords, never indexed.
fn own_page(content: &Content, path: &str, title: &str, heading: &str, description: &str, data: Value) -> Value {
    json!({
        "path": path, "url": crate::url::absolute(&content.config.base_url, path), "title": format!("{title} | {}", content.config.name),
        "heading": heading, "description": description, "schema": "WebPage",
        "keywords": "", "breadcrumb": [], "data": data, "body": "", "noindex": true,
    })
}

fn not_found(content: &Content, ctx: &mut tera::Context) {
    let description = "The page you were looking for does not exist.";
    ctx.insert("page", &own_page(content, &OwnPage::NotFound.path(), "Page not found", "404", description, json!({})));
}

/// [`NEWSLETTER_PAGES`]`[i]`.
fn newsletter(content: &Content, i: usize, ctx: &mut tera::Context) {
    let page = &NEWSLETTER_PAGES[i];
    let hours = content.config.newsletter.confirm_link_hours.to_string();
    let (lead, next) = (page.lead.replace("{hours}", &hours), page.next.replace("{hours}", &hours));
    let data = json!({ "state": page.state, "lead": lead, "next": next });
    ctx.insert("page", &own_page(content, &OwnPage::Newsletter(i).path(), page.heading, page.heading, &lead, data));
}

/// `converters`: always available offline (they are part of the app shell).
fn offline(content: &Content, converters: &[&Page], ctx: &mut tera::Context) {
    let description = "This page has not been saved for offline use yet. The everyday converters and the pages you have visited work without a connection.";
    ctx.insert("page", &own_page(content, &OwnPage::Offline.path(), "You are offline", "You are offline", description, json!({})));
    let links: Vec<Value> = converters.iter().map(|p| json!({ "path": p.path, "label": p.label })).collect();
    ctx.insert("converters", &links);
}

/// A page the newsletter's confirmation link can lead to (`CONFIRM_PAGES` in
/// edge/src/confirm.ts): `/newsletter/{state}`. `{hours}` in its text is how long a
/// confirmation link works (content/site.yaml `newsletter`).
pub struct NewsletterPage {
    pub state: &'static str,
    pub heading: &'static str,
    pub lead: &'static str,
    pub next: &'static str,
}

pub const NEWSLETTER_PAGES: [NewsletterPage; 4] = [
    // What the link in the confirmation mail shows (the edge answers the link with this page):
    // its button posts back to the link, and only that post confirms, so a mail scanner that
    // opens links confirms nothing.
    NewsletterPage {
        state: "confirm",
        heading: "Confirm your subscription",
        lead: "Press the button to subscribe this address to the Unitly newsletter. Opening the link alone changes nothing.",
        next: "If you did not ask to subscribe, close this page: without the button, nothing is subscribed.",
    },
    NewsletterPage {
        state: "confirmed",
        heading: "You're subscribed",
        lead: "Thanks for confirming your address. New guides and conversion tips will arrive in your inbox.",
        next: "You can unsubscribe at any time with the link at the end of every newsletter.",
    },
    NewsletterPage {
        state: "expired",
        heading: "This link has expired",
        lead: "Confirmation links work for {hours} hours, and this one is too old or incomplete. Nothing was changed.",
        next: "To subscribe, enter your address in the Stay Updated box on the blog again and open the new link we send you.",
    },
    NewsletterPage {
        state: "unavailable",
        heading: "We could not confirm your subscription",
        lead: "The newsletter is not available at the moment, so your subscription is not confirmed yet.",
        next: "Please open the link from your email again later; it works for {hours} hours.",
    },
];
