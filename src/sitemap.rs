//! `sitemap.xml` and `robots.txt`, from the same pages the site renders.

use crate::content::{Content, Page};
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

/// sitemaps.org's limits for one sitemap file: 50,000 URLs and 50 MB uncompressed.
pub const MAX_URLS: usize = 50_000;
pub const MAX_BYTES: usize = 50 * 1024 * 1024;

/// The sitemap files to write: `sitemap.xml` alone while every URL fits in one file, else
/// `sitemap.xml` as a sitemap index pointing at `sitemap-1.xml`, `sitemap-2.xml`, ….
pub fn files(content: &Content) -> Vec<(String, String)> {
    files_within(content, MAX_URLS, MAX_BYTES)
}

pub fn files_within(content: &Content, max_urls: usize, max_bytes: usize) -> Vec<(String, String)> {
    let pages = listed(content);
    let whole = urlset(content, &pages);
    if pages.len() <= max_urls && whole.len() <= max_bytes {
        return vec![("sitemap.xml".into(), whole)];
    }
    drop(whole);
    // Children of at most `max_urls`, halved until each also fits in `max_bytes`.
    let mut per = max_urls.max(1);
    let children = loop {
        let parts: Vec<String> = pages.chunks(per).map(|chunk| urlset(content, chunk)).collect();
        if per == 1 || parts.iter().all(|p| p.len() <= max_bytes) {
            break parts;
        }
        per /= 2;
    };
    let base = &content.config.base_url;
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).expect("in-memory write");
    let mut index = BytesStart::new("sitemapindex");
    index.push_attribute(("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9"));
    w.write_event(Event::Start(index)).expect("in-memory write");
    let mut out = Vec::new();
    for (i, (chunk, xml)) in pages.chunks(per).zip(children).enumerate() {
        let name = format!("sitemap-{}.xml", i + 1);
        let lastmod = chunk.iter().map(|p| p.lastmod.iso()).max().unwrap_or_default();
        w.write_event(Event::Start(BytesStart::new("sitemap"))).expect("in-memory write");
        for (tag, value) in [("loc", crate::url::absolute(base, &format!("/{name}"))), ("lastmod", lastmod)] {
            w.write_event(Event::Start(BytesStart::new(tag))).expect("in-memory write");
            w.write_event(Event::Text(BytesText::new(&value))).expect("in-memory write");
            w.write_event(Event::End(BytesEnd::new(tag))).expect("in-memory write");
        }
        w.write_event(Event::End(BytesEnd::new("sitemap"))).expect("in-memory write");
        out.push((name, xml));
    }
    w.write_event(Event::End(BytesEnd::new("sitemapindex"))).expect("in-memory write");
    let mut index = String::from_utf8(w.into_inner()).expect("utf-8");
    index.push('\n');
    out.insert(0, ("sitemap.xml".into(), index));
    out
}

/// One `<urlset>` sitemap of every page.
pub fn xml(content: &Content) -> String {
    urlset(content, &listed(content))
}

/// The pages a search engine is told of: never a draft or scheduled article, which only a
/// preview (`build --drafts`/`--future`, `serve`) renders, marked and `noindex`.
fn listed(content: &Content) -> Vec<&Page> {
    content.each_page().filter(|p| p.hold.is_none()).collect()
}

fn urlset(content: &Content, pages: &[&Page]) -> String {
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
    for page in pages {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beyond_the_limits_the_sitemap_becomes_an_index_of_children() {
        let content = crate::content::load(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
            &crate::render::template_names(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/unitly/templates")),
            &crate::content::Publish::ready(crate::content::date::Date::today().unwrap()),
        )
        .unwrap();
        let one = files(&content);
        assert_eq!(one.len(), 1);
        assert!(one[0].1.contains("<urlset"));
        let split = files_within(&content, 10, MAX_BYTES);
        // The index, then one child per ten pages.
        let children = content.pages.len().div_ceil(10);
        assert!(children >= 3, "the real site has more than 20 pages");
        let names: Vec<String> = split.iter().map(|(n, _)| n.clone()).collect();
        let want: Vec<String> = std::iter::once("sitemap.xml".to_string()).chain((1..=children).map(|i| format!("sitemap-{i}.xml"))).collect();
        assert_eq!(names, want);
        assert!(split[0].1.contains("<sitemapindex"));
        assert!(split[0].1.contains(&format!("<loc>https://unitly.app/sitemap-{children}.xml</loc>")));
        let urls: usize = split[1..].iter().map(|(_, x)| x.matches("<url>").count()).sum();
        assert_eq!(urls, content.pages.len(), "every page in exactly one child");
        let by_size = files_within(&content, 1000, 4096);
        assert!(by_size.len() > 2 && by_size[1..].iter().all(|(_, x)| x.len() <= 4096), "children also respect the size limit");
    }
}
