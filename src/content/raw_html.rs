//! Raw HTML in markdown is content, not code. What an editor may write is an allow-list
//! (tables, `<abbr>`, `<sub>`/`<sup>`, `<kbd>`, `<details>`/`<summary>` and other text-level
//! elements, with a few plain attributes); anything else is refused with its place, and
//! every body that holds raw HTML also goes through an allow-list sanitizer (ammonia) that
//! knows the same list plus what the build itself writes, so a mistake in one layer is
//! caught by the other. HTML is read with a browser's tokenizer (html5ever), never with
//! patterns: what is checked is what a browser would see.

use ammonia::{Builder, UrlRelative};
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// Attributes any allowed element may carry.
const GLOBAL_ATTRIBUTES: [&str; 3] = ["title", "lang", "dir"];

/// The elements raw HTML in markdown may use, with the attributes each may carry beyond
/// [`GLOBAL_ATTRIBUTES`].
pub const ALLOWED: &[(&str, &[&str])] = &[
    ("a", &["href"]),
    ("abbr", &[]),
    ("b", &[]),
    ("bdi", &[]),
    ("blockquote", &[]),
    ("br", &[]),
    ("caption", &[]),
    ("cite", &[]),
    ("code", &[]),
    ("col", &["span"]),
    ("colgroup", &["span"]),
    ("dd", &[]),
    ("del", &[]),
    ("details", &["open"]),
    ("dfn", &[]),
    ("div", &[]),
    ("dl", &[]),
    ("dt", &[]),
    ("em", &[]),
    ("figcaption", &[]),
    ("figure", &[]),
    ("hr", &[]),
    ("i", &[]),
    ("ins", &[]),
    ("kbd", &[]),
    ("li", &["value"]),
    ("mark", &[]),
    ("ol", &["start", "reversed", "type"]),
    ("p", &[]),
    ("pre", &[]),
    ("q", &[]),
    ("s", &[]),
    ("samp", &[]),
    ("small", &[]),
    ("span", &[]),
    ("strong", &[]),
    ("sub", &[]),
    ("summary", &[]),
    ("sup", &[]),
    ("table", &[]),
    ("tbody", &[]),
    ("td", &["colspan", "rowspan", "headers"]),
    ("tfoot", &[]),
    ("th", &["colspan", "rowspan", "scope", "abbr"]),
    ("thead", &[]),
    ("time", &["datetime"]),
    ("tr", &[]),
    ("u", &[]),
    ("ul", &[]),
    ("var", &[]),
    ("wbr", &[]),
];

/// What the build itself writes into a body (markdown's own elements, heading ids, table
/// regions, responsive images), which the sanitizer keeps on top of [`ALLOWED`].
const BUILD_WRITES: &[(&str, &[&str])] = &[
    ("h1", &["id"]),
    ("h2", &["id"]),
    ("h3", &["id"]),
    ("h4", &["id"]),
    ("h5", &["id"]),
    ("h6", &["id"]),
    ("a", &["href"]),
    ("code", &["class"]),
    ("div", &["class", "role", "aria-label"]),
    ("th", &["class"]),
    ("td", &["class"]),
    ("img", &["src", "data-src", "alt", "width", "height", "loading", "decoding", "srcset", "sizes"]),
    ("picture", &[]),
    ("source", &["type", "srcset", "sizes"]),
];

/// A table column's alignment (`|---:|`) as pulldown-cmark writes it on each cell, and the
/// theme's class for it: the site's Content-Security-Policy (`style-src 'self'`) blocks a
/// `style` attribute, so the cells would stay left-aligned and each log a console error.
pub const ALIGNMENTS: [(&str, &str); 3] =
    [(" style=\"text-align: left\"", "align-left"), (" style=\"text-align: center\"", "align-center"), (" style=\"text-align: right\"", "align-right")];

/// URL schemes a link may use; a link without a scheme is a path of the site.
pub const LINK_SCHEMES: [&str; 4] = ["https", "http", "mailto", "tel"];
/// Why an image may not be loaded from `url`, or `None`: an image comes from the site. A
/// remote one (`https:`) is blocked by the site's Content-Security-Policy (`img-src 'self'`),
/// so visitors would see a broken image, and it would be a request to a third party that
/// no visitor agreed to.
pub fn refused_image(url: &str) -> Option<String> {
    match scheme(url)?.as_str() {
        "https" | "http" => Some(
            "remote images are blocked by the site's Content-Security-Policy and would be a third-party request: \
             download the image into content/images/ and write `![what it shows](/images/file.png)`"
                .to_string(),
        ),
        _ => refused_url(url, &[]),
    }
}

