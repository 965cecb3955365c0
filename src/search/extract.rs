//! What the index reads of a written page: the text of its `<main>`, without what is not
//! the page's own (islands, navigation, icons, hidden parts, scripts, forms and anything
//! marked `data-search-skip`), and which parts of it are headings (their words weigh more).

use crate::html::decode_entity;

/// Elements whose whole content is left out.
const SKIPPED: [&str; 10] = ["nav", "script", "style", "svg", "template", "noscript", "button", "select", "form", "textarea"];
/// Elements without an end tag.
const VOID: [&str; 14] = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"];
/// Elements inside a run of text: every other element ends it, so the words on either side
/// are not one word (`<td>metres</td><td>feet</td>`), while `m<sup>2</sup>` stays `m2`.
const INLINE: [&str; 22] =
    ["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "u"];

/// How much a word in a heading counts, against 1 in the text (h1: the page's title).
pub fn heading_weight(tag: &str) -> Option<u8> {
    match tag {
        "h1" => Some(5),
        "h2" => Some(3),
        "h3" | "h4" | "h5" | "h6" => Some(2),
        _ => None,
    }
}

/// The searchable part of a page.
#[derive(Debug, Default, PartialEq)]
pub struct Extracted {
    /// Its text, entities decoded, each run of white space one space.
    pub text: String,
    /// The byte ranges of `text` in headings, with their weight.
    pub headings: Vec<(std::ops::Range<usize>, u8)>,
}

/// The inside of the page's `<main>` element, if it has one.
pub fn main_of(page: &str) -> Option<&str> {
    let open = page.find("<main")?;
    let start = open + page[open..].find('>')? + 1;
    // The last `</main>`: the page's own is the only one outside text and attributes, and
    // nothing of the page after it (footer, dock islands) holds one.
    let end = page.rfind("</main>")?;
    (start <= end).then(|| &page[start..end])
}

/// One tag as read: its lower-case name, whether it closes, and its attributes' text.
struct Tag<'a> {
    name: String,
    closing: bool,
    attrs: &'a str,
    /// The byte just after the tag's `>`.
    end: usize,
}

/// Reads the tag starting at `html[at]` (a `<`); `None` when it is not a tag (a lone `<`).
fn read_tag(html: &str, at: usize) -> Option<Tag<'_>> {
    let bytes = html.as_bytes();
    let mut i = at + 1;
    let closing = bytes.get(i) == Some(&b'/');
    if closing {
        i += 1;
    }
    let name_start = i;
    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'-') {
        i += 1;
    }
    if i == name_start {
        return None;
    }
    let name = html[name_start..i].to_ascii_lowercase();
    let attrs_start = i;
    let mut quote = None;
    while i < bytes.len() {
        match (quote, bytes[i]) {
            (None, b'"' | b'\'') => quote = Some(bytes[i]),
            (Some(q), c) if c == q => quote = None,
            (None, b'>') => return Some(Tag { name, closing, attrs: &html[attrs_start..i], end: i + 1 }),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The value of attribute `name` in a tag's attribute text (quoted or not), if present.
fn attr<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    let bytes = attrs.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'=' && bytes[i] != b'/' {
            i += 1;
        }
        let key = &attrs[start..i];
        let mut value = "";
        if bytes.get(i) == Some(&b'=') {
            i += 1;
            match bytes.get(i) {
                Some(&q @ (b'"' | b'\'')) => {
                    let close = attrs[i + 1..].find(q as char).map_or(attrs.len(), |e| i + 1 + e);
                    value = &attrs[i + 1..close];
                    i = close + 1;
                }
                _ => {
                    let s = i;
                    while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    value = &attrs[s..i];
                }
            }
        }
        if key.eq_ignore_ascii_case(name) {
            return Some(value);
        }
        if i == start {
            i += 1;
        }
    }
    None
}

/// Whether an element is left out whole.
fn skipped(tag: &Tag) -> bool {
    SKIPPED.contains(&tag.name.as_str())
        || attr(tag.attrs, "data-island").is_some()
        || attr(tag.attrs, "data-search-skip").is_some()
        || attr(tag.attrs, "hidden").is_some()
        || attr(tag.attrs, "aria-hidden") == Some("true")
}

/// The text of `main` and its headings (see the module's comment).
pub fn extract(main: &str) -> Extracted {
    let mut out = Extracted { text: String::with_capacity(main.len() / 3), headings: Vec::new() };
    let mut i = 0;
    // While inside a left-out element: its name and how deep in elements of that name.
    let mut skipping: Option<(String, usize)> = None;
    // The heading being read: its weight and where its text starts.
    let mut heading: Option<(String, u8, usize)> = None;
    while i < main.len() {
        let Some(lt) = main[i..].find('<').map(|p| i + p) else {
            if skipping.is_none() {
                push_text(&mut out.text, &main[i..]);
            }
            break;
        };
        if skipping.is_none() {
            push_text(&mut out.text, &main[i..lt]);
        }
        if main[lt..].starts_with("<!--") {
            i = main[lt..].find("-->").map_or(main.len(), |e| lt + e + 3);
            continue;
        }
        let Some(tag) = read_tag(main, lt) else {
            if skipping.is_none() {
                push_text(&mut out.text, "<");
            }
            i = lt + 1;
            continue;
        };
        i = tag.end;
        let void = VOID.contains(&tag.name.as_str()) || tag.attrs.trim_end().ends_with('/');
        if let Some((name, depth)) = &mut skipping {
            if tag.name == *name && !void {
                if tag.closing {
                    *depth -= 1;
                } else {
                    *depth += 1;
                }
                if *depth == 0 {
                    skipping = None;
                }
            }
            continue;
        }
        if !tag.closing && (tag.name == "script" || tag.name == "style") {
            // Raw text: it ends at its own end tag, whatever it holds.
            let close = format!("</{}", tag.name);
            i = main[i..].find(&close).map_or(main.len(), |e| i + e);
            i = main[i..].find('>').map_or(main.len(), |e| i + e + 1);
            continue;
        }
        if !tag.closing && skipped(&tag) {
            if !void {
                skipping = Some((tag.name, 1));
            }
            continue;
        }
        if !INLINE.contains(&tag.name.as_str()) {
            separate(&mut out.text);
        }
        match (&heading, heading_weight(&tag.name), tag.closing) {
            (None, Some(weight), false) => heading = Some((tag.name, weight, out.text.len())),
            (Some((name, weight, start)), _, true) if *name == tag.name => {
                let end = out.text.trim_end().len();
                if end > *start {
                    out.headings.push((*start..end, *weight));
                }
                heading = None;
            }
            _ => {}
        }
    }
    let end = out.text.trim_end().len();
    out.text.truncate(end);
    out
}

