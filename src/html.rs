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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_breaks_a_double_quoted_attribute() {
        assert_eq!(escape_attr(r#"a & "b" <c> 'd'"#), "a &amp; &quot;b&quot; &lt;c&gt; 'd'");
    }
}
