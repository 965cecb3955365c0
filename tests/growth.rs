//! The site at 2,000 more articles (one build): every page stays small, every article is
//! at most 5 clicks from the home page, the Atom feed is well formed and complete, and the
//! sitemap lists every article. (The default content's exact sitemap URLs and absence of
//! extra pages are asserted by tests/build.rs.)

// Each test binary compiles its own copy of the shared helpers and uses only some of them.
#[allow(dead_code)]
mod common;

use common::{real_site_page_count, real_site_routes, stderr, stdout, Project};
use quick_xml::events::Event;
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::Path;
use unitly::site::PAGE_BUDGET;

/// 2,000 by default; `UNITLY_GROWTH_ARTICLES=20000 cargo test --release --test growth` runs the
/// same assertions at 20,000 (about a minute; not part of the test command).
fn articles() -> usize {
    std::env::var("UNITLY_GROWTH_ARTICLES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
}

fn article(i: usize) -> (String, String) {
    let slug = format!("growth-note-{i:05}");
    // Spread over five years, plus 300 in one month: a year split by month and a month
    // split into pages.
    let date = if i < 1700 { chrono_like(2020, (i * 13) % 1800) } else { format!("2024-03-{:02}", 1 + i % 28) };
    let text = format!(
        "---\ntitle: \"Growth note {i}: metres and feet\"\nexcerpt: \"Note {i} on converting metres to feet, with one factor to remember.\"\ndate: {date}\nreadTime: 3 min read\ncategory: Guides\nslug: {slug}\nfeatured: {}\nkeywords: [note {i}]\n---\nOne metre is 3.28084 feet; see the [length converter](/length-converter).\n\n{}\n",
        false,
        "Multiply going one way and divide going back, rounding only at the end. ".repeat(12)
    );
    (slug, text)
}

/// `YYYY-MM-DD` for `days` after January 1 of `year` (no date crate needed for this).
fn chrono_like(year: i32, mut days: usize) -> String {
    let mut y = year;
    loop {
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        let lengths = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
        let total: usize = lengths.iter().sum();
        if days < total {
            for (m, len) in lengths.iter().enumerate() {
                if days < *len {
                    return format!("{y}-{:02}-{:02}", m + 1, days + 1);
                }
                days -= len;
            }
        }
        days -= total;
        y += 1;
    }
}

/// The attributes of every `<name …>` tag, quoted or not (the minifier drops quotes).
fn tags(html: &str, name: &str) -> Vec<HashMap<String, String>> {
    let open = format!("<{name} ");
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(&open) {
        let mut s = &rest[i + open.len()..];
        let mut attrs = HashMap::new();
        loop {
            s = s.trim_start();
            if s.is_empty() || s.starts_with('>') || s.starts_with("/>") {
                break;
            }
            let end = s.find(|c: char| c == '=' || c == '>' || c.is_whitespace()).unwrap_or(s.len());
            let key = s[..end].to_string();
            s = &s[end..];
            let value = if let Some(v) = s.strip_prefix('=') {
                let (value, after) = match v.chars().next() {
                    Some(q @ ('"' | '\'')) => {
                        let close = v[1..].find(q).map_or(v.len(), |e| e + 1);
                        (&v[1..close], v.get(close + 1..).unwrap_or(""))
                    }
                    _ => {
                        let e = v.find(|c: char| c == '>' || c.is_whitespace()).unwrap_or(v.len());
                        (&v[..e], &v[e..])
                    }
                };
                s = after;
                value.to_string()
            } else {
                String::new()
            };
            attrs.insert(key, value);
        }
        out.push(attrs);
        rest = s;
    }
    out
}

/// Internal links of a page: paths only (no query, no fragment, no assets).
fn links(html: &str) -> Vec<String> {
    tags(html, "a")
        .into_iter()
        .filter_map(|a| a.get("href").cloned())
        .map(|h| h.split(['#', '?']).next().unwrap_or_default().to_string())
        .filter(|t| t.starts_with('/') && !t.starts_with("//") && !t.starts_with("/assets/"))
        .collect()
}

/// `<link rel=… href=…>` pairs of a page.
fn head_links(html: &str) -> Vec<(String, String)> {
    tags(html, "link").into_iter().map(|l| (l.get("rel").cloned().unwrap_or_default(), l.get("href").cloned().unwrap_or_default())).collect()
}

fn file_of(out: &Path, path: &str) -> Option<std::path::PathBuf> {
    let candidates = if path == "/" {
        vec![out.join("index.html")]
    } else {
        vec![out.join(format!("{}.html", path.trim_matches('/'))), out.join(path.trim_start_matches('/'))]
    };
    candidates.into_iter().find(|p| p.is_file())
}

#[test]
fn two_thousand_more_articles_small_pages_five_clicks_a_complete_feed_and_sitemap() {
    let site = Project::copy_of_real_site();
    let mut slugs = Vec::new();
    for i in 0..articles() {
        let (slug, text) = article(i);
        site.write(&format!("content/blog/{slug}.md"), &text);
        slugs.push(slug);
    }
    let built = site.unitly(&["build", "--out", "dist"]);
    assert!(built.status.success(), "{}\n{}", stdout(&built), stderr(&built));
    let out = site.path("dist");

    // Every HTML file within the page budget.
    let mut html_files = 0;
    let mut largest = (0, std::path::PathBuf::new());
    for e in walkdir::WalkDir::new(&out).into_iter().filter_map(Result::ok).filter(|e| e.path().extension().is_some_and(|x| x == "html")) {
        html_files += 1;
        let size = e.metadata().unwrap().len();
        assert!(size <= PAGE_BUDGET as u64, "{} is {size} bytes", e.path().display());
        largest = largest.max((size, e.path().to_path_buf()));
    }
    assert!(html_files > articles() + real_site_routes().len());
    println!("{html_files} HTML files, the largest {} ({} bytes)", largest.1.strip_prefix(&out).unwrap().display(), largest.0);

    // Breadth first over the built links from the home page.
    let mut depth: HashMap<String, usize> = HashMap::from([("/".to_string(), 0)]);
    let mut queue = VecDeque::from(["/".to_string()]);
    while let Some(path) = queue.pop_front() {
        let d = depth[&path];
        let Some(file) = file_of(&out, &path).filter(|f| f.extension().is_some_and(|x| x == "html")) else { continue };
        for target in links(&std::fs::read_to_string(file).unwrap()) {
            if !depth.contains_key(&target) && file_of(&out, &target).is_some() {
                depth.insert(target.clone(), d + 1);
                queue.push_back(target);
            }
        }
    }
    let mut deepest = 0;
    for slug in &slugs {
        let path = format!("/blog/{slug}");
        let d = *depth.get(&path).unwrap_or_else(|| panic!("{path} is not reachable from / by links"));
        assert!(d <= 5, "{path} is {d} clicks from /");
        deepest = deepest.max(d);
    }
    assert!(deepest >= 3, "the archives are exercised (deepest article at {deepest} clicks)");
    let blog = std::fs::read_to_string(out.join("blog.html")).unwrap();
    let has = |html: &str, rel: &str, href: &str| head_links(html).contains(&(rel.to_string(), href.to_string()));
    assert!(has(&blog, "next", "/blog/page/2"), "page 1: rel=next");
    assert!(has(&blog, "alternate", "/feed.xml"), "the feed is linked from /blog");
    assert!(has(&std::fs::read_to_string(out.join("index.html")).unwrap(), "alternate", "/feed.xml"), "and from /");
    let page2 = std::fs::read_to_string(out.join("blog/page/2.html")).unwrap();
    assert!(has(&page2, "canonical", "https://unitly.app/blog/page/2"));
    assert!(has(&page2, "prev", "/blog") && has(&page2, "next", "/blog/page/3"));
    assert!(page2.contains("<title>") && !page2.contains(&blog[blog.find("<title>").unwrap()..blog.find("</title>").unwrap()]), "its own title");
    assert!(out.join("blog/archive/2024/03/page/2.html").is_file(), "a large month is split into pages");

    // The feed: well formed, 20 entries, absolute links to pages that exist.
    let feed = std::fs::read_to_string(out.join("feed.xml")).unwrap();
    let mut reader = quick_xml::Reader::from_str(&feed);
    let (mut entries, mut hrefs, mut stack) = (0, Vec::new(), Vec::<String>::new());
    let mut fields: HashSet<String> = HashSet::new();
    loop {
        match reader.read_event().unwrap_or_else(|e| panic!("feed.xml is not well formed at {}: {e}", reader.buffer_position())) {
            Event::Eof => break,
            Event::Start(t) => {
                let name = String::from_utf8_lossy(t.name().as_ref()).into_owned();
                if name == "entry" {
                    entries += 1;
                }
                if stack.last().is_some_and(|p| p == "entry") {
                    fields.insert(name.clone());
                }
                stack.push(name);
            }
            Event::End(_) => {
                stack.pop();
            }
            Event::Empty(t) if t.name().as_ref() == b"link" => {
                let href = t.try_get_attribute("href").unwrap().unwrap().unescape_value().unwrap().into_owned();
                hrefs.push(href);
            }
            _ => {}
        }
    }
    assert!(stack.is_empty());
    assert_eq!(entries, 20);
    for f in ["id", "title", "updated", "published", "summary"] {
        assert!(fields.contains(f), "entries carry <{f}>");
    }
    assert!(feed.contains("<name>The Unitly team</name>"), "author from content/site.yaml");
    for href in &hrefs {
        let path = href.strip_prefix("https://unitly.app").unwrap_or_else(|| panic!("{href} is not absolute on the base URL"));
        assert!(file_of(&out, path).is_some(), "feed link {href} has no page");
    }

    // The sitemap lists every article (and is not an index at this size); not the feed.
    let sitemap = std::fs::read_to_string(out.join("sitemap.xml")).unwrap();
    for slug in &slugs {
        assert!(sitemap.contains(&format!("<loc>https://unitly.app/blog/{slug}</loc>")), "{slug} missing from the sitemap");
    }
    assert_eq!(sitemap.matches("<url>").count(), real_site_page_count() + articles());
    assert!(!sitemap.contains("feed.xml"));
}
