//! SVG drawings from `content/images/` are published as they are, so they are checked as
//! they are: opened on their own (`/images/x.svg`), an SVG is a document of the site's
//! origin, and a script, an event handler, an embedded HTML document (`foreignObject`) or a
//! reference to another file in it would run or load there. A drawing may use the SVG
//! elements that draw (shapes, text, gradients, patterns, filters, a stylesheet of its own)
//! and the metadata drawing programs write; anything else is refused at its line and column.

use quick_xml::events::{BytesStart, Event};
use quick_xml::name::ResolveResult;
use quick_xml::NsReader;

const SVG_NS: &[u8] = b"http://www.w3.org/2000/svg";

/// What drawing programs write beside the drawing (Inkscape, Sodipodi, RDF and Dublin Core
/// metadata): elements a browser does not render and cannot run.
const METADATA_NS: [&[u8]; 6] = [
    b"http://www.inkscape.org/namespaces/inkscape",
    b"http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
    b"http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    b"http://creativecommons.org/ns#",
    b"http://purl.org/dc/elements/1.1/",
    b"http://web.resource.org/cc/",
];

/// The SVG elements a drawing may use.
const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "defs",
    "symbol",
    "use",
    "title",
    "desc",
    "metadata",
    "style",
    "switch",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "linearGradient",
    "radialGradient",
    "stop",
    "pattern",
    "clipPath",
    "mask",
    "marker",
    "image",
    "filter",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feConvolveMatrix",
    "feDiffuseLighting",
    "feDisplacementMap",
    "feDistantLight",
    "feDropShadow",
    "feFlood",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
    "feGaussianBlur",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "fePointLight",
    "feSpecularLighting",
    "feSpotLight",
    "feTile",
    "feTurbulence",
];

/// The first thing in `text` (an SVG file) a drawing may not hold: its byte offset and why.
pub fn problem(text: &str) -> Option<(usize, String)> {
    let mut reader = NsReader::from_str(text);
    // Only a `<style>` element's text is CSS; a `<text>` may say "url(…)" as prose.
    let mut in_style = false;
    loop {
        let at = reader.buffer_position() as usize;
        // The event's own start: past any whitespace before it.
        let at = at + text[at.min(text.len())..].len() - text[at.min(text.len())..].trim_start().len();
        let (space, event) = match reader.read_resolved_event() {
            Ok((ns, event)) => (Space::of(&ns), event),
            Err(e) => return Some((reader.error_position() as usize, format!("the SVG file is not well-formed XML ({e})"))),
        };
        let why = match &event {
            Event::Start(e) | Event::Empty(e) => {
                in_style = matches!(event, Event::Start(_)) && e.local_name().as_ref() == b"style";
                element_problem(&reader, space, e)
            }
            Event::End(_) => {
                in_style = false;
                None
            }
            Event::DocType(d) => {
                let d = String::from_utf8_lossy(d);
                (d.contains('[') || d.contains("ENTITY")).then(|| "a DOCTYPE with declarations (entities) is not allowed in an SVG drawing".to_string())
            }
            Event::PI(pi) => Some(format!(
                "the processing instruction `<?{}` is not allowed in an SVG drawing (it can load another file)",
                String::from_utf8_lossy(pi.target())
            )),
            Event::Text(t) if in_style => t.unescape().ok().and_then(|s| css_problem(&s)),
            Event::CData(c) if in_style => css_problem(&String::from_utf8_lossy(c)),
            Event::Eof => return None,
            _ => None,
        };
        if let Some(why) = why {
            return Some((at, why));
        }
    }
}

/// The namespace an element is in, as far as the check cares.
#[derive(Clone, Copy)]
enum Space {
    Svg,
    Metadata,
    Other,
}

impl Space {
    fn of(ns: &ResolveResult) -> Space {
        match ns {
            ResolveResult::Bound(n) if n.as_ref() == SVG_NS => Space::Svg,
            ResolveResult::Bound(n) if METADATA_NS.contains(&n.as_ref()) => Space::Metadata,
            _ => Space::Other,
        }
    }
}

fn element_problem(reader: &NsReader<&[u8]>, space: Space, e: &BytesStart) -> Option<String> {
    let local = String::from_utf8_lossy(e.local_name().as_ref()).into_owned();
    match space {
        Space::Svg => {
            if !ELEMENTS.contains(&local.as_str()) {
                let why = match local.as_str() {
                    "script" => "scripts never come from content",
                    "foreignObject" => "it embeds an HTML document",
                    "a" => "a drawing is a picture, not a page of links",
                    "set" | "animate" | "animateTransform" | "animateMotion" => "animations can rewrite links and are not used by drawings here",
                    "iframe" | "embed" | "object" | "video" | "audio" | "canvas" => "it embeds another document",
                    _ => "it is not one of the elements that draw",
                };
                return Some(format!("`<{local}>` is not allowed in an SVG drawing: {why}"));
            }
        }
        Space::Metadata => {}
        Space::Other => {
            let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
            return Some(format!("`<{name}>` is not an SVG element (an element of another namespace, such as XHTML, can run as a page): only SVG and drawing programs' metadata are allowed"));
        }
    }
    for attr in e.attributes().with_checks(false) {
        let Ok(attr) = attr else { return Some("an attribute is malformed".into()) };
        let (_, key) = reader.resolve_attribute(attr.key);
        let key = String::from_utf8_lossy(key.as_ref()).to_ascii_lowercase();
        let value = attr.unescape_value().map(|v| v.into_owned()).unwrap_or_else(|_| String::from_utf8_lossy(&attr.value).into_owned());
        if key.starts_with("on") {
            return Some(format!("the event handler `{key}` on `<{local}>` is not allowed in an SVG drawing: it runs script"));
        }
        if key == "href" || key == "src" {
            let embedded_raster = local == "image"
                && ["data:image/png;", "data:image/jpeg;", "data:image/gif;", "data:image/webp;"].iter().any(|p| value.trim_start().starts_with(p));
            if !value.trim_start().starts_with('#') && !embedded_raster {
                return Some(format!(
                    "`{key}=\"{}\"` on `<{local}>` refers to another file or a URL: a drawing may refer only to its own parts (`#id`) and embed PNG, JPEG, GIF or WebP pictures as `data:` URLs",
                    value.chars().take(60).collect::<String>()
                ));
            }
        }
        if let Some(why) = css_problem(&value) {
            return Some(format!("attribute `{key}` on `<{local}>`: {why}"));
        }
    }
    None
}

