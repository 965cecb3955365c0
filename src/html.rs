//! Escaping text for the HTML we write ourselves.

/// Escapes text for a double-quoted attribute. `'` stays as it is: it needs no escape
/// there, and minify-html would rewrite `&#39;` as `&#39` (no semicolon), which is invalid.
pub fn escape_attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 4);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON for a `<script>` element, an attribute or a JavaScript file the build writes: `<`,
/// `>`, `&`, U+2028 and U+2029 are written as `\u003c`, `\u003e`, `\u0026`, `\u2028` and
/// `\u2029`. No text can then close the element (`</script>`), open a comment or a nested
/// script that swallows the rest of the page (`<!--<script>`), or end a JavaScript string
/// line; the JSON reads back the same. These characters only ever occur inside JSON
/// strings, where the escapes mean the same characters.
pub fn inline_json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    escape_json_text(&serde_json::to_string(value).expect("the build's data serialises to JSON"))
}

/// [`inline_json`]'s escaping of JSON text already serialised.
pub fn escape_json_text(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The character an entity at the start of `s` stands for, and the entity's length: the
/// numeric ones and the few named ones markdown and the minifier write. The minifier writes
/// the shortest form a browser reads the same, which for `<` in text is the legacy `&LT`
/// with no semicolon: a browser decodes these few without one, and so does this.
pub fn decode_entity(s: &str) -> Option<(char, usize)> {
    // Within the first 12 bytes, by bytes: `s` may go on with any text ("& “What’s"), and a
    // slice there could cut a character in two.
    let Some(end) = s.bytes().take(12).position(|b| b == b';') else { return legacy_entity(s) };
    let name = &s[1..end];
    let c = match name {
        "amp" | "AMP" => '&',
        "lt" | "LT" => '<',
        "gt" | "GT" => '>',
        "quot" | "QUOT" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        _ => {
            let Some(number) = name.strip_prefix('#') else { return legacy_entity(s) };
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)?
        }
    };
    Some((c, end + 1))
}

/// The named entities of [`decode_entity`] that HTML reads in text without their `;`.
fn legacy_entity(s: &str) -> Option<(char, usize)> {
    const LEGACY: [(&str, char); 9] =
        [("&amp", '&'), ("&AMP", '&'), ("&lt", '<'), ("&LT", '<'), ("&gt", '>'), ("&GT", '>'), ("&quot", '"'), ("&QUOT", '"'), ("&nbsp", ' ')];
    LEGACY.iter().find(|(name, _)| s.starts_with(name)).map(|(name, c)| (*c, name.len()))
}

/// `s` with its character references decoded (an attribute's value as a browser reads it:
/// tera writes `/` in an `href` as `&#x2F;`).
pub fn unescape(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains('&') {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match decode_entity(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_json_cannot_close_or_comment_out_its_element_and_reads_back_the_same() {
        let hostile = "a </script><!--<script> & > \u{2028}\u{2029} b";
        let json = inline_json(&serde_json::json!({ "name": hostile, "list": [hostile] }));
        for bad in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
            assert!(!json.contains(bad), "{bad:?} in {json}");
        }
        assert!(json.contains("a \\u003c/script\\u003e\\u003c!--\\u003cscript\\u003e \\u0026 \\u003e \\u2028\\u2029 b"), "{json}");
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["name"], hostile);
        assert_eq!(back["list"][0], hostile);
    }

    #[test]
    fn escapes_what_breaks_a_double_quoted_attribute() {
        assert_eq!(escape_attr(r#"a & "b" <c> 'd'"#), "a &amp; &quot;b&quot; &lt;c&gt; 'd'");
    }

    #[test]
    fn unescapes_what_tera_and_escape_attr_write() {
        assert_eq!(unescape("&#x2F;faq?a=1&amp;b=2"), "/faq?a=1&b=2");
        assert_eq!(unescape(&escape_attr(r#"a & "b" <c>"#)), r#"a & "b" <c>"#);
        assert_eq!(unescape("Q&A &unknown; &#x27;x&#x27;"), "Q&A &unknown; 'x'");
        assert!(matches!(unescape("/plain"), std::borrow::Cow::Borrowed("/plain")));
    }
}
