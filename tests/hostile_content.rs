//! Content from a stranger's pull request, built as it would be: raw HTML, URLs, markers
//! and drawings that could run script, redirect or claim an island are refused where they
//! are written, and text that tries to close or comment out the build's inline JSON is
//! escaped, so every page stays whole.

// Each test binary compiles its own copy of the shared helpers and uses only some of them.
#[allow(dead_code)]
mod common;
use common::{snapshot, stderr, stdout, Project};
use std::path::Path;
use unitly::content::raw_html::{scheme, tokenize, Piece};

/// What a hostile editor puts in every text field: each closes, opens a comment or starts
/// a nested script in a `<script>` element.
const HOSTILE: &str = "<!--<script> </script> </title></textarea> x";

/// Every HTML file of a built site, by its path in the output.
fn pages(dist: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = walkdir::WalkDir::new(dist)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| (e.path().strip_prefix(dist).unwrap().display().to_string(), std::fs::read_to_string(e.path()).unwrap()))
        .collect();
    out.sort();
    out
}

/// The rules every built page keeps, whatever its content, read with a browser's tokenizer
/// (which, as a browser does, reads a script's text up to its end): only the build's own
/// scripts (the one hashed head script, module scripts from /assets/, at most one JSON-LD
/// block, whose text holds no `<`, so nothing in it can close the element, open a comment
/// or start a nested script), no `http-equiv`, no handler, no script URL, islands only as
/// the build wraps them (with props that read back as JSON), no placeholder left, and the
/// page whole to its `</html>`. Returns the page's inline JSON (JSON-LD and props).
fn assert_intact(file: &str, html: &str, components: &[String]) -> Vec<serde_json::Value> {
    let pieces = tokenize(html);
    let mut json = Vec::new();
    let (mut head_scripts, mut json_ld) = (0, 0);
    for (i, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Start { name, attrs } => {
                let attr = |n: &str| attrs.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_str());
                for (key, value) in attrs {
                    assert!(key != "http-equiv" && !key.starts_with("on"), "{file}: <{name} {key}={value}>");
                    let placeholder = name == "img" && key == "src" && value.starts_with("data:image/");
                    assert!(!matches!(scheme(value).as_deref(), Some("javascript" | "vbscript" | "data")) || placeholder, "{file}: <{name} {key}={value}>");
                }
                if let Some(island) = attr("data-island") {
                    assert!(name == "div" && attr("class") == Some("island") && components.iter().any(|c| c == island), "{file}: a forged island {attrs:?}");
                    assert!(matches!(attr("data-client"), Some("load" | "idle" | "visible" | "demand")), "{file}: {attrs:?}");
                    let props = attr("data-props").unwrap_or_else(|| panic!("{file}: island without props"));
                    json.push(serde_json::from_str(props).unwrap_or_else(|e| panic!("{file}: props are not JSON ({e}): {props}")));
                }
                if name != "script" {
                    continue;
                }
                let text = match pieces.get(i + 1) {
                    Some(Piece::Text(t)) => t.as_str(),
                    _ => "",
                };
                if attrs.is_empty() {
                    head_scripts += 1;
                } else if attr("type") == Some("application/ld+json") && attrs.len() == 1 {
                    json_ld += 1;
                    assert!(!text.contains('<'), "{file}: `<` in JSON-LD: {}", text.chars().take(400).collect::<String>());
                    json.push(serde_json::from_str(text).unwrap_or_else(|e| panic!("{file}: JSON-LD is not JSON ({e}): {text}")));
                } else {
                    let own = attrs.len() == 2 && attr("type") == Some("module") && attr("src").is_some_and(|s| s.starts_with("/assets/"));
                    assert!(own && text.is_empty(), "{file}: a script the build did not write: {attrs:?} {text}");
                }
            }
            Piece::Comment(c) => assert!(!c.starts_with("unitly:"), "{file}: a placeholder left: {c}"),
            _ => {}
        }
    }
    assert_eq!(head_scripts, 1, "{file}: one inline script, the head's");
    assert!(json_ld <= 1, "{file}: {json_ld} JSON-LD blocks");
    let tags: Vec<&Piece> = pieces.iter().filter(|p| matches!(p, Piece::Start { .. } | Piece::End { .. })).collect();
    assert!(tags.iter().any(|p| matches!(p, Piece::Start { name, .. } if name == "footer")), "{file}: no footer: the page is not whole");
    assert!(matches!(tags.last(), Some(Piece::End { name }) if name == "html"), "{file}: the page does not end with </html>");
    json
}

