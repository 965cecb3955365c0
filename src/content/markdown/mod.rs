//! Markdown to HTML with heading ids, and the internal links it contains (located).

mod footnotes;
mod headings;
mod images;

pub use headings::slugify;

use super::nesting;
use super::raw_html;
use super::shortcode::{self, Converters, Embed};
use crate::images::{Catalog, Lookup};
use footnotes::Footnotes;
use headings::{heading_text, table_region, unique_id};
use images::{deferred_img, image_alt, image_size};
use pulldown_cmark::{html, CowStr, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};

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
/// converter shortcode becomes an embedded converter of `converters` (with `None`, as in an FAQ
/// answer, it is a problem).
pub fn render(source: &str, images: &Catalog, converters: Option<Converters>) -> Rendered {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_SMART_PUNCTUATION | Options::ENABLE_FOOTNOTES | Options::ENABLE_TASKLISTS;
    let events: Vec<(Event, std::ops::Range<usize>)> = Parser::new_ext(source, options).into_offset_iter().collect();
    let mut links = Vec::new();
    let mut used = Vec::new();
    let mut problems = Vec::new();
    if let Some(at) = too_deep(&events) {
        problems.push((at, nesting::too_deep("lists, quotes and emphasis")));
    }
    footnotes::undefined(&events, source, &mut problems);
    let mut notes = Footnotes::new();
    // The output events of every footnote definition: they are rendered at the end.
    let mut definitions: Vec<std::ops::Range<usize>> = Vec::new();
    // The HTML of each task list item's mark (`- [x] …`), in the order written.
    let mut marks: Vec<String> = Vec::new();
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
    // Raw HTML: an HTML block's lines, gathered with where each starts in the source.
    let mut raw = RawHtml::default();
    let mut any_raw = false;
    // Lists and quotes open around the current event: a converter is a block of the page.
    let mut containers = 0usize;
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        match event {
            Event::Start(Tag::BlockQuote(..) | Tag::Item) => containers += 1,
            Event::End(TagEnd::BlockQuote(..) | TagEnd::Item) => containers = containers.saturating_sub(1),
            _ => {}
        }
        match event {
            Event::Start(Tag::HtmlBlock) => {
                raw = RawHtml::default();
                out.push(event.clone());
            }
            Event::Html(text) | Event::InlineHtml(text) => {
                if text.contains("{{") && text.contains("converter(") && !text.contains("<pre") && !text.contains("<code") {
                    let at = range.start + source[range.clone()].find("{{").unwrap_or(0);
                    problems.push((
                        at,
                        format!(
                            "a converter inside HTML would be printed as written: put it in a paragraph of its own, outside the HTML: `{}`",
                            shortcode::EXAMPLE
                        ),
                    ));
                }
                any_raw = true;
                raw.push(text, range.start);
                if matches!(event, Event::InlineHtml(_)) {
                    raw.check(&mut problems, &mut links);
                }
                out.push(event.clone());
            }
            Event::End(TagEnd::HtmlBlock) => {
                raw.check(&mut problems, &mut links);
                out.push(event.clone());
            }
            Event::Start(Tag::Heading { level: HeadingLevel::H1, .. }) => {
                // As a raw `<h1>` is: a second h1 and a jump to the body's h2s confuse heading
                // navigation with a screen reader, and search engines.
                problems.push((range.start, "a level-one heading in the body: the page's title is its h1, written by the template; start at `##`".to_string()));
                out.push(event.clone());
            }
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
                        if let Some(why) = raw_html::refused_image(src) {
                            problems.push((at, format!("image `{src}`: {why}")));
                        } else if let Some(why) = relative(src) {
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
                        } else if raw_html::refused_image(src).is_some() {
                            String::new()
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
            Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
                if let Some(why) = raw_html::refused_url(dest_url, &raw_html::LINK_SCHEMES) {
                    problems.push((range.start, format!("link `{}`: {why}", dest_url.escape_debug())));
                    // Not even in the HTML this render returns.
                    out.push(Event::Start(Tag::Link { link_type: *link_type, dest_url: CowStr::from(""), title: title.clone(), id: id.clone() }));
                    i += 1;
                    continue;
                }
                if *link_type == LinkType::Email {
                    // `<hello@unitly.app>`: the bare address, written as `mailto:` in the HTML.
                } else if dest_url.starts_with('/') || dest_url.starts_with('#') {
                    links.push((dest_url.to_string(), range.start));
                } else if let Some(why) = relative(dest_url) {
                    problems.push((range.start, format!("relative link `{dest_url}`: {why}")));
                }
                out.push(event.clone());
            }
            Event::Start(Tag::FootnoteDefinition(label)) => {
                if converters.is_none() {
                    problems.push((range.start, NO_FOOTNOTES_HERE.to_string()));
                }
                notes.start_definition(label, range.start, out.len(), &mut problems);
            }
            Event::End(TagEnd::FootnoteDefinition) => definitions.extend(notes.end_definition(out.len())),
            Event::FootnoteReference(label) => {
                if converters.is_none() {
                    problems.push((range.start, NO_FOOTNOTES_HERE.to_string()));
                }
                out.push(notes.reference(label));
            }
            Event::TaskListMarker(done) => {
                marks.push(task_mark(*done));
                out.push(Event::Html(CowStr::from(task_marker(marks.len() - 1))));
            }
            Event::Start(Tag::Paragraph) if shortcode::is_shortcode(&source[range.clone()]) => {
                let text = &source[range.clone()];
                let level = (heading_level + 1).clamp(2, 4);
                let embed = match converters {
                    None => Err(vec![(0, "a converter goes in a page's or an article's body, not here".to_string())]),
                    Some(_) if notes.in_definition() => Err(vec![(0, "a converter goes in the body, not in a footnote".to_string())]),
                    Some(_) if containers > 0 => {
                        Err(vec![(0, format!("a converter goes in a paragraph of its own, not in a list or a quote: `{}`", shortcode::EXAMPLE))])
                    }
                    Some(converters) => {
                        shortcode::parse(text).map_err(|e| vec![e]).and_then(|code| shortcode::resolve(&code, converters, embeds.len() + 1, level))
                    }
                };
                match embed {
                    Ok(embed) => {
                        out.push(Event::Html(CowStr::from(embed_marker(embeds.len()))));
                        embeds.push(embed);
                    }
                    Err(found) => problems.extend(found.into_iter().map(|(at, why)| (range.start + at, why))),
                }
                i = paragraph_end(&events, i) + 1;
                continue;
            }
            Event::Start(Tag::Paragraph) => {
                // `![Scale](/images/My Scale.png)`: CommonMark reads no address with a space,
                // and the whole would be published as written.
                let paragraph = &source[range.clone()];
                if let Some((at, dest)) = spaced_address(paragraph) {
                    let image = paragraph[..at].rfind('[').is_some_and(|open| paragraph[..open].ends_with('!'));
                    let fix = if image { "name the file without spaces (letters, digits, `-`, `_` and `.`)" } else { "write the path without spaces" };
                    problems.push((range.start + at, format!("`{dest}` holds a space, so it is no link or image and would be published as written: {fix}")));
                }
                out.push(event.clone());
            }
            Event::Start(Tag::CodeBlock(_)) | Event::End(TagEnd::CodeBlock) => {
                in_code = matches!(event, Event::Start(_));
                out.push(event.clone());
            }
            Event::Text(text) if !in_code && text.contains("{%") && text.contains("converter") => {
                let at = range.start + source[range.clone()].find("{%").unwrap_or(0);
                problems.push((at, format!("`{{% … %}}` is Zola's and Tera's form: a converter is written `{}`", shortcode::EXAMPLE)));
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
    let notes = notes.finish(&mut heading_ids, &mut problems);
    let markers: Vec<String> =
        (0..embeds.len()).map(embed_marker).chain((0..notes.references()).map(footnotes::reference_marker)).chain((0..marks.len()).map(task_marker)).collect();
    // Raw HTML is refused above with its places; removed here too, whatever the check missed.
    let to_html = |events: Vec<Event>| {
        let mut html_out = String::with_capacity(source.len() * 3 / 2);
        html::push_html(&mut html_out, events.into_iter());
        html_out = aligned_by_class(html_out);
        if any_raw {
            html_out = sanitized(&html_out, source, &markers);
        }
        html_out
    };
    // Each note on its own, so that an element left open in one cannot take in the others.
    let items: Vec<String> = notes.numbered().map(|range| to_html(out[range].to_vec())).collect();
    let body = out.into_iter().enumerate().filter(|(n, _)| !definitions.iter().any(|d| d.contains(n))).map(|(_, e)| e).collect();
    let mut html_out = to_html(body);
    html_out.push_str(&notes.section(&items));
    // The ids of the footnotes and the marks' classes go in after the sanitizer, which drops
    // every id but a heading's and every class but a few of the build's.
    for (n, reference) in notes.reference_html.iter().enumerate() {
        html_out = html_out.replacen(&footnotes::reference_marker(n), reference, 1);
    }
    for (n, mark) in marks.iter().enumerate() {
        html_out = html_out.replacen(&task_marker(n), mark, 1);
    }
    Rendered { html: html_out, links, images: used, problems, embeds }
}

/// Where the body first nests deeper than [`nesting::MAX_NESTING`], if it does.
fn too_deep(events: &[(Event, std::ops::Range<usize>)]) -> Option<usize> {
    let mut depth = 0usize;
    for (event, range) in events {
        match event {
            Event::Start(_) => {
                depth += 1;
                if depth > nesting::MAX_NESTING {
                    return Some(range.start);
                }
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// What stands for the `n`th task list mark of a body until the sanitizer has run.
fn task_marker(n: usize) -> String {
    format!("<!--unitly:task:{n}-->")
}

/// A task list item's mark (`- [ ]`, `- [x]`): a box a reader sees and words a screen reader
/// says, not pulldown-cmark's disabled checkbox, which has no label and looks like a control
/// that does nothing. U+FE0E: the box as text, never an emoji.
fn task_mark(done: bool) -> String {
    let (glyph, words) = if done { ("\u{2611}\u{fe0e}", "Done: ") } else { ("\u{2610}", "To do: ") };
    format!("<span class=\"task-mark\" aria-hidden=\"true\">{glyph}</span><span class=\"visually-hidden\">{words}</span>")
}

/// Footnotes in an FAQ answer: the answers share a page, so their notes' numbers and ids would.
const NO_FOOTNOTES_HERE: &str = "a footnote goes in a page's or an article's body, not here: say it in the answer's text";

/// The first site path in a paragraph's `](…)` that holds a space (CommonMark then reads
/// neither the link nor the image), with its offset; a space before a title (`(/a "t")`) is
/// none.
fn spaced_address(paragraph: &str) -> Option<(usize, &str)> {
    paragraph.match_indices("](/").find_map(|(i, _)| {
        let start = i + 2;
        let dest = &paragraph[start..].split([')', '\n']).next()?;
        let (_, after) = dest.split_once(' ')?;
        (!after.trim_start().starts_with(['"', '\'', '('])).then_some((start, *dest))
    })
}

/// `html` with each cell's alignment a class ([`raw_html::ALIGNMENTS`]). Only pulldown-cmark writes such
/// an attribute: a `style` in raw HTML is refused and sanitized away.
fn aligned_by_class(html: String) -> String {
    if !html.contains(" style=\"text-align: ") {
        return html;
    }
    raw_html::ALIGNMENTS.iter().fold(html, |html, (style, class)| html.replace(style, &format!(" class=\"{class}\"")))
}

/// `html` through the sanitizer, keeping the build's own `markers` (comments, which it
/// drops with every other): each is a text no content can write while it passes — a
/// random number of this render — and put back after.
fn sanitized(html: &str, source: &str, markers: &[String]) -> String {
    use std::hash::BuildHasher;
    let nonce = format!("unitly-embed-{:016x}-", std::collections::hash_map::RandomState::new().hash_one(source));
    let stand_in = |n: usize| format!("{nonce}{n}.");
    let held = markers.iter().enumerate().fold(html.to_string(), |html, (n, marker)| html.replacen(marker, &stand_in(n), 1));
    let clean = raw_html::sanitize(&held);
    markers.iter().enumerate().fold(clean, |html, (n, marker)| html.replacen(&stand_in(n), marker, 1))
}

/// The index of the event that ends the paragraph starting at `start`.
fn paragraph_end(events: &[(Event, std::ops::Range<usize>)], start: usize) -> usize {
    events[start..].iter().position(|(e, _)| matches!(e, Event::End(TagEnd::Paragraph))).map_or(events.len() - 1, |n| start + n)
}

/// Raw HTML as pulldown-cmark gives it (an inline tag, or an HTML block line by line), with
/// where each piece starts in the markdown source: the lines of a block inside a quote or a
/// list are not contiguous there.
#[derive(Default)]
struct RawHtml {
    text: String,
    /// (offset in `text`, offset in the source) of each piece.
    starts: Vec<(usize, usize)>,
}

impl RawHtml {
    fn push(&mut self, piece: &str, source_offset: usize) {
        self.starts.push((self.text.len(), source_offset));
        self.text.push_str(piece);
    }

    /// Checks what was gathered ([`raw_html::check`]), locating each problem and internal
    /// link in the source, and starts over.
    fn check(&mut self, problems: &mut Vec<(usize, String)>, links: &mut Vec<(String, usize)>) {
        let raw = std::mem::take(self);
        if raw.text.is_empty() {
            return;
        }
        let source = |offset: usize| {
            let (text_at, source_at) = raw.starts.iter().rev().find(|(t, _)| *t <= offset).copied().unwrap_or((0, 0));
            source_at + (offset - text_at)
        };
        let checked = raw_html::check(&raw.text);
        problems.extend(checked.problems.into_iter().map(|(at, message)| (source(at), message)));
        links.extend(checked.links.into_iter().map(|(target, at)| (target, source(at))));
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_columns_alignment_is_a_class_the_csp_allows_with_or_without_raw_html() {
        let table = "| Cups | Grams | Note |\n|:-----|------:|:----:|\n| 1 | 120 | sifted |\n";
        for source in [table.to_string(), format!("{table}\n<abbr title=\"grams\">g</abbr>\n")] {
            let html = render(&source, &Catalog::default(), None).html;
            assert!(html.contains("<th class=\"align-left\">Cups</th>") && html.contains("<td class=\"align-right\">120</td>"), "{html}");
            assert!(html.contains("<td class=\"align-center\">sifted</td>") && !html.contains("style="), "{html}");
        }
    }

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
        let r = render(src, &Catalog::default(), Some(Converters { units: &units, cooking: None }));
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!((r.embeds.len(), r.embeds[0].heading_level, r.embeds[0].id.as_str()), (1, 3, "temperature-converter-1"));
        assert!(r.html.contains("<!--unitly:embed:0-->") && !r.html.contains("<p>{{"), "{}", r.html);
        assert!(r.html.contains("<code>{{ converter(from=\"x\") }}"), "a shortcode in a code block is an example: {}", r.html);
        let bad = render(
            "Try {{ converter(from=\"feet\", to=\"meters\") }} here.\n\n{{ converter(from=\"feet\", to=\"grams\") }}\n",
            &Catalog::default(),
            Some(Converters { units: &units, cooking: None }),
        );
        let at: Vec<usize> = bad.problems.iter().map(|(at, _)| *at).collect();
        assert_eq!(at, [4, 83], "{:?}", bad.problems);
        assert!(render("{{ converter(from=\"feet\", to=\"meters\") }}", &Catalog::default(), None).problems[0].1.contains("not here"));
    }

    #[test]
    fn what_would_be_published_as_written_is_located() {
        let units = crate::content::shortcode::tests_units();
        let with = |src: &str| render(src, &Catalog::default(), Some(Converters { units: &units, cooking: None })).problems;
        // Zola's block form, alone or in a sentence.
        let block = with("{% converter(from=\"feet\", to=\"meters\") %}\n\nSee {% converter(from=\"feet\") %}.\n");
        assert_eq!(block.iter().map(|(at, _)| *at).collect::<Vec<_>>(), [0, 47], "{block:?}");
        assert!(block[0].1.contains("is Zola's and Tera's form"), "{block:?}");
        // An address with a space: no image, no link; one with a title is both.
        let spaced = with("Intro.\n\n![A scale](/images/My Scale.png)\n\nSee [the guide](/blog/my guide).\n\n[x](/faq \"FAQ\")\n");
        assert_eq!(spaced.len(), 2, "{spaced:?}");
        assert_eq!(spaced[0].0, 19);
        assert!(
            spaced[0].1.starts_with("`/images/My Scale.png` holds a space")
                && spaced[0].1.ends_with("name the file without spaces (letters, digits, `-`, `_` and `.`)")
        );
        assert!(spaced[1].1.ends_with("write the path without spaces"), "{spaced:?}");
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
    fn remote_images_are_refused_where_they_are_written_and_left_out() {
        // The site's CSP is `img-src 'self' data:`: a remote image would be broken for every
        // visitor, and a request to a third party.
        let src = "Intro.\n\n![Remote](https://example.com/x.png)\n\nAnd ![plain](HTTP://example.com/y.png#10x10) inline.\n";
        let r = render(src, &Catalog::default(), None);
        let at: Vec<usize> = r.problems.iter().map(|(o, _)| *o).collect();
        assert_eq!(at, [src.find("![Remote").unwrap(), src.find("![plain").unwrap()], "{:?}", r.problems);
        assert!(r.problems.iter().all(|(_, m)| m.contains("remote images are blocked") && m.contains("content/images/")), "{:?}", r.problems);
        assert!(!r.html.contains("example.com"), "{}", r.html);
    }

    #[test]
    fn an_email_autolink_is_a_mailto_link() {
        let r = render("Write to <hello@unitly.app> or [us](mailto:hello@unitly.app).\n", &Catalog::default(), None);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert!(r.html.contains("<a href=\"mailto:hello@unitly.app\">hello@unitly.app</a>"), "{}", r.html);
    }

    #[test]
    fn a_level_one_heading_in_a_body_is_refused_where_it_is_written() {
        let src = "Intro.\n\n# A second title\n\nText.\n\nAlso a title\n============\n\n## Fine\n";
        let r = render(src, &Catalog::default(), None);
        let at: Vec<usize> = r.problems.iter().map(|(o, _)| *o).collect();
        assert_eq!(at, [src.find("# A").unwrap(), src.find("Also").unwrap()], "{:?}", r.problems);
        assert!(r.problems[0].1.contains("start at `##`"), "{:?}", r.problems);
    }

    #[test]
    fn inline_markdown_for_answers() {
        let r = inline("See the [volume converter](/volume-converter), *not* `x`.");
        assert_eq!(r.html, "See the <a href=\"/volume-converter\">volume converter</a>, <em>not</em> <code>x</code>.");
        assert_eq!(r.links, [("/volume-converter".to_string(), 8)]);
        assert_eq!(plain_text("See the [volume converter](/volume-converter), *not* `x`."), "See the volume converter, not x.");
    }

    #[test]
    fn script_urls_in_markdown_links_and_images_are_refused_where_they_are_written_and_left_out() {
        let src = "Intro.\n\n[a](javascript:alert(1)) and [b](&#106;avascript:alert(1)) and <JavaScript:alert(1)>.\n\n\
            [c][ref] and ![d](data:image/svg+xml,%3Csvg%20onload=alert(1)%3E) and [e](vbscript:x)\n\n[ref]: java&#x09;script:alert(1)\n";
        let r = render(src, &Catalog::default(), None);
        let at: Vec<usize> = r.problems.iter().map(|(o, _)| *o).collect();
        let expected: Vec<usize> = ["[a]", "[b]", "<JavaScript", "[c]", "![d]", "[e]"].iter().map(|n| src.find(n).unwrap()).collect();
        assert_eq!(at, expected, "{:?}", r.problems);
        assert!(r.problems.iter().all(|(_, m)| m.contains(" URL ")), "{:?}", r.problems);
        for piece in raw_html::tokenize(&r.html) {
            if let raw_html::Piece::Start { attrs, .. } = piece {
                assert!(attrs.iter().all(|(_, v)| raw_html::scheme(v).is_none()), "{attrs:?} in {}", r.html);
            }
        }
        assert!(r.html.contains("<a href=\"\">a</a>"), "{}", r.html);
    }

    #[test]
    fn embedded_converters_survive_the_sanitizer_and_forged_markers_do_not() {
        let units = crate::content::shortcode::tests_units();
        let src = "Press <kbd>Enter</kbd>.\n\n{{ converter(from=\"celsius\", to=\"fahrenheit\", value=\"180\") }}\n\n<details><summary>More</summary>\n\n\
            {{ converter(from=\"fahrenheit\", to=\"celsius\") }}\n\n</details>\n\nunitly-embed- <!--unitly:embed:0-->\n";
        let r = render(src, &Catalog::default(), Some(Converters { units: &units, cooking: None }));
        assert_eq!(r.embeds.len(), 2, "{:?}", r.problems);
        let forged = src.find("<!--unitly:embed:0").unwrap();
        assert_eq!(r.problems.iter().map(|(at, _)| *at).collect::<Vec<_>>(), [forged], "{:?}", r.problems);
        assert_eq!(r.html.matches("<!--unitly:embed:0-->").count(), 1, "{}", r.html);
        assert_eq!(r.html.matches("<!--unitly:embed:1-->").count(), 1, "{}", r.html);
        assert!(r.html.find("<!--unitly:embed:1-->") > r.html.find("<summary>More</summary>"), "{}", r.html);
        assert!(r.html.contains("<kbd>Enter</kbd>") && r.html.contains("<p>unitly-embed- </p>"), "{}", r.html);
    }

    #[test]
    fn raw_html_is_checked_where_it_is_written_and_sanitized() {
        let src = "## T\n\n> <div onclick=\"x()\">\n> <meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">\n> </div>\n\n\
            - item <span style=\"a\">s</span> <!--unitly:assets-->\n\n<abbr title=\"Système international\">SI</abbr> [x](/faq)\n";
        let r = render(src, &Catalog::default(), None);
        let located: Vec<(&str, &str)> = r.problems.iter().map(|(o, m)| (&src[*o..*o + 8], m.as_str())).collect();
        assert_eq!(located.len(), 4, "{located:?}");
        assert!(located[0].0 == "onclick=" && located[0].1.contains("`onclick`"), "{located:?}");
        assert!(located[1].0 == "<meta ht" && located[1].1.contains("`<meta>`"), "{located:?}");
        assert!(located[2].0 == "style=\"a" && located[2].1.contains("`style`"), "{located:?}");
        assert!(located[3].0 == "<!--unit" && located[3].1.contains("marker of the build"), "{located:?}");
        assert!(!r.html.contains("onclick") && !r.html.contains("http-equiv") && !r.html.contains("style=") && !r.html.contains("<!--"), "{}", r.html);
        assert!(r.html.contains("<abbr title=\"Système international\">SI</abbr>") && r.html.contains("<h2 id=\"t\">T</h2>"), "{}", r.html);
        assert_eq!(r.links, [("/faq".to_string(), src.find("[x]").unwrap())]);
    }

    /// A page's or an article's body, where footnotes go.
    fn body(source: &str) -> Rendered {
        let units = crate::content::shortcode::tests_units();
        render(source, &Catalog::default(), Some(Converters { units: &units, cooking: None }))
    }

    #[test]
    fn footnotes_are_numbered_in_the_order_of_first_reference_and_listed_at_the_end() {
        let src = "A yard is 0.9144 m[^yard] exactly[^nist], and a pound[^Pound] too[^yard].\n\n\
            [^nist]: NIST SP 811.\n[^yard]: Since 1959.\n[^pound]: 0.45359237 kg.\n\n    A second paragraph.\n\n## After\n";
        let r = body(src);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let sup = |href: &str, id: &str, n: u8| {
            format!(
                "<sup class=\"footnote-ref\" data-search-skip><a href=\"#{href}\" id=\"{id}\"><span class=\"visually-hidden\">Footnote </span>{n}</a></sup>"
            )
        };
        let text = format!(
            "<p>A yard is 0.9144 m{} exactly{}, and a pound{} too{}.</p>",
            sup("fn-yard", "fnref-yard", 1),
            sup("fn-nist", "fnref-nist", 2),
            sup("fn-pound", "fnref-pound", 3),
            sup("fn-yard", "fnref-yard-2", 1)
        );
        assert!(r.html.starts_with(&text), "{}", r.html);
        // The notes leave the text where they were written; the heading after them stays.
        assert!(r.html.contains(".</p>\n<h2 id=\"after\">After</h2>\n<section class=\"footnotes\" aria-labelledby=\"footnotes\">"), "{}", r.html);
        let items: Vec<&str> = r.html.split("<li id=\"").skip(1).map(|li| li.split_once('"').unwrap().0).collect();
        assert_eq!(items, ["fn-yard", "fn-nist", "fn-pound"], "{}", r.html);
        assert!(
            r.html.contains(
                "<p>Since 1959. <a href=\"#fnref-yard\" class=\"footnote-back\" aria-label=\"Back to reference 1\" data-search-skip>\u{21a9}\u{fe0e}</a></p>"
            ),
            "{}",
            r.html
        );
        // A note of two paragraphs: the back link ends the last.
        assert!(r.html.contains("<p>A second paragraph. <a href=\"#fnref-pound\" class=\"footnote-back\" aria-label=\"Back to reference 3\""), "{}", r.html);
        assert!(!r.html.contains("id=\"1\"") && !r.html.contains("[^"), "{}", r.html);
    }

    #[test]
    fn task_list_items_show_a_mark_with_words_for_a_screen_reader_even_with_raw_html() {
        let r = body("- [ ] Weigh the flour\n- [x] Preheat to <abbr title=\"Gas mark\">GM</abbr> 4\n- [y] not a task\n");
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let mark = |glyph: &str, words: &str| {
            format!("<li><span class=\"task-mark\" aria-hidden=\"true\">{glyph}</span><span class=\"visually-hidden\">{words}</span>")
        };
        assert!(r.html.contains(&format!("{}Weigh the flour</li>", mark("\u{2610}", "To do: "))), "{}", r.html);
        assert!(r.html.contains(&format!("{}Preheat to <abbr title=\"Gas mark\">GM</abbr> 4</li>", mark("\u{2611}\u{fe0e}", "Done: "))), "{}", r.html);
        assert!(r.html.contains("<li>[y] not a task</li>") && !r.html.contains("<input"), "{}", r.html);
    }

    #[test]
    fn footnote_ids_never_take_a_heading_s_a_template_s_or_each_other_s() {
        let src = "## fn-1\n\nText[^1] and[^main] and[^1-2].\n\n## Footnotes\n\n[^1]: One.\n[^main]: Two.\n[^1-2]: Three.\n";
        let r = body(src);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let mut ids: Vec<&str> = r.html.split(" id=\"").skip(1).map(|rest| rest.split_once('"').unwrap().0).collect();
        assert_eq!(ids, ["fn-1", "fnref-1", "fnref-main", "fnref-1-2", "footnotes", "footnotes-2", "fn-1-2", "fn-main", "fn-1-2-2"], "{}", r.html);
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 9, "{}", r.html);
        assert!(r.html.contains("<h2 id=\"fn-1\">fn-1</h2>") && r.html.contains("<a href=\"#fn-1-2\" id=\"fnref-1\">"), "{}", r.html);
    }

    #[test]
    fn a_body_with_raw_html_keeps_the_footnotes_ids_and_drops_an_editor_s() {
        let src = "Press <kbd>Enter</kbd>[^k] <span id=\"fn-k\">x</span>.\n\n[^k]: A <abbr title=\"key\">key</abbr> <b>unclosed\n";
        let r = body(src);
        assert_eq!(r.problems.len(), 1, "the editor's id: {:?}", r.problems);
        assert!(r.html.contains("<kbd>Enter</kbd><sup class=\"footnote-ref\" data-search-skip><a href=\"#fn-k\" id=\"fnref-k\">"), "{}", r.html);
        assert!(r.html.contains("<span>x</span>") && r.html.contains("<li id=\"fn-k\">\n<p>A <abbr title=\"key\">key</abbr> <b>unclosed"), "{}", r.html);
        assert!(r.html.contains("<a href=\"#fnref-k\" class=\"footnote-back\""), "{}", r.html);
        assert!(r.html.ends_with("</li>\n</ol>\n</section>\n"), "the note's open `<b>` ends in its item: {}", r.html);
        // A forged marker is text no one sees, never a reference.
        let forged = body("Text[^a].\n\n[^a]: Note.\n\n<b>b</b> <!--unitly:fnref:0-->\n");
        assert_eq!(forged.html.matches("id=\"fnref-a\"").count(), 1, "{}", forged.html);
    }

    #[test]
    fn footnote_problems_are_located() {
        let src = "One[^a], two[^none] and `[^code]` and \\[^escaped].\n\n[^a]: A.\n[^a]: Again.\n[^unused]: Never.\n\n```\n[^block]\n```\n";
        let r = body(src);
        let found: Vec<(usize, &str)> = r.problems.iter().map(|(at, m)| (*at, m.as_str())).collect();
        assert_eq!(found.len(), 3, "{found:?}");
        assert_eq!(
            found[0],
            (src.find("[^none]").unwrap(), "the footnote `[^none]` has no note: add `[^none]: the note` on a line of its own (at the end of the text)")
        );
        assert_eq!(found[1].0, src.find("[^a]: Again").unwrap());
        assert!(found[1].1.starts_with("the footnote `[^a]` is defined twice"), "{found:?}");
        assert_eq!(found[2].0, src.find("[^unused]").unwrap());
        assert!(found[2].1.starts_with("the footnote `[^unused]` is never referenced"), "{found:?}");
        assert!(!r.html.contains("Again") && !r.html.contains("Never"), "{}", r.html);
        let answer = inline("Yes[^1].\n\n[^1]: Why.");
        assert_eq!(answer.problems.iter().map(|(at, _)| *at).collect::<Vec<_>>(), [3, 10], "{:?}", answer.problems);
    }

    #[test]
    fn an_answer_with_raw_html_is_refused_and_sanitized() {
        let r = inline("Yes <img src=x onerror=alert(1)> and <kbd>K</kbd>.");
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert_eq!(r.problems[0].0, 4);
        // The check refuses the image; the sanitizer keeps an `<img>` (the build writes them) without its handler.
        assert_eq!(r.html, "Yes <img src=\"x\"> and <kbd>K</kbd>.");
    }
}
