//! Markdown to HTML with heading ids, and the internal links it contains (located).

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
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        match event {
            Event::Start(Tag::Heading { level, id: None, classes, attrs }) if *level >= HeadingLevel::H2 => {
                let text = heading_text(&events[i + 1..]);
                let id = unique_id(&slugify(&text), &heading_ids);
                heading_ids.push(id.clone());
                out.push(Event::Start(Tag::Heading {
                    level: *level,
                    id: Some(CowStr::from(id)),
                    classes: classes.clone(),
                    attrs: attrs.clone(),
                }));
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                if dest_url.starts_with('/') || dest_url.starts_with('#') {
                    links.push((dest_url.to_string(), range.start));
                }
                out.push(event.clone());
            }
            _ => out.push(event.clone()),
        }
        i += 1;
    }
    let mut html_out = String::with_capacity(source.len() * 3 / 2);
    html::push_html(&mut html_out, out.into_iter());
    Rendered { html: html_out, links }
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
    fn tables_render() {
        let r = render("| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(r.html.contains("<table>"));
    }

    #[test]
    fn slugs() {
        assert_eq!(slugify("Offline and install"), "offline-and-install");
        assert_eq!(slugify("°C → °F"), "c-f");
        assert_eq!(slugify("!!"), "section");
    }
}