/// The islands a project hydrates (`islands/src/components/*.tsx`): the only ones a page
/// may mark with `data-island`.
fn components(p: &Project) -> Vec<String> {
    unitly::islands::components(&p.path("islands")).hydrated.into_iter().collect()
}

/// Every string in a JSON value, keys included.
fn strings(value: &serde_json::Value) -> Vec<String> {
    match value {
        serde_json::Value::String(s) => vec![s.clone()],
        serde_json::Value::Array(items) => items.iter().flat_map(strings).collect(),
        serde_json::Value::Object(map) => map.iter().flat_map(|(k, v)| std::iter::once(k.clone()).chain(strings(v))).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn text_that_would_close_or_comment_out_inline_json_is_escaped_and_every_page_stays_whole() {
    let p = Project::copy_of_real_site();
    let yaml = |s: &str| format!("\"{}\"", s.replace('"', "\\\""));
    let site_name = format!("Unitly {HOSTILE}");
    let title = format!("Harmless looking {HOSTILE} title");
    let excerpt = format!("An excerpt {HOSTILE} too.");
    let route_title = format!("About {HOSTILE}");
    let question = format!("Is Unitly free {HOSTILE}?");
    let unit = format!("Meters {HOSTILE}");
    p.edit("content/site.yaml", "name: Unitly", &format!("name: {}", yaml(&site_name)));
    p.edit("content/blog/conversion-tips.md", "title: \"Top 10 Unit Conversion Tips for Accurate Results\"", &format!("title: {}", yaml(&title)));
    let article = p.read("content/blog/conversion-tips.md");
    let old_excerpt = article.lines().find(|l| l.starts_with("excerpt:")).unwrap().to_string();
    p.edit("content/blog/conversion-tips.md", &old_excerpt, &format!("excerpt: {}", yaml(&excerpt)));
    let routes = p.read("content/routes.yaml");
    let about = routes.lines().skip_while(|l| !l.contains("path: /about")).find(|l| l.trim_start().starts_with("title:")).unwrap().to_string();
    p.edit("content/routes.yaml", &about, &format!("    title: {}", yaml(&route_title)));
    p.edit("content/faq.yaml", "question: Is Unitly really free?", &format!("question: {}", yaml(&question)));
    p.edit("content/faq.yaml", "\n  answer: ", &format!("\n  answer: Type `{HOSTILE}` and nothing happens. "));
    p.edit("content/units.yaml", "name: Meters (m)", &format!("name: {}", yaml(&unit)));

    let check = p.unitly(&["check"]);
    assert!(check.status.success(), "text fields may hold any text:\n{}", stderr(&check));
    let out = p.unitly(&["build", "--out", "dist"]);
    assert!(out.status.success(), "{}\n{}", stdout(&out), stderr(&out));

    let hostile = [&site_name, &title, &excerpt, &route_title, &question, &unit, HOSTILE];
    let mut seen = std::collections::HashSet::new();
    let dist = p.path("dist");
    let components = components(&p);
    for (file, html) in pages(&dist) {
        for text in assert_intact(&file, &html, &components).iter().flat_map(strings) {
            seen.extend(hostile.iter().filter(|h| text.contains(**h)).map(|h| h.to_string()));
        }
    }
    for h in hostile {
        assert!(seen.contains(h), "{h:?} read back from no page's inline JSON");
    }

    // The service worker's manifest is inline JSON in a script too.
    let sw = std::fs::read_to_string(dist.join("sw.js")).unwrap();
    let manifest = sw.lines().find_map(|l| l.strip_prefix("self.UNITLY_SW = ")).expect("the manifest line");
    assert!(!manifest.contains('<') && serde_json::from_str::<serde_json::Value>(manifest.trim_end_matches(';')).is_ok(), "{manifest}");
}

/// `file:line:column` of the first `needle` in `text` (the column counts characters).
fn at(file: &str, text: &str, needle: &str) -> String {
    let offset = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in {file}"));
    let line = text[..offset].matches('\n').count() + 1;
    let column = text[..offset].rsplit('\n').next().unwrap().chars().count() + 1;
    format!("{file}:{line}:{column}: ")
}

const EVIL_SVG: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n  <rect width=\"10\" height=\"10\"/>\n  <script>location='https://evil.example'</script>\n</svg>\n";

/// Allowed raw HTML, for the article of the hostile pull request's first, good version.
const GOOD_HTML: &str =
    "\n\n<abbr title=\"Système international d'unités\">SI</abbr> units, H<sub>2</sub>O and 10<sup>3</sup>; press <kbd>Ctrl</kbd>+<kbd>K</kbd>.\n\n\
    <details><summary>Where does 0.3048 come from?</summary>\n\nThe 1959 international yard and pound agreement.\n\n</details>\n\n\
    <table><caption>Feet</caption><tr><th scope=\"col\">ft</th><td>0.3048 m</td></tr></table>\n";

#[test]
fn a_hostile_pull_request_is_refused_at_every_place_and_the_published_site_is_untouched() {
    let p = Project::copy_of_real_site();
    let article = "content/blog/conversion-tips.md";
    let original = p.read(article);
    // The good part first: the allowed raw HTML is published as written.
    p.write(article, &format!("{original}{GOOD_HTML}"));
    let first = p.unitly(&["build", "--out", "dist"]);
    assert!(first.status.success(), "{}\n{}", stdout(&first), stderr(&first));
    let page = std::fs::read_to_string(p.path("dist/blog/conversion-tips.html")).unwrap();
    for kept in [
        "<abbr title=\"Système international d'unités\">SI</abbr>",
        "<sub>2</sub>",
        "<kbd>Ctrl</kbd>",
        "<summary>Where does 0.3048 come from?</summary>",
        "<th scope=col>ft</th>",
    ] {
        assert!(page.contains(kept), "{kept} not in the article");
    }
    let components = components(&p);
    for (file, html) in pages(&p.path("dist")) {
        assert_intact(&file, &html, &components);
    }
    let published = snapshot(&p.path("dist"));
    // `build --base-url` is held to the rule of site.yaml's base_url.
    let flag = p.unitly(&["build", "--out", "dist", "--base-url", "javascript:alert(1)//"]);
    assert!(!flag.status.success() && stderr(&flag).contains("--base-url: base_url `javascript:alert(1)//` is not an https://"), "{}", stderr(&flag));
    assert_eq!(snapshot(&p.path("dist")), published, "a refused build changed the published site");

    // Then the hostile part: markdown, YAML and an SVG together.
    let body = "\n\nLooks harmless.<script>fetch('/api/form-token')</script>\n\n\
        <meta http-equiv=\"refresh\" content=\"3;url=https://evil.example\">\n\n\
        [Click](javascript:alert(1)) or [here](&#106;avascript:alert(1)) or <JaVaScRiPt:alert(1)>.\n\n\
        <div data-island=\"FaqSearch\" data-props='{\"entries\":[]}'>forged</div>\n\n\
        <iframe src=\"https://evil.example\"></iframe>\n\n\
        <object data=\"https://evil.example/x.swf\"></object>\n\n\
        <base href=\"https://evil.example/\">\n\n\
        <form action=\"http://elsewhere.example\">Go</form>\n\n\
        <style>body{display:none}</style>\n\n\
        Text <span onmouseover=\"alert(1)\">hover</span> and ![pixel](data:image/gif;base64,R0lGOD).\n\n\
        <!--unitly:assets-->\n\n<!--unitly:bogus-->\n\n\
        ![A drawing](/images/evil.svg)\n";
    let hostile_article = format!("{original}{body}");
    p.write(article, &hostile_article);
    let about = "content/pages/about.md";
    p.edit(about, "We read every message.", "We read <a href=\"java&#x09;script:alert(1)\">every</a> message.");
    let converter = "content/converters/length.md";
    p.edit(converter, "answer: One meter is 3.28084 feet.", "answer: One meter <img src=x onerror=alert(1)> is 3.28084 feet.");
    let faq = "content/faq.yaml";
    let faq_text = p.read(faq);
    let answer = faq_text.lines().find(|l| l.starts_with("  answer: Live rates")).unwrap().to_string();
    p.edit(faq, &answer, &answer.replacen("Live rates", "Live <meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\"> rates", 1));
    p.edit("content/site.yaml", "client: \"\"", "client: \"not-a-valid-id\"");
    p.edit("content/site.yaml", "base_url: https://unitly.app", "base_url: \"javascript:alert(1)//\"");
    p.write("content/images/evil.svg", EVIL_SVG);

    let check = p.unitly(&["check"]);
    let err = stderr(&check);
    assert_eq!(check.status.code(), Some(1), "{err}");
    let (about_text, converter_text, faq_text, site_text) = (p.read(about), p.read(converter), p.read(faq), p.read("content/site.yaml"));
    let expected = [
        at(article, &hostile_article, "<script>fetch") + "`<script>` is not allowed in content",
        at(article, &hostile_article, "<meta http-equiv") + "`<meta>` is not allowed in content",
        at(article, &hostile_article, "[Click]") + "link `javascript:alert(1)`: a `javascript:` URL runs script",
        at(article, &hostile_article, "[here]") + "link `javascript:alert(1)`: a `javascript:` URL runs script",
        at(article, &hostile_article, "<JaVaScRiPt:") + "link `JaVaScRiPt:alert(1)`: a `javascript:` URL runs script",
        at(article, &hostile_article, "data-island=") + "attribute `data-island` is not allowed on `<div>`: only the build makes islands",
        at(article, &hostile_article, "data-props=") + "attribute `data-props` is not allowed on `<div>`: only the build makes islands",
        at(article, &hostile_article, "<iframe") + "`<iframe>` is not allowed in content",
        at(article, &hostile_article, "<object") + "`<object>` is not allowed in content",
        at(article, &hostile_article, "<base") + "`<base>` is not allowed in content",
        at(article, &hostile_article, "<form") + "`<form>` is not allowed in content",
        at(article, &hostile_article, "<style>body") + "`<style>` is not allowed in content",
        at(article, &hostile_article, "onmouseover=") + "attribute `onmouseover` is not allowed on `<span>`",
        at(article, &hostile_article, "![pixel]") + "image `data:image/gif;base64,R0lGOD`: a `data:` URL embeds a document of its own",
        at(article, &hostile_article, "<!--unitly:assets") + "`<!--unitly:assets-->` is a marker of the build itself",
        at(article, &hostile_article, "<!--unitly:bogus") + "`<!--unitly:bogus-->` is a marker of the build itself",
        at(article, &hostile_article, "![A drawing]") + "image /images/evil.svg is refused: `<script>` is not allowed in an SVG drawing",
        at("content/images/evil.svg", EVIL_SVG, "<script>") + "`<script>` is not allowed in an SVG drawing",
        at(about, &about_text, "href=\"java") + "link `java\\tscript:alert(1)`: a `javascript:` URL runs script",
        at(converter, &converter_text, "<img src=x") + "`<img>` is not allowed in content",
        at(faq, &faq_text, "<meta http-equiv") + "`<meta>` is not allowed in content",
        at("content/site.yaml", &site_text, "\"not-a-valid-id\"")
            + "ads.client `not-a-valid-id` is not valid: an AdSense publisher id is `ca-pub-` and 16 digits",
        at("content/site.yaml", &site_text, "\"javascript:") + "base_url `javascript:alert(1)//` is not an https:// (or http://) URL",
    ];
    for problem in &expected {
        assert!(err.contains(problem.as_str()), "expected {problem:?} in:\n{err}");
    }
    assert_eq!(err.lines().filter(|l| l.starts_with("content/")).count(), expected.len(), "one problem each:\n{err}");

    // The build refuses the same and leaves the published site exactly as it was.
    let build = p.unitly(&["build", "--out", "dist"]);
    assert_eq!(build.status.code(), Some(1), "{}", stderr(&build));
    assert!(stderr(&build).contains(&expected[0]), "{}", stderr(&build));
    assert_eq!(snapshot(&p.path("dist")), published, "a refused build changed the published site");
}

/// A text field holding the build's own markers (`<!--unitly:assets-->`, an island's) stays
/// text: minify-html writes a title's `&lt;` as `<`, and the markers were once filled in after
/// it, putting the site's scripts inside `<title>` and a `<meta content="…">`, where their
/// first quote let a `<meta http-equiv=refresh>` of the article's own become markup.
#[test]
fn the_build_s_markers_written_in_content_stay_text() {
    let p = Project::copy_of_real_site();
    let refresh = "<meta http-equiv=refresh content=0;url=https://evil.example/>";
    let title = format!("Handy tips <!--unitly:assets--> {refresh}");
    p.edit("content/blog/conversion-tips.md", "title: \"Top 10 Unit Conversion Tips for Accurate Results\"", &format!("title: \"{title}\""));
    p.edit(
        "content/blog/conversion-tips.md",
        "\n## ",
        &format!("\n## Steps `<!--unitly:assets-->` {}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## ", refresh.replace('<', "&lt;")),
    );
    let out = p.unitly(&["build", "--out", "dist"]);
    assert!(out.status.success(), "{}\n{}", stdout(&out), stderr(&out));
    let html = p.read("dist/blog/conversion-tips.html");
    // Read as a browser does: the text of <title> is text, a quoted value is a value.
    let bad: Vec<String> = markup_of(&html).into_iter().filter(|tag| tag.starts_with("meta") && tag.contains("http-equiv")).collect();
    assert!(bad.is_empty(), "no markup of the article's own: {bad:?}");
    assert_eq!(html.matches("<script type=\"module\"").count(), 1, "the assets once, in the head");
    let title_tag = html.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap();
    assert!(title_tag.contains("<!--unitly:assets-->") && !title_tag.contains("<script"), "{title_tag}");
}

/// The tags of `html` as a browser reads them, each with its quoted values left out; the text
/// of `<title>`, `<script>` and `<style>` is no markup.
fn markup_of(html: &str) -> Vec<String> {
    let mut tags = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        let (mut tag, mut quote, mut end) = (String::new(), None, rest.len());
        for (i, c) in rest.char_indices() {
            match (quote, c) {
                (None, '"' | '\'') => quote = Some(c),
                (Some(q), c) if c == q => quote = None,
                (None, '>') => {
                    end = i;
                    break;
                }
                (None, c) => tag.push(c),
                _ => {}
            }
        }
        rest = &rest[(end + 1).min(rest.len())..];
        let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
        if let Some(close) = ["title", "script", "style"].iter().find(|t| **t == name).and_then(|t| rest.find(&format!("</{t}>"))) {
            rest = &rest[close..];
        }
        tags.push(tag);
    }
    tags
}
