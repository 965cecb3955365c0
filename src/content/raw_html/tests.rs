use super::*;

/// The problems `check` finds in `html`, with the text each is located at.
fn found(html: &str) -> Vec<(String, String)> {
    check(html).problems.into_iter().map(|(at, message)| (html[at..].chars().take(12).collect(), message)).collect()
}

/// What no sanitized body may hold, whatever went in.
fn assert_harmless(html: &str) {
    let lower = html.to_ascii_lowercase();
    for bad in [
        "<script",
        "<style",
        "<iframe",
        "<object",
        "<embed",
        "<base",
        "<form",
        "<meta",
        "<svg",
        "<math",
        "<link",
        "javascript:",
        "vbscript:",
        "http-equiv",
        "data-island",
        "data-props",
        "<!--",
        " on",
        "style=",
    ] {
        assert!(!lower.contains(bad), "{bad:?} in {html}");
    }
}

#[test]
fn allowed_elements_pass_and_survive_the_sanitizer() {
    let html = "<table><caption>Sizes</caption><thead><tr><th scope=\"col\">Unit</th><th>Value</th></tr></thead>\
        <tbody><tr><td><abbr title=\"kilogram\">kg</abbr></td><td>10<sup>3</sup> g, H<sub>2</sub>O</td></tr></tbody></table>\
        <p>Press <kbd>Ctrl</kbd>+<kbd>K</kbd>.</p><details open><summary>Why</summary><p>Because <a href=\"/faq#is-it-free\">free</a>.</p></details>";
    let checked = check(html);
    assert_eq!(checked.problems, [], "{:?}", checked.problems);
    assert_eq!(checked.links, [("/faq#is-it-free".to_string(), html.find("href").unwrap())]);
    let clean = sanitize(html);
    for kept in [
        "<abbr title=\"kilogram\">",
        "<sup>3</sup>",
        "<sub>2</sub>",
        "<kbd>Ctrl</kbd>",
        "<details open=\"\"><summary>Why</summary>",
        "<th scope=\"col\">",
        "<a href=\"/faq#is-it-free\">",
    ] {
        assert!(clean.contains(kept), "{kept} not in {clean}");
    }
}

#[test]
fn scripts_handlers_frames_forms_styles_head_elements_and_islands_are_refused_where_they_are_written() {
    let cases: &[(&str, &str, &str)] = &[
        ("<p>x</p><script>alert(1)</script>", "<script>alert", "`<script>` is not allowed in content: scripts never come from content"),
        ("<SCRIPT SRC=//evil.example/x.js></SCRIPT>", "<SCRIPT SRC=", "`<script>` is not allowed"),
        ("<span onclick=\"alert(1)\">x</span>", "onclick=\"ale", "attribute `onclick` is not allowed on `<span>`: event handler attributes run script"),
        ("<b/onmouseover=alert(1)>x</b>", "onmouseover=", "attribute `onmouseover`"),
        ("<iframe src=\"https://evil.example\"></iframe>", "<iframe src=", "frames and embedded objects"),
        ("<object data=x></object>", "<object data", "frames and embedded objects"),
        ("<embed src=x>", "<embed src=x", "frames and embedded objects"),
        ("<base href=\"https://evil.example/\">", "<base href=\"", "the page's head is written by the templates"),
        ("<meta http-equiv=\"refresh\" content=\"3;url=https://evil.example\">", "<meta http-e", "`<meta>` is not allowed"),
        ("<form action=\"http://elsewhere\"><input name=q></form>", "<form action", "forms are islands"),
        ("<style>body{display:none}</style>", "<style>body{", "styles come from the theme"),
        ("<p style=\"color:red\">x</p>", "style=\"color", "attribute `style` is not allowed on `<p>`"),
        ("<div data-island=\"FaqSearch\" data-props='{}'>x</div>", "data-island=", "only the build makes islands"),
        ("<svg><script>alert(1)</script></svg>", "<svg><script", "`<svg>` is not allowed"),
        ("<img src=x onerror=alert(1)>", "<img src=x o", "write an image in markdown"),
        ("<h2 id=\"faq-search-q\">x</h2>", "<h2 id=\"faq-", "write a heading in markdown"),
        ("<marquee>x</marquee>", "<marquee>x</", "`<marquee>` is not allowed in content; raw HTML may use: a, abbr"),
    ];
    for (html, at, message) in cases {
        let problems = found(html);
        assert!(
            problems.iter().any(|(here, m)| here.starts_with(&at[..at.len().min(12)]) && m.contains(message)),
            "{html}: expected {message:?} at {at:?}, got {problems:?}"
        );
        assert_harmless(&sanitize(html));
    }
}

