//! Markdown to HTML with heading ids, and the internal links it contains (located).

use crate::html::escape_attr;
use pulldown_cmark::{html, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

pub struct Rendered {
    pub html: String,
    /// Internal links (`/path#anchor`) with their byte offsets in the markdown source.
    pub links: Vec<(String, usize)>,
}

pub fn render(source: &str) -> Rendered {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_SMART_PUNCTUATION;
    let events: Vec<(Event, std::ops::Range<usize>)> = Parser::new_ext(source, options).into_offset_iter().collect();
    let mut links = Vec::new();
    let mut heading_ids = Vec::new();
    // The text of the last heading and how many tables followed it: a table's region is
    // named after the section it is in.
    let mut section = (String::new(), 0usize);
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        match event {
            Event::Start(Tag::Heading { level, id: None, classes, attrs }) if *level >= HeadingLevel::H2 => {
                let text = heading_text(&events[i + 1..]);
                let id = unique_id(&slugify(&text), &heading_ids);
                section = (text.clone(), 0);
                heading_ids.push(id.clone());
                out.push(Event::Start(Tag::Heading { level: *level, id: Some(CowStr::from(id)), classes: classes.clone(), attrs: attrs.clone() }));
            }
            Event::Start(Tag::Image { dest_url, title, .. }) => {
                let (src, size) = image_size(dest_url);
                if src.starts_with('/') {
                    links.push((src.to_string(), range.start));
                }
                let (alt, end) = image_alt(&events, i);
                out.push(Event::Html(CowStr::from(deferred_img(src, size, &alt, title))));
                i = end + 1;
                continue;
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                if dest_url.starts_with('/') || dest_url.starts_with('#') {
                    links.push((dest_url.to_string(), range.start));
                }
                out.push(event.clone());
            }
            Event::Start(Tag::Table(_)) => {
                section.1 += 1;
                out.push(Event::Html(CowStr::from(table_region(&section.0, section.1))));
                out.push(event.clone());
            }
            Event::End(TagEnd::Table) => {
                out.push(event.clone());
                out.push(Event::Html(CowStr::from("</div>")));
            }
            _ => out.push(event.clone()),
        }
        i += 1;
    }
    let mut html_out = String::with_capacity(source.len() * 3 / 2);
    html::push_html(&mut html_out, out.into_iter());
    Rendered { html: html_out, links }
}

/// A table scrolls sideways inside its own region when it is wider than the page (a phone),
/// so the page itself never does. The region is named after the section the table is in
/// (", table 2" for a second one there); the client runtime makes it focusable only while
/// it actually scrolls, so the keyboard can scroll it and the tab order is otherwise the same.
fn table_region(heading: &str, nth: usize) -> String {
    let name = match (heading.is_empty(), nth) {
        (true, 1) => "Table".to_string(),
        (true, n) => format!("Table {n}"),
        (false, 1) => heading.to_string(),
        (false, n) => format!("{heading}, table {n}"),
    };
    format!("<div class=\"table-scroll\" role=\"region\" aria-label=\"{}\">", escape_attr(&name))
}

/// A tiny transparent placeholder: the `src` a deferred image carries until it is near the
/// viewport (`islands/src/lib/lazyImages.ts` swaps `data-src` in). With a known size the
/// placeholder has the same proportions, so nothing moves when the image arrives.
fn placeholder(size: Option<(u32, u32)>) -> String {
    match size {
        Some((w, h)) => format!("data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='{w}'%20height='{h}'%3E%3C/svg%3E"),
        None => "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7".to_string(),
    }
}

/// `/images/x.svg#720x300` → (`/images/x.svg`, 720×300): markdown has no syntax for an
/// image's size, so a `#WIDTHxHEIGHT` fragment gives it (and is not part of the URL).
fn image_size(url: &str) -> (&str, Option<(u32, u32)>) {
    if let Some((src, frag)) = url.rsplit_once('#') {
        if let Some((w, h)) = frag.split_once('x') {
            if let (Ok(w), Ok(h)) = (w.parse::<u32>(), h.parse::<u32>()) {
                if w > 0 && h > 0 {
                    return (src, Some((w, h)));
                }
            }
        }
    }
    (url, None)
}