/// Why CSS (a `<style>` element's text, a `style` or presentation attribute) may not be in
/// a drawing: it loads another file (`@import`, `url(…)` other than `url(#id)`) or runs
/// script.
fn css_problem(css: &str) -> Option<String> {
    let lower: String = css.to_ascii_lowercase().chars().filter(|c| !c.is_whitespace()).collect();
    if lower.contains("@import") {
        return Some("`@import` loads another file; a drawing's styles must be its own".into());
    }
    if lower.contains("javascript:") || lower.contains("expression(") {
        return Some("a script URL or expression in a drawing's styles".into());
    }
    for (i, _) in lower.match_indices("url(") {
        let target = lower[i + 4..].trim_start_matches(['"', '\'']);
        if !target.starts_with('#') {
            let shown: String = css.trim().chars().take(60).collect();
            return Some(format!("`{shown}` loads another file; a drawing may refer only to its own parts (`url(#id)`)"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 10 10\">\n";

    #[test]
    fn drawings_pass() {
        let real = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/images/yard-and-pound-1959.svg")).unwrap();
        assert_eq!(problem(&real), None);
        let inkscape = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\" height=\"10\">\
             <inkscape:grid/><defs><linearGradient id=\"g\"><stop offset=\"0\"/></linearGradient><path id=\"p\" d=\"M0 0h1\"/></defs>\
             <use xlink:href=\"#p\" fill=\"url(#g)\" style=\"stroke:url('#g')\"/><filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter>\
             <image href=\"data:image/png;base64,iVBORw0KGgo=\" width=\"1\" height=\"1\"/><text>CSS writes url(https://…)</text></svg>";
        assert_eq!(problem(inkscape), None);
    }

    #[test]
    fn scripts_handlers_foreign_objects_and_external_references_are_refused_where_they_are() {
        let cases = [
            ("<script>alert(1)</script>", "`<script>` is not allowed"),
            ("<script xlink:href=\"https://evil.example/x.js\"/>", "`<script>` is not allowed"),
            ("<rect width=\"1\" onload=\"alert(1)\"/>", "event handler `onload`"),
            ("<g ONCLICK=\"alert(1)\"/>", "event handler `onclick`"),
            ("<foreignObject><body xmlns=\"http://www.w3.org/1999/xhtml\">x</body></foreignObject>", "`<foreignObject>` is not allowed"),
            ("<html:script xmlns:html=\"http://www.w3.org/1999/xhtml\">alert(1)</html:script>", "is not an SVG element"),
            ("<image href=\"https://evil.example/track.png\"/>", "refers to another file"),
            ("<use xlink:href=\"other.svg#x\"/>", "refers to another file"),
            ("<a href=\"javascript:alert(1)\"><text>x</text></a>", "`<a>` is not allowed"),
            ("<set attributeName=\"href\" to=\"javascript:alert(1)\"/>", "`<set>` is not allowed"),
            ("<style>@import url(https://evil.example/x.css);</style>", "`@import`"),
            ("<style><![CDATA[rect{fill:url(https://evil.example/p.svg#g)}]]></style>", "loads another file"),
            ("<rect fill=\"url( 'https://evil.example/p.svg#g')\"/>", "loads another file"),
            ("<rect style=\"background:url(//evil.example/x)\"/>", "loads another file"),
            ("<image href=\"data:image/svg+xml;base64,PHN2Zz4=\"/>", "refers to another file"),
        ];
        for (body, expected) in cases {
            let text = format!("{HEAD}<rect width=\"1\" height=\"1\"/>\n  {body}\n</svg>");
            let (at, why) = problem(&text).unwrap_or_else(|| panic!("{body} passed"));
            assert!(why.contains(expected), "{body}: {why}");
            let body_at = text.find(body).unwrap();
            assert!((body_at..body_at + body.len()).contains(&at), "{body}: located at {:?}", &text[at..]);
        }
        let entities = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaa\">]><svg xmlns=\"http://www.w3.org/2000/svg\">&a;</svg>";
        assert!(problem(entities).unwrap().1.contains("DOCTYPE"));
        let stylesheet = "<?xml-stylesheet href=\"https://evil.example/x.css\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>";
        assert!(problem(stylesheet).unwrap().1.contains("xml-stylesheet"));
        assert!(problem("<svg><script>alert(1)</script></svg>").unwrap().1.contains("not an SVG element"), "no namespace: not a drawing");
        assert!(problem("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect></svg>").unwrap().1.contains("not well-formed"));
    }
}