/// Ends the current run of text with a space, once.
fn separate(text: &mut String) {
    if !text.is_empty() && !text.ends_with(' ') {
        text.push(' ');
    }
}

/// Appends text as it reads: entities decoded, runs of white space as one space.
fn push_text(text: &mut String, raw: &str) {
    let mut rest = raw;
    while !rest.is_empty() {
        let amp = rest.find('&').unwrap_or(rest.len());
        push_spaced(text, &rest[..amp]);
        rest = &rest[amp..];
        if rest.is_empty() {
            break;
        }
        match decode_entity(rest) {
            Some((c, len)) => {
                let mut buf = [0; 4];
                push_spaced(text, c.encode_utf8(&mut buf));
                rest = &rest[len..];
            }
            None => {
                push_spaced(text, "&");
                rest = &rest[1..];
            }
        }
    }
}

fn push_spaced(text: &mut String, s: &str) {
    for c in s.chars() {
        if c.is_whitespace() {
            separate(text);
        } else {
            text.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_is_the_last_main_element() {
        let page = "<body><header>x</header><main id=\"main\" class=\"container\"><p>a</p></main><footer>f</footer></body>";
        assert_eq!(main_of(page), Some("<p>a</p>"));
        assert_eq!(main_of("<body><p>no main</p></body>"), None);
    }

    #[test]
    fn a_bare_ampersand_before_any_text_is_text() {
        // The minifier writes a lone & as it is; what follows may be curly quotes or ½,
        // several bytes each, and an entity is looked for within 12 bytes of it.
        assert_eq!(extract("<p>Q&A: “What’s a cup?”</p>").text, "Q&A: “What’s a cup?”");
        assert_eq!(extract("<p>flour & sugar, 1 ½ cups</p>").text, "flour & sugar, 1 ½ cups");
        assert_eq!(extract("<p>a &amp; b &#8217; c</p>").text, "a & b ’ c");
    }

    #[test]
    fn reads_the_text_and_where_the_headings_are() {
        let table = extract("<table><tr><th>metres</th><th>feet</th></tr></table><p>m<sup>2</sup></p>");
        assert_eq!(table.text, "metres feet m2");
        let got = extract("<article class=\"prose\"><h1>Feet</h1><h2 id=\"the-factor\" class=\"x\">The <em>factor</em></h2><p>One <a href=\"/x\">foot</a> is <strong>0.3048</strong>\n   m.</p><p>Next</p></article>");
        assert_eq!(got.text, "Feet The factor One foot is 0.3048 m. Next");
        let headings: Vec<(&str, u8)> = got.headings.iter().map(|(r, w)| (&got.text[r.clone()], *w)).collect();
        assert_eq!(headings, [("Feet", 5), ("The factor", 3)]);
    }

    #[test]
    fn leaves_out_islands_navigation_icons_and_hidden_parts() {
        let main = concat!(
            "<nav class=\"breadcrumb\"><ol><li><a href=\"/\">Home</a></li></ol></nav>",
            "<h1>Length</h1>",
            "<div class=\"island\" data-island=\"ConverterCard\" data-props='{\"a\":\"<div>\"}'><div><div>Value</div></div><input value=\"1\"></div>",
            "<p>Kept <svg viewBox=\"0 0 1 1\"><path d=\"M0\"/></svg>text</p>",
            "<span aria-hidden=\"true\">1</span><p hidden>gone</p>",
            "<section data-search-skip><h2>Boilerplate</h2></section>",
            "<img src=\"a.png\" alt=\"x\"><br><p>End</p>",
        );
        let got = extract(main);
        assert_eq!(got.text, "Length Kept text End");
        assert_eq!(got.headings, [(0..6, 5)]);
    }

    #[test]
    fn entities_are_decoded() {
        let got = extract("<p>Fish &amp; chips &#8211; a&nbsp;lot, 5 &lt; 6 &#x2019;s &co</p>");
        assert_eq!(got.text, "Fish & chips – a lot, 5 < 6 ’s &co");
    }

    #[test]
    fn the_minifiers_legacy_entities_are_decoded() {
        // What the minifier writes for a code block holding `<script>` and `a & b`.
        let got = extract("<pre><code>&LTscript>alert(1)&LT/script> a &AMP b &lt;i> &ampx 1 &GT 0 &LT;</code></pre>");
        assert_eq!(got.text, "<script>alert(1)</script> a & b <i> &x 1 > 0 <");
    }

    #[test]
    fn comments_scripts_and_broken_markup_do_not_derail_it() {
        let got = extract("<!-- <p>no</p> --><p>a < b</p><script>if (a<b) {}</script><style>p>a{}</style><p>c</p><p>unterminated <a href=\"x");
        assert_eq!(got.text, "a < b c unterminated <a href=\"x");
    }
}