/// The image's alternative text (the text inside `![…]`) and the index of its end event.
fn image_alt(events: &[(Event, std::ops::Range<usize>)], start: usize) -> (String, usize) {
    let mut alt = String::new();
    let mut depth = 0;
    for (j, (e, _)) in events.iter().enumerate().skip(start + 1) {
        match e {
            Event::Start(Tag::Image { .. }) => depth += 1,
            Event::End(TagEnd::Image) if depth == 0 => return (alt, j),
            Event::End(TagEnd::Image) => depth -= 1,
            Event::Text(t) | Event::Code(t) => alt.push_str(t),
            Event::SoftBreak | Event::HardBreak => alt.push(' '),
            _ => {}
        }
    }
    (alt, events.len() - 1)
}

/// Markdown images load lazily: `<img src=placeholder data-src=… alt=… loading="lazy">`.
fn deferred_img(src: &str, size: Option<(u32, u32)>, alt: &str, title: &str) -> String {
    let mut html = format!("<img src=\"{}\" data-src=\"{}\" alt=\"{}\"", placeholder(size), escape_attr(src), escape_attr(alt));
    if let Some((w, h)) = size {
        html.push_str(&format!(" width=\"{w}\" height=\"{h}\""));
    }
    if !title.is_empty() {
        html.push_str(&format!(" title=\"{}\"", escape_attr(title)));
    }
    html.push_str(" loading=\"lazy\" decoding=\"async\">");
    html
}

fn heading_text(rest: &[(Event, std::ops::Range<usize>)]) -> String {
    let mut text = String::new();
    for (e, _) in rest {
        match e {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(t) | Event::Code(t) => text.push_str(t),
            _ => {}
        }
    }
    text
}

/// `Why it matters?` → `why-it-matters`.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
            dash = false;
        } else if !dash && !slug.is_empty() {
            slug.push('-');
            dash = true;
        }
    }
    while slug.ends_with('-') {
        slug.pop();
    }
    if slug.is_empty() {
        slug.push_str("section");
    }
    slug
}

fn unique_id(base: &str, taken: &[String]) -> String {
    if !taken.iter().any(|t| t == base) {
        return base.to_string();
    }
    (2..).map(|n| format!("{base}-{n}")).find(|c| !taken.contains(c)).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_get_ids_and_links_are_collected() {
        let r = render("## Why it matters?\n\nSee [length](/length-converter) and [x](https://e.com).\n\n## Why it matters?\n");
        assert!(r.html.contains("<h2 id=\"why-it-matters\">"), "{}", r.html);
        assert!(r.html.contains("<h2 id=\"why-it-matters-2\">"));
        assert_eq!(r.links.len(), 1);
        assert_eq!(r.links[0].0, "/length-converter");
        assert_eq!(r.links[0].1, 24);
    }

    #[test]
    fn images_are_deferred() {
        let r = render("Intro.\n\n![The 1959 yard & pound](/images/yard.svg#720x300 \"Definitions\")\n\n![*x*](/a.png)\n");
        assert!(
            r.html.contains("<img src=\"data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='720'%20height='300'%3E%3C/svg%3E\" data-src=\"/images/yard.svg\" alt=\"The 1959 yard &amp; pound\" width=\"720\" height=\"300\" title=\"Definitions\" loading=\"lazy\" decoding=\"async\">"),
            "{}",
            r.html
        );
        assert!(r.html.contains("data-src=\"/a.png\" alt=\"x\" loading=\"lazy\""), "{}", r.html);
        assert!(!r.html.contains("</img>") && !r.html.contains("*x*"));
        let targets: Vec<&str> = r.links.iter().map(|l| l.0.as_str()).collect();
        assert_eq!(targets, ["/images/yard.svg", "/a.png"], "local images are checked like links");
    }

    #[test]
    fn tables_scroll_in_a_region_named_after_their_section() {
        let r = render("| a | b |\n|---|---|\n| 1 | 2 |\n\n## Water & ice\n\n| c |\n|---|\n| 3 |\n\n| d |\n|---|\n| 4 |\n");
        assert!(r.html.starts_with("<div class=\"table-scroll\" role=\"region\" aria-label=\"Table\"><table>"), "{}", r.html);
        assert!(r.html.contains("<div class=\"table-scroll\" role=\"region\" aria-label=\"Water &amp; ice\"><table>"), "{}", r.html);
        assert!(r.html.contains("aria-label=\"Water &amp; ice, table 2\"><table>"), "{}", r.html);
        assert_eq!(r.html.replace('\n', "").matches("</table></div>").count(), 3, "{}", r.html);
    }

    #[test]
    fn slugs() {
        assert_eq!(slugify("Offline and install"), "offline-and-install");
        assert_eq!(slugify("°C → °F"), "c-f");
        assert_eq!(slugify("!!"), "section");
    }
}