/// Elements whose content the sanitizer drops with them (a script's text is not prose).
const DROPPED_WITH_CONTENT: [&str; 12] =
    ["script", "style", "iframe", "noscript", "noembed", "noframes", "object", "plaintext", "template", "textarea", "title", "xmp"];

/// The scheme of a URL as a browser reads it (ASCII tabs and newlines removed anywhere,
/// leading controls and spaces ignored, lower case), or `None` for a path, a fragment or
/// a query. `java&#x09;script:` arrives here decoded and is read as `javascript`.
pub fn scheme(url: &str) -> Option<String> {
    let cleaned: String = url.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    let cleaned = cleaned.trim_start_matches(|c: char| c <= ' ');
    let (head, _) = cleaned.split_once(':')?;
    let mut chars = head.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    valid.then(|| head.to_ascii_lowercase())
}

/// Why `url` may not be used (its scheme is not one of `allowed`), or `None`.
pub fn refused_url(url: &str, allowed: &[&str]) -> Option<String> {
    let scheme = scheme(url)?;
    if allowed.contains(&scheme.as_str()) {
        return None;
    }
    let what = match scheme.as_str() {
        "javascript" | "vbscript" => "runs script",
        "data" => "embeds a document of its own",
        _ => "is not a web address",
    };
    let shown: Vec<String> = allowed.iter().map(|s| format!("`{s}:`")).collect();
    let elsewhere = if shown.is_empty() { String::new() } else { format!(" or at {}", shown.join(", ")) };
    Some(format!("a `{scheme}:` URL {what}: content may point only at pages of the site (`/…`){elsewhere}"))
}

/// One thing a browser's tokenizer reads in HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Start {
        name: String,
        attrs: Vec<(String, String)>,
    },
    End {
        name: String,
    },
    Comment(String),
    Doctype,
    Text(String),
    /// A parse error: the HTML would be read differently than it looks (an unclosed
    /// comment or tag, a stray character).
    Malformed(String),
}

struct Sink(RefCell<Vec<Piece>>);

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut pieces = self.0.borrow_mut();
        match token {
            Token::TagToken(tag) => {
                let name = tag.name.to_string();
                if tag.kind == TagKind::EndTag {
                    pieces.push(Piece::End { name });
                    return TokenSinkResult::Continue;
                }
                let attrs = tag.attrs.iter().map(|a| (a.name.local.to_string(), a.value.to_string())).collect();
                pieces.push(Piece::Start { name: name.clone(), attrs });
                // What a browser's tree builder tells its tokenizer after these start tags.
                return match name.as_str() {
                    "script" => TokenSinkResult::RawData(RawKind::ScriptData),
                    "title" | "textarea" => TokenSinkResult::RawData(RawKind::Rcdata),
                    "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => TokenSinkResult::RawData(RawKind::Rawtext),
                    "plaintext" => TokenSinkResult::Plaintext,
                    _ => TokenSinkResult::Continue,
                };
            }
            Token::CommentToken(text) => pieces.push(Piece::Comment(text.to_string())),
            Token::DoctypeToken(_) => pieces.push(Piece::Doctype),
            Token::CharacterTokens(text) => match pieces.last_mut() {
                Some(Piece::Text(t)) => t.push_str(&text),
                _ => pieces.push(Piece::Text(text.to_string())),
            },
            Token::NullCharacterToken => pieces.push(Piece::Malformed("a NUL character".into())),
            Token::ParseError(why) => pieces.push(Piece::Malformed(why.to_string())),
            Token::EOFToken => {}
        }
        TokenSinkResult::Continue
    }
}

/// `html` as a browser's tokenizer reads it, from the start of a document's body.
pub fn tokenize(html: &str) -> Vec<Piece> {
    let tokenizer = Tokenizer::new(Sink(RefCell::new(Vec::new())), TokenizerOpts { exact_errors: true, ..Default::default() });
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.0.take()
}

/// What raw HTML in markdown holds that content may not: each problem at its byte offset
/// in `html`, and the internal links (`<a href="/…">`) with theirs.
#[derive(Debug, Default)]
pub struct Checked {
    pub problems: Vec<(usize, String)>,
    pub links: Vec<(String, usize)>,
}

