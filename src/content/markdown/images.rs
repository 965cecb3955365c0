//! Images in markdown: their alternative text, the size a `#WIDTHxHEIGHT` fragment gives one
//! outside `content/images/`, and the lazily loaded `<img>` they become.

use crate::content::placeholder::placeholder;
use crate::html::escape_attr;
use pulldown_cmark::{Event, Tag, TagEnd};

/// Width and height in pixels.
pub(super) type Size = (u32, u32);

/// `/icons/x.svg#720x300` → (`/icons/x.svg`, 720×300): for an image outside
/// `content/images/` (whose size the build reads itself), a `#WIDTHxHEIGHT` fragment gives
/// its size (and is not part of the URL). A malformed suffix is an error, not a link.
pub(super) fn image_size(url: &str) -> Result<(&str, Option<Size>), String> {
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
pub(super) fn image_alt(events: &[(Event, std::ops::Range<usize>)], start: usize) -> (String, usize) {
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
pub(super) fn deferred_img(src: &str, size: Option<(u32, u32)>, alt: &str, title: &str) -> String {
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
