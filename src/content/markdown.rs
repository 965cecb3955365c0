//! Markdown to HTML with heading ids, and the internal links it contains (located).

use super::shortcode::{self, Embed};
use super::units::Units;
use crate::html::escape_attr;
use crate::images::{Catalog, Lookup};
use pulldown_cmark::{html, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

pub struct Rendered {
    pub html: String,
    /// Internal links (`/path#anchor`) with their byte offsets in the markdown source.
    pub links: Vec<(String, usize)>,
    /// Images of `content/images/` used, by URL (`/images/ruler.png`).
    pub images: Vec<String>,
    /// Problems found while rendering, with their byte offsets in the markdown source.
    pub problems: Vec<(usize, String)>,
    /// The converters the body embeds; `html` holds [`embed_marker`] for each.
    pub embeds: Vec<Embed>,
}

/// Where the `n`th embedded converter goes in a rendered body, until the page is rendered
/// and the card takes its place (`Renderer::render`).
pub fn embed_marker(n: usize) -> String {
    format!("<!--unitly:embed:{n}-->")
}

/// Renders a markdown body. Images under `/images/` come from `images` (the files of
/// `content/images/`) and become responsive `<picture>` elements. A paragraph that is a
/// converter shortcode becomes an embedded converter of `units` (with `None`, as in an FAQ
/// answer, it is a problem).
pub fn render(source: &str, images: &Catalog, units: Option<&Units>) -> Rendered {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_SMART_PUNCTUATION;
    let events: Vec<(Event, std::ops::Range<usize>)> = Parser::new_ext(source, options).into_offset_iter().collect();
    let mut links = Vec::new();
    let mut used = Vec::new();
    let mut problems = Vec::new();
    let mut heading_ids = Vec::new();
    let mut embeds = Vec::new();
    // The level of the last heading: an embedded card's title sits one below it.
    let mut heading_level = 1u8;
    // Inside a code block a shortcode is an example, shown as written.
    let mut in_code = false;
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
                heading_level = *level as u8;
                let id = unique_id(&slugify(&text), &heading_ids);
                section = (text.clone(), 0);
                heading_ids.push(id.clone());
                out.push(Event::Start(Tag::Heading { level: *level, id: Some(CowStr::from(id)), classes: classes.clone(), attrs: attrs.clone() }));
            }
            Event::Start(Tag::Image { dest_url, title, .. }) => {
                let (alt, end) = image_alt(&events, i);
                let at = range.start;
                let html = match image_size(dest_url) {
                    Err(why) => {
                        problems.push((at, why));
                        String::new()
                    }
                    Ok((src, size)) => {
                        if let Some(why) = relative(src) {
                            problems.push((at, format!("relative image path `{src}`: {why}")));
                        }
                        if alt.trim().is_empty() {
                            problems.push((
                                at,
                                format!("image {src} has no alt text: say what it shows inside the brackets, e.g. `![A steel ruler on a bench]({src})`"),
                            ));
                        }
                        if src.starts_with("/images/") {
                            match images.get(src) {
                                Lookup::Found(image) => {
                                    used.push(image.url.clone());
                                    if image.kind == crate::images::Kind::Svg {
                                        // A drawing: one file at any width, deferred until near the viewport.
                                        let file = &crate::images::variants(image)[0];
                                        deferred_img(&file.url(), Some((image.width, image.height)), &alt, title)
                                    } else {
                                        crate::images::html(image, &alt, title)
                                    }
                                }
                                Lookup::Unusable(why) => {
                                    problems.push((at, why.to_string()));
                                    String::new()
                                }
                                Lookup::Missing => {
                                    problems.push((at, format!("image {src} not found in {}/", crate::images::DIR)));
                                    String::new()
                                }
                            }
                        } else {
                            if src.starts_with('/') {
                                links.push((src.to_string(), at));
                            }
                            deferred_img(src, size, &alt, title)
                        }
                    }
                };
                out.push(Event::Html(CowStr::from(html)));
                i = end + 1;
                continue;
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                if dest_url.starts_with('/') || dest_url.starts_with('#') {
                    links.push((dest_url.to_string(), range.start));
                } else if let Some(why) = relative(dest_url) {
                    problems.push((range.start, format!("relative link `{dest_url}`: {why}")));
                }
                out.push(event.clone());
            }
            Event::Start(Tag::Paragraph) if shortcode::is_shortcode(&source[range.clone()]) => {
                let text = &source[range.clone()];
                let level = (heading_level + 1).clamp(2, 4);
                let embed = match units {
                    None => Err((0, "a converter goes in a page's or an article's body, not here".to_string())),
                    Some(units) => shortcode::parse(text).and_then(|code| shortcode::resolve(&code, units, embeds.len() + 1, level)),
                };
                match embed {
                    Ok(embed) => {
                        out.push(Event::Html(CowStr::from(embed_marker(embeds.len()))));
                        embeds.push(embed);
                    }
                    Err((at, why)) => problems.push((range.start + at, why)),
                }
                i = paragraph_end(&events, i) + 1;
                continue;
            }
            Event::Start(Tag::CodeBlock(_)) | Event::End(TagEnd::CodeBlock) => {
                in_code = matches!(event, Event::Start(_));
                out.push(event.clone());
            }
            Event::Text(text) if !in_code && text.contains("{{") && text.contains("converter(") => {
                let at = range.start + source[range.clone()].find("{{").unwrap_or(0);
                problems.push((at, format!("a converter goes in a paragraph of its own, with nothing else in it: `{}`", shortcode::EXAMPLE)));
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
    Rendered { html: html_out, links, images: used, problems, embeds }
}

/// The index of the event that ends the paragraph starting at `start`.
fn paragraph_end(events: &[(Event, std::ops::Range<usize>)], start: usize) -> usize {
    events[start..].iter().position(|(e, _)| matches!(e, Event::End(TagEnd::Paragraph))).map_or(events.len() - 1, |n| start + n)
}

/// Inline markdown (links, emphasis, code) for one-paragraph text such as an FAQ answer:
/// the HTML without the paragraph around it. Images are not rendered here.
pub fn inline(source: &str) -> Rendered {
    let mut r = render(source, &Catalog::default(), None);
    let trimmed = r.html.trim_end();
    if let Some(inner) = trimmed.strip_prefix("<p>").and_then(|t| t.strip_suffix("</p>")) {
        if !inner.contains("<p>") {
            r.html = inner.to_string();
        }
    }
    r
}

/// The text of inline markdown without its markup (for search and descriptions).
pub fn plain_text(source: &str) -> String {
    let mut text = String::new();
    for event in Parser::new_ext(source, Options::ENABLE_SMART_PUNCTUATION) {
        match event {
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            _ => {}
        }
    }
    text
}

/// Why a link target is relative (`faq`, `../x`), or `None` for a site path (`/faq`), an
/// anchor (`#x`) or a URL with a scheme (`https:`, `mailto:`). A relative link resolves
/// against the page's URL (`faq` on /blog/x is /blog/faq), which is rarely what was meant.
fn relative(target: &str) -> Option<String> {
    if target.is_empty() || target.starts_with('/') || target.starts_with('#') || target.starts_with('?') {
        return None;
    }
    let scheme = target.split_once(':').map(|(s, _)| s).filter(|s| {
        let mut chars = s.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    if scheme.is_some() {
        return None;
    }
    let path = target.trim_start_matches("./").trim_start_matches("../");
    Some(format!("links inside the site start with `/` (write `/{path}`); a relative path resolves against the page's own URL"))
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

/// Width and height in pixels.
type Size = (u32, u32);

/// `/icons/x.svg#720x300` → (`/icons/x.svg`, 720×300): for an image outside
/// `content/images/` (whose size the build reads itself), a `#WIDTHxHEIGHT` fragment gives
/// its size (and is not part of the URL). A malformed suffix is an error, not a link.
fn image_size(url: &str) -> Result<(&str, Option<Size>), String> {
    let Some((src, frag)) = url.rsplit_once('#') else { return Ok((url, None)) };
    let size = frag.split_once('x').and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?))).filter(|(w, h)| *w > 0 && *h > 0);
    match size {
        Some(size) => Ok((src, Some(size))),
        None => Err(format!(
            "malformed image size `#{frag}` on {src}: write it as `#WIDTHxHEIGHT` in pixels (e.g. `#760x350`), or put the image in content/images/, whose sizes the build reads itself"
        )),
    }
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
        let r = render("## Why it matters?\n\nSee [length](/length-converter) and [x](https://e.com).\n\n## Why it matters?\n", &Catalog::default(), None);
        assert!(r.html.contains("<h2 id=\"why-it-matters\">"), "{}", r.html);
        assert!(r.html.contains("<h2 id=\"why-it-matters-2\">"));
        assert_eq!(r.links.len(), 1);
        assert_eq!(r.links[0].0, "/length-converter");
        assert_eq!(r.links[0].1, 24);
    }

    #[test]
    fn a_converter_shortcode_paragraph_becomes_a_marked_embed() {
        let units = crate::content::shortcode::tests_units();
        let src = "Intro.\n\n## Oven\n\n{{ converter(from=\"celsius\", to=\"fahrenheit\", value=\"180\") }}\n\n```\n{{ converter(from=\"x\") }}\n```\n";
        let r = render(src, &Catalog::default(), Some(&units));
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!((r.embeds.len(), r.embeds[0].heading_level, r.embeds[0].id.as_str()), (1, 3, "temperature-converter-1"));
        assert!(r.html.contains("<!--unitly:embed:0-->") && !r.html.contains("<p>{{"), "{}", r.html);
        assert!(r.html.contains("<code>{{ converter(from=\"x\") }}"), "a shortcode in a code block is an example: {}", r.html);
        let bad = render(
            "Try {{ converter(from=\"feet\", to=\"meters\") }} here.\n\n{{ converter(from=\"feet\", to=\"grams\") }}\n",
            &Catalog::default(),
            Some(&units),
        );
        let at: Vec<usize> = bad.problems.iter().map(|(at, _)| *at).collect();
        assert_eq!(at, [4, 83], "{:?}", bad.problems);
        assert!(render("{{ converter(from=\"feet\", to=\"meters\") }}", &Catalog::default(), None).problems[0].1.contains("not here"));
    }

    #[test]
    fn images_are_deferred() {
        let r = render("Intro.\n\n![The 1959 yard & pound](/icons/yard.svg#720x300 \"Definitions\")\n\n![*x*](/a.png)\n", &Catalog::default(), None);
        assert!(
            r.html.contains("<img src=\"data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='720'%20height='300'%3E%3C/svg%3E\" data-src=\"/icons/yard.svg\" alt=\"The 1959 yard &amp; pound\" width=\"720\" height=\"300\" title=\"Definitions\" loading=\"lazy\" decoding=\"async\">"),
            "{}",
            r.html
        );
        assert!(r.html.contains("data-src=\"/a.png\" alt=\"x\" loading=\"lazy\""), "{}", r.html);
        assert!(!r.html.contains("</img>") && !r.html.contains("*x*"));
        let targets: Vec<&str> = r.links.iter().map(|l| l.0.as_str()).collect();
        assert_eq!(targets, ["/icons/yard.svg", "/a.png"], "local images are checked like links");
    }

    #[test]
    fn tables_scroll_in_a_region_named_after_their_section() {
        let r = render("| a | b |\n|---|---|\n| 1 | 2 |\n\n## Water & ice\n\n| c |\n|---|\n| 3 |\n\n| d |\n|---|\n| 4 |\n", &Catalog::default(), None);
        assert!(r.html.starts_with("<div class=\"table-scroll\" role=\"region\" aria-label=\"Table\"><table>"), "{}", r.html);
        assert!(r.html.contains("<div class=\"table-scroll\" role=\"region\" aria-label=\"Water &amp; ice\"><table>"), "{}", r.html);
        assert!(r.html.contains("aria-label=\"Water &amp; ice, table 2\"><table>"), "{}", r.html);
        assert_eq!(r.html.replace('\n', "").matches("</table></div>").count(), 3, "{}", r.html);
    }

    #[test]
    fn image_and_link_problems_are_located() {
        let src = "See [FAQ](faq) and [mail](mailto:a@b.c).\n\n![Chart](/images/chart.png)\n\n![](/icons/a.svg#10x10)\n\n![Ruler](/icons/r.png#400by300)\n";
        let r = render(src, &Catalog::default(), None);
        let found: Vec<(usize, &str)> = r.problems.iter().map(|(o, m)| (*o, m.as_str())).collect();
        assert_eq!(found.len(), 4, "{found:?}");
        assert_eq!(found[0].0, 4);
        assert!(found[0].1.starts_with("relative link `faq`: links inside the site start with `/` (write `/faq`)"), "{}", found[0].1);
        assert_eq!((found[1].0, found[1].1), (src.find("![Chart").unwrap(), "image /images/chart.png not found in content/images/"));
        assert_eq!(found[2].0, src.find("![](").unwrap());
        assert!(found[2].1.starts_with("image /icons/a.svg has no alt text"), "{}", found[2].1);
        assert!(found[3].1.starts_with("malformed image size `#400by300` on /icons/r.png: write it as `#WIDTHxHEIGHT`"), "{}", found[3].1);
    }

    #[test]
    fn inline_markdown_for_answers() {
        let r = inline("See the [volume converter](/volume-converter), *not* `x`.");
        assert_eq!(r.html, "See the <a href=\"/volume-converter\">volume converter</a>, <em>not</em> <code>x</code>.");
        assert_eq!(r.links, [("/volume-converter".to_string(), 8)]);
        assert_eq!(plain_text("See the [volume converter](/volume-converter), *not* `x`."), "See the volume converter, not x.");
    }

    #[test]
    fn slugs() {
        assert_eq!(slugify("Offline and install"), "offline-and-install");
        assert_eq!(slugify("°C → °F"), "c-f");
        assert_eq!(slugify("!!"), "section");
    }
}
