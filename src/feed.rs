//! The blog's Atom feed (RFC 4287), `/feed.xml`: the newest articles with absolute URLs,
//! summaries and the site's author, so readers and aggregators can follow the blog.

use crate::content::Content;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;
use serde_json::Value;

/// How many of the newest articles the feed carries.
pub const ENTRIES: usize = 20;
pub const PATH: &str = "/feed.xml";

/// `YYYY-MM-DD` as an RFC 3339 timestamp (midnight UTC).
fn timestamp(date: &str) -> String {
    format!("{date}T00:00:00Z")
}

/// The feed of `articles` (the published summaries, newest first, as the renderer has them).
pub fn atom(content: &Content, articles: &[Value]) -> String {
    let cfg = &content.config;
    let base = &cfg.base_url;
    // A preview's drafts and scheduled articles (their `status` set) are not published news.
    let newest: Vec<&Value> = articles.iter().filter(|a| a.get("status").and_then(Value::as_str).unwrap_or_default().is_empty()).take(ENTRIES).collect();
    let field = |a: &Value, key: &str| a.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
    let updated = newest.iter().map(|a| field(a, "lastmod")).max().unwrap_or_else(|| cfg.default_lastmod.clone());
    let author = if cfg.author.is_empty() { cfg.name.clone() } else { cfg.author.clone() };

    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    let ok = "in-memory write";
    let text = |w: &mut Writer<Vec<u8>>, tag: &str, value: &str| {
        w.write_event(Event::Start(BytesStart::new(tag))).expect(ok);
        w.write_event(Event::Text(BytesText::new(value))).expect(ok);
        w.write_event(Event::End(BytesEnd::new(tag))).expect(ok);
    };
    let link = |w: &mut Writer<Vec<u8>>, rel: &str, href: &str, kind: &str| {
        let mut l = BytesStart::new("link");
        l.push_attribute(("rel", rel));
        l.push_attribute(("type", kind));
        l.push_attribute(("href", href));
        w.write_event(Event::Empty(l)).expect(ok);
    };
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).expect(ok);
    let mut feed = BytesStart::new("feed");
    feed.push_attribute(("xmlns", "http://www.w3.org/2005/Atom"));
    feed.push_attribute(("xml:lang", cfg.language.as_str()));
    w.write_event(Event::Start(feed)).expect(ok);
    text(&mut w, "id", &crate::url::absolute(base, "/blog"));
    text(&mut w, "title", &format!("{} blog", cfg.name));
    text(&mut w, "subtitle", &cfg.tagline);
    text(&mut w, "updated", &timestamp(&updated));
    link(&mut w, "self", &crate::url::absolute(base, PATH), "application/atom+xml");
    link(&mut w, "alternate", &crate::url::absolute(base, "/blog"), "text/html");
    w.write_event(Event::Start(BytesStart::new("author"))).expect(ok);
    text(&mut w, "name", &author);
    text(&mut w, "uri", &crate::url::absolute(base, "/"));
    w.write_event(Event::End(BytesEnd::new("author"))).expect(ok);
    text(&mut w, "generator", "unitly");
    for a in newest {
        let url = crate::url::absolute(base, &field(a, "path"));
        w.write_event(Event::Start(BytesStart::new("entry"))).expect(ok);
        text(&mut w, "id", &url);
        text(&mut w, "title", &field(a, "title"));
        link(&mut w, "alternate", &url, "text/html");
        text(&mut w, "published", &timestamp(&field(a, "date")));
        text(&mut w, "updated", &timestamp(&field(a, "lastmod")));
        text(&mut w, "summary", &field(a, "excerpt"));
        let mut category = BytesStart::new("category");
        let term = field(a, "category");
        category.push_attribute(("term", term.as_str()));
        w.write_event(Event::Empty(category)).expect(ok);
        w.write_event(Event::End(BytesEnd::new("entry"))).expect(ok);
    }
    w.write_event(Event::End(BytesEnd::new("feed"))).expect(ok);
    let mut out = String::from_utf8(w.into_inner()).expect("utf-8");
    out.push('\n');
    out
}
