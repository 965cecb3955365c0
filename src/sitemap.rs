//! `sitemap.xml` and `robots.txt`, from the same pages the site renders.

use crate::content::Content;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

pub fn xml(content: &Content) -> String {
    let base = &content.config.base_url;
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    let text = |w: &mut Writer<Vec<u8>>, tag: &str, value: &str| {
        w.write_event(Event::Start(BytesStart::new(tag))).expect("in-memory write");
        w.write_event(Event::Text(BytesText::new(value))).expect("in-memory write");
        w.write_event(Event::End(BytesEnd::new(tag))).expect("in-memory write");
    };
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).expect("in-memory write");
    let mut urlset = BytesStart::new("urlset");
    urlset.push_attribute(("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9"));
    w.write_event(Event::Start(urlset)).expect("in-memory write");
    for page in &content.pages {
        w.write_event(Event::Start(BytesStart::new("url"))).expect("in-memory write");
        text(&mut w, "loc", &crate::url::absolute(base, &page.path));
        text(&mut w, "lastmod", &page.lastmod.iso());
        text(&mut w, "changefreq", page.changefreq.as_str());
        text(&mut w, "priority", &format!("{:.1}", page.priority));
        w.write_event(Event::End(BytesEnd::new("url"))).expect("in-memory write");
    }
    w.write_event(Event::End(BytesEnd::new("urlset"))).expect("in-memory write");
    let mut out = String::from_utf8(w.into_inner()).expect("utf-8");
    out.push('\n');
    out
}

/// How many URLs the sitemap lists (the home page's sitemap card says so).
pub fn url_count(content: &Content) -> usize {
    content.pages.len()
}

pub fn robots(content: &Content) -> String {
    let sitemap = crate::url::absolute(&content.config.base_url, "/sitemap.xml");
    format!("User-agent: *\nAllow: /\n\nSitemap: {sitemap}\n")
}
