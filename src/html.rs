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
}