#[test]
fn script_urls_are_refused_however_they_are_written() {
    for href in [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "&#106;avascript:alert(1)",
        "&#x6A;&#x61;vascript&colon;alert(1)",
        "java&#x09;script:alert(1)",
        "java\tscript:alert(1)",
        "&#0000106avascript:alert(1)",
        " \u{1}javascript:alert(1)",
        "vbscript:msgbox(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    ] {
        let html = format!("<a href=\"{href}\">x</a>");
        let problems = found(&html);
        assert!(problems.iter().any(|(at, m)| at.starts_with("href=") && m.contains(" URL ")), "{href}: {problems:?}");
        assert_harmless(&sanitize(&html));
        assert!(!sanitize(&html).contains("data:text"), "{href}");
    }
    for fine in ["https://example.org/a?b=c", "mailto:a@example.org", "tel:+441234", "/length-converter", "#top"] {
        assert_eq!(found(&format!("<a href=\"{fine}\">x</a>")), [], "{fine}");
    }
}

#[test]
fn the_builds_own_markers_unclosed_comments_and_tags_are_refused() {
    for (html, message) in [
        ("<!--unitly:assets-->", "is a marker of the build itself"),
        ("<!--unitly:bogus-->", "is a marker of the build itself"),
        ("<!-- unitly:island:0123456789abcdef:load -->", "is a marker of the build itself"),
        ("<!-- a note that never ends", "malformed HTML"),
        ("<div title=\"never closed>x</div>", "malformed HTML"),
        ("<!DOCTYPE html>", "`<!DOCTYPE>`"),
    ] {
        let problems = found(html);
        assert!(problems.iter().any(|(_, m)| m.contains(message)), "{html}: {problems:?}");
        let clean = sanitize(html);
        assert!(!clean.contains("<!--") && !clean.contains("unitly:"), "{clean}");
    }
    assert_eq!(found("<!-- an editor's note -->"), [], "an ordinary comment is fine (and not published)");
    assert_eq!(sanitize("<p>a<!-- note -->b</p>"), "<p>ab</p>");
}

#[test]
fn the_sanitizer_keeps_what_the_build_writes_and_nothing_like_it_from_elsewhere() {
    let own = "<h2 id=\"why\">Why</h2><div class=\"table-scroll\" role=\"region\" aria-label=\"Why\"><table><tr><td>1</td></tr></table></div>\
        <picture><source type=\"image/webp\" srcset=\"/images/a-480.0123456789.webp 480w\" sizes=\"100vw\">\
        <img src=\"/images/a-480.0123456789.png\" width=\"480\" height=\"200\" alt=\"A\" loading=\"lazy\" decoding=\"async\"></picture>\
        <img src=\"data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='720'%20height='300'%3E%3C/svg%3E\" data-src=\"/icons/a.svg\" alt=\"B\">\
        <pre><code class=\"language-rust\">fn main() {}</code></pre>";
    let clean = sanitize(own);
    for kept in [
        "<h2 id=\"why\">",
        "class=\"table-scroll\" role=\"region\"",
        "<source type=\"image/webp\"",
        "data-src=\"/icons/a.svg\"",
        "src=\"data:image/svg+xml,",
        "class=\"language-rust\"",
    ] {
        assert!(clean.contains(kept), "{kept} not in {clean}");
    }
    let forged =
        "<div class=\"island\" role=\"button\">x</div><img src=\"data:image/svg+xml,<svg onload=alert(1)>\" data-src=\"javascript:alert(1)\" alt=\"\">\
        <img srcset=\"javascript:alert(1) 1x\"><code class=\"x y\">c</code>";
    let clean = sanitize(forged);
    assert_harmless(&clean);
    assert!(!clean.contains("class=") && !clean.contains("role=") && !clean.contains("data:") && !clean.contains("srcset"), "{clean}");
    // The CSP blocks remote images: none is kept, in any of the attributes that load one.
    let remote = "<picture><source srcset=\"/images/a.webp 1x, https://e.example/a.webp 2x\"><img src=\"https://e.example/a.png\" alt=\"A\"></picture>\
        <img data-src=\"http://e.example/b.png\" alt=\"B\">";
    let clean = sanitize(remote);
    assert!(!clean.contains("e.example") && clean.contains("alt=\"A\""), "{clean}");
}

#[test]
fn schemes_are_read_as_a_browser_reads_them() {
    assert_eq!(scheme("JavaScript:x").as_deref(), Some("javascript"));
    assert_eq!(scheme("java\tscr\nipt:x").as_deref(), Some("javascript"));
    assert_eq!(scheme(" \u{1}https://a").as_deref(), Some("https"));
    assert_eq!(scheme("/a:b"), None);
    assert_eq!(scheme("#x:y"), None);
    assert_eq!(scheme("a b:c"), None);
}