/// Checks one piece of raw HTML as pulldown-cmark gives it (an inline tag, or an HTML
/// block's lines).
pub fn check(html: &str) -> Checked {
    let lower = html.to_ascii_lowercase();
    let mut out = Checked::default();
    // Each piece is found in the text after the previous one, so the offsets follow the
    // source; a parse error is placed at the piece it precedes.
    let mut cursor = 0;
    let mut malformed: Vec<String> = Vec::new();
    let find = |needle: &str, from: usize| lower[from.min(lower.len())..].find(needle).map(|i| from + i);
    // Elements open at once; past MAX_NESTING, said once.
    let (mut depth, mut deep) = (0usize, false);
    for piece in tokenize(html) {
        let at = match &piece {
            Piece::Start { name, .. } => find(&format!("<{name}"), cursor),
            Piece::End { name } => find(&format!("</{name}"), cursor),
            Piece::Comment(_) | Piece::Doctype => find("<!", cursor).or_else(|| find("<?", cursor)).or_else(|| find("</", cursor)),
            Piece::Text(_) | Piece::Malformed(_) => None,
        };
        if let Some(at) = at {
            cursor = at + 1;
        }
        let here = at.unwrap_or(cursor.saturating_sub(1));
        for why in malformed.drain(..) {
            out.problems.push((here, malformed_message(&why)));
        }
        match &piece {
            Piece::Start { name, .. } if !VOID.contains(&name.as_str()) => depth += 1,
            Piece::End { .. } => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > crate::content::nesting::MAX_NESTING && !deep {
            deep = true;
            out.problems.push((here, crate::content::nesting::too_deep("HTML elements")));
        }
        match piece {
            Piece::Start { name, attrs } => check_element(&lower, here, &name, &attrs, &mut out),
            Piece::Comment(text) if text.trim_start().starts_with("unitly:") => out
                .problems
                .push((here, format!("`<!--{}-->` is a marker of the build itself; write it as `` `<!--unitly:…-->` `` (code) to show it", text.trim()))),
            Piece::Doctype => out.problems.push((here, "a `<!DOCTYPE>` belongs to the page's templates, not to content".into())),
            Piece::Malformed(why) => malformed.push(why),
            Piece::Comment(_) | Piece::End { .. } | Piece::Text(_) => {}
        }
    }
    let end = cursor.saturating_sub(1);
    for why in malformed {
        out.problems.push((end, malformed_message(&why)));
    }
    out
}

/// Elements with no end tag: they hold nothing, so they nest nothing.
const VOID: &[&str] = &["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];

fn malformed_message(why: &str) -> String {
    format!("malformed HTML ({why}): a browser would read it differently than it looks; close every tag, quote and comment (`<!-- … -->`)")
}

fn check_element(lower: &str, at: usize, name: &str, attrs: &[(String, String)], out: &mut Checked) {
    let Some((_, allowed_attrs)) = ALLOWED.iter().find(|(n, _)| *n == name) else {
        out.problems.push((at, refused_element(name)));
        return;
    };
    for (attr, value) in attrs {
        // The attribute itself, within this tag.
        let tag_end = lower[at..].find('>').map_or(lower.len(), |i| at + i);
        let tag = &lower[at..tag_end];
        let attr_at = tag.find(&format!(" {attr}")).map(|i| i + 1).or_else(|| tag.find(attr.as_str())).map_or(at, |i| at + i);
        if !GLOBAL_ATTRIBUTES.contains(&attr.as_str()) && !allowed_attrs.contains(&attr.as_str()) {
            out.problems.push((attr_at, refused_attribute(name, attr, allowed_attrs)));
            continue;
        }
        if attr == "href" {
            if let Some(why) = refused_url(value, &LINK_SCHEMES) {
                out.problems.push((attr_at, format!("link `{}`: {why}", value.escape_debug())));
            } else if value.starts_with('/') || value.starts_with('#') {
                out.links.push((value.clone(), attr_at));
            } else if scheme(value).is_none() && !value.starts_with('?') {
                out.problems.push((attr_at, format!("relative link `{value}`: links inside the site start with `/`")));
            }
        }
    }
}

fn refused_element(name: &str) -> String {
    let why = match name {
        "script" | "noscript" => "scripts never come from content (the site's code is its islands)",
        "style" | "link" => "styles come from the theme's stylesheet",
        "iframe" | "frame" | "frameset" | "object" | "embed" | "applet" | "portal" | "fencedframe" => "frames and embedded objects are not allowed in content",
        "form" | "input" | "button" | "select" | "textarea" | "option" | "fieldset" | "label" | "output" | "datalist" => {
            "forms are islands of the site (the contact form, the newsletter box), not content"
        }
        "meta" | "base" | "head" | "html" | "body" | "title" => "the page's head is written by the templates",
        "img" | "picture" | "source" => "write an image in markdown, `![what it shows](/images/file.png)`, so it gets its size, variants and lazy loading",
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => "write a heading in markdown (`## Heading`), so it gets its anchor",
        "svg" | "math" => "put a drawing in content/images/ and use it as an image",
        _ => "",
    };
    let allowed: Vec<&str> = ALLOWED.iter().map(|(n, _)| *n).collect();
    if why.is_empty() {
        format!("`<{name}>` is not allowed in content; raw HTML may use: {}", allowed.join(", "))
    } else {
        format!("`<{name}>` is not allowed in content: {why}")
    }
}

fn refused_attribute(element: &str, attr: &str, allowed: &[&str]) -> String {
    let why = if attr.starts_with("on") {
        "event handler attributes run script".to_string()
    } else if matches!(attr, "data-island" | "data-props" | "data-client") {
        "only the build makes islands".to_string()
    } else if attr == "style" {
        "styles come from the theme's stylesheet".to_string()
    } else if matches!(attr, "id" | "name") {
        "ids come from markdown headings; another could take over one the page's scripts use".to_string()
    } else if attr == "class" {
        "classes belong to the theme".to_string()
    } else {
        let mut ok: Vec<&str> = GLOBAL_ATTRIBUTES.iter().chain(allowed).copied().collect();
        ok.sort();
        format!("`<{element}>` may carry {}", ok.join(", "))
    };
    format!("attribute `{attr}` is not allowed on `<{element}>`: {why}")
}

/// The sanitizer: [`ALLOWED`] and [`BUILD_WRITES`], URLs by scheme, comments dropped.
static SANITIZER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut tags: HashSet<&'static str> = HashSet::new();
    let mut attributes: HashMap<&'static str, HashSet<&'static str>> = HashMap::new();
    for (tag, attrs) in ALLOWED.iter().chain(BUILD_WRITES) {
        tags.insert(tag);
        attributes.entry(tag).or_default().extend(attrs.iter().copied());
    }
    let mut builder = Builder::empty();
    builder
        .tags(tags)
        .tag_attributes(attributes)
        .generic_attributes(GLOBAL_ATTRIBUTES.into_iter().collect())
        .clean_content_tags(DROPPED_WITH_CONTENT.into_iter().collect())
        // `data` only for the build's own image placeholders (the filter below).
        .url_schemes(LINK_SCHEMES.into_iter().chain(["data"]).collect())
        .url_relative(UrlRelative::PassThrough)
        .link_rel(None)
        .strip_comments(true)
        .attribute_filter(|element, attribute, value| keep_attribute(element, attribute, value).then_some(Cow::Borrowed(value)));
    builder
});

/// What the sanitizer keeps of an attribute it allows by name: URLs with a permitted
/// scheme (`data:` only as the build's image placeholder), the build's own classes and role.
fn keep_attribute(element: &str, attribute: &str, value: &str) -> bool {
    match attribute {
        "href" => refused_url(value, &LINK_SCHEMES).is_none(),
        "src" if element == "img" && scheme(value).as_deref() == Some("data") => super::placeholder::is_placeholder(value),
        "src" | "data-src" => refused_image(value).is_none(),
        "srcset" => value.split(',').all(|candidate| refused_image(candidate.trim()).is_none()),
        "class" => match element {
            "div" => value == "table-scroll",
            "th" | "td" => ALIGNMENTS.iter().any(|(_, class)| value == *class),
            "code" => value.strip_prefix("language-").is_some_and(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || "+-_#.".contains(c))),
            _ => false,
        },
        "role" => value == "region",
        _ => true,
    }
}

/// A rendered body with raw HTML, through the sanitizer.
pub fn sanitize(html: &str) -> String {
    SANITIZER.clean(html).to_string()
}

#[cfg(test)]
mod tests;
