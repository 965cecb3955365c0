//! The real build on real content, in temporary folders.

// Each test binary compiles its own copy of the shared helpers and uses only some of them.
#[allow(dead_code)]
mod common;
use common::{real_site_page_count, real_site_routes, stderr, stdout, Project};
use unitly::site::{output_file, PAGE_BUDGET};

/// The whole tag around the first occurrence of `needle` (minified HTML drops quotes and
/// orders attributes its own way, so tests look at tags, not exact strings).
fn tag_with<'a>(html: &'a str, needle: &str) -> &'a str {
    let at = html.find(needle).unwrap_or_else(|| panic!("{needle:?} not found"));
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap();
    &html[start..=end]
}

/// Does the HTML link to `path` (quoted or not)?
fn links_to(html: &str, path: &str) -> bool {
    html.contains(&format!("href={path}>")) || html.contains(&format!("href={path} ")) || html.contains(&format!("href=\"{path}\""))
}

#[test]
fn builds_every_page_the_404_and_the_sitemap_on_a_given_base_url() {
    let p = Project::copy_of_real_site();
    let out = p.unitly(&["build", "--out", "site", "--base-url", "https://example.test/"]);
    assert!(out.status.success(), "build failed:\n{}\n{}", stdout(&out), stderr(&out));
    let routes = real_site_routes();
    assert!(routes.len() >= 29, "the registry and the blog hold at least the 29 pages the site launched with");
    assert!(stdout(&out).contains(&format!("built {} pages + 404", real_site_page_count())), "{}", stdout(&out));

    let mut site_apps = std::collections::HashSet::new();
    for route in routes.iter().map(String::as_str) {
        let html = p.read(&format!("site/{}", output_file(route)));
        let canonical = if route == "/" { "https://example.test/".to_string() } else { format!("https://example.test{route}") };
        let tag = tag_with(&html, "rel=canonical");
        assert!(tag.contains(&format!("href={canonical} ")) || tag.contains(&format!("href={canonical}>")), "{route}: canonical {tag}");
        assert_eq!(html.matches("<h1").count(), 1, "{route}: exactly one h1");
        assert!(html.contains("application/ld+json"), "{route}: JSON-LD");
        // A link preview's picture, absolute, with its size and text.
        let og_image = tag_with(&html, "property=og:image");
        assert!(og_image.contains("content=https://example.test/"), "{route}: {og_image}");
        for tag in ["og:image:width", "og:image:height", "og:image:alt", "twitter:image"] {
            assert!(html.contains(tag), "{route}: {tag}");
        }
        // One site-wide application, declared alike on every page that is not a converter.
        let ld = html.split("<script type=application/ld+json>").nth(1).and_then(|s| s.split("</script>").next()).expect("JSON-LD");
        let ld: serde_json::Value = serde_json::from_str(ld).unwrap_or_else(|e| panic!("{route}: JSON-LD: {e}"));
        let graph = ld["@graph"].as_array().unwrap();
        let app = graph.iter().find(|x| x["@type"] == "WebApplication").unwrap_or_else(|| panic!("{route}: the application"));
        assert_eq!(app["offers"]["price"], "0", "{route}: the free offer");
        if app["applicationCategory"] == "Calculator" {
            assert_eq!(app["url"], canonical, "{route}: a converter is an application at its own address");
        } else {
            assert_eq!((&app["@id"], &app["url"]), (&"https://example.test/#app".into(), &"https://example.test/".into()), "{route}");
            site_apps.insert(app.to_string());
        }
        for article in graph.iter().filter(|x| x["@type"] == "Article") {
            assert!(article["image"].as_str().is_some_and(|i| i.starts_with("https://example.test/")), "{route}: the article's image");
        }
        assert!(html.contains("© 2024 Unitly"), "{route}: footer copyright");
        assert!(html.contains("data-island=\"Toaster\""), "{route}: islands prerendered");
        assert!(!html.contains("<!--unitly:"), "{route}: placeholder left behind");
    }
    assert_eq!(site_apps.len(), 1, "the same application everywhere: {site_apps:?}");
    let not_found = p.read("site/404.html");
    assert!(not_found.contains("Oops! Page not found") && not_found.contains("Return to Home"));
    assert!(not_found.contains("noindex"));

    let sitemap = p.read("site/sitemap.xml");
    assert_eq!(sitemap.matches("<url>").count(), real_site_page_count(), "the routes, the articles and the unit pair pages");
    for route in routes.iter().map(String::as_str) {
        assert!(sitemap.contains(&format!("<loc>https://example.test{route}</loc>")), "sitemap lists {route}");
    }
    assert!(sitemap.contains("<loc>https://example.test/</loc>\n    <lastmod>"));
    assert!(p.read("site/robots.txt").contains("Sitemap: https://example.test/sitemap.xml"));
    assert!(p.read("site/_headers").contains("Content-Security-Policy"));
}

#[test]
fn sitemap_values_follow_the_spec() {
    let p = Project::copy_of_real_site();
    let out = p.unitly(&["build", "--out", "site"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let sitemap = p.read("site/sitemap.xml");
    let entry = |path: &str| -> (String, String) {
        let loc = format!("<loc>https://unitly.app{path}</loc>");
        let at = sitemap.find(&loc).unwrap_or_else(|| panic!("{path} missing"));
        let block = &sitemap[at..at + sitemap[at..].find("</url>").unwrap()];
        let value = |tag: &str| block.split(&format!("<{tag}>")).nth(1).unwrap().split('<').next().unwrap().to_string();
        (value("priority"), value("changefreq"))
    };
    let expect = |paths: &[&str], priority: &str, freq: &str| {
        for path in paths {
            assert_eq!(entry(path), (priority.to_string(), freq.to_string()), "{path}");
        }
    };
    expect(&["/"], "1.0", "daily");
    expect(&["/currency-converter"], "0.9", "daily");
    expect(&["/length-converter", "/weight-converter", "/temperature-converter", "/volume-converter", "/area-converter"], "0.9", "weekly");
    expect(&["/metric-length-converter", "/land-area-converter", "/blog"], "0.8", "weekly");
    expect(&["/blog/conversion-tips", "/blog/unit-conversion-history"], "0.7", "monthly");
    expect(&["/about", "/faq", "/help"], "0.6", "monthly");
    expect(&["/conversion-accuracy", "/contact"], "0.5", "monthly");
    expect(&["/privacy", "/terms", "/disclaimer", "/cookies", "/legal"], "0.3", "yearly");
    assert!(sitemap.contains("<loc>https://unitly.app/blog/unit-conversion-history</loc>\n    <lastmod>2025-01-15</lastmod>"));
    // A page listing the articles is dated the newest of them (the real site has 3: `/` shows
    // them all, as does `/blog`), not the site's default_lastmod from before them.
    let lastmod = |path: &str| {
        let loc = format!("<loc>https://unitly.app{path}</loc>\n    <lastmod>");
        sitemap.split(&loc).nth(1).unwrap_or_else(|| panic!("{path} missing")).get(..10).unwrap().to_string()
    };
    let articles = ["/blog/conversion-tips", "/blog/unit-conversion-history", "/blog/how-to-convert-units-quickly"];
    let newest = articles.iter().map(|a| lastmod(a)).max().unwrap();
    assert_eq!(newest, "2025-12-28", "the newest article's date");
    assert_eq!(lastmod("/"), newest, "/ lists the newest articles");
    assert_eq!(lastmod("/blog"), newest, "/blog lists every article");
}

#[test]
fn adding_an_article_is_adding_one_markdown_file() {
    let p = Project::copy_of_real_site();
    p.write(
        "content/blog/reading-recipe-units.md",
        "---\ntitle: Reading Recipe Units Abroad\nexcerpt: Cups, spoons and grams in recipes from other countries.\ndate: 2026-02-01\nreadTime: 3 min read\ncategory: Cooking\nslug: reading-recipe-units\n---\nA US cup is 236.59 mL; see the [volume converter](/volume-converter).\n",
    );
    let out = p.unitly(&["build", "--out", "site"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(p.read("site/blog/reading-recipe-units.html").contains("Reading Recipe Units Abroad"));
    assert!(links_to(&p.read("site/blog.html"), "/blog/reading-recipe-units"));
    assert!(links_to(&p.read("site/index.html"), "/blog/reading-recipe-units"), "newest article in the Learning Center");
    assert!(p.read("site/sitemap.xml").contains("/blog/reading-recipe-units</loc>"));
    assert_eq!(p.read("site/sitemap.xml").matches("<url>").count(), real_site_page_count() + 1);
}

#[test]
fn check_passes_on_the_real_content_and_writes_nothing() {
    let p = Project::copy_of_real_site();
    let out = p.unitly(&["check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains(&format!("{} pages", real_site_page_count())), "{}", stdout(&out));
    assert!(!p.path("dist").exists());
}

#[test]
fn pages_streamed_after_the_island_pass_get_islands_it_did_not_render() {
    // The build prerenders the islands the app's pages and the first article ask for, then
    // streams the other articles; here each article asks for an island of its own.
    let p = Project::copy_of_real_site();
    p.edit(
        "themes/unitly/templates/article.html",
        "<article class=\"prose article\">",
        "<article class=\"prose article\">{{ island(name=\"ThemeToggle\", props=props(page=page.path), client=\"idle\") | safe }}",
    );
    let out = p.unitly(&["build", "--out", "site"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("late islands"), "a second island pass ran:\n{}", stdout(&out));
    for slug in ["conversion-tips", "how-to-convert-units-quickly", "unit-conversion-history"] {
        let html = p.read(&format!("site/blog/{slug}.html"));
        assert!(!html.contains("<!--unitly:"), "{slug}: a placeholder is left");
        let own = format!("data-island=\"ThemeToggle\" data-client=\"idle\" data-props='{{\"page\":\"/blog/{slug}\"}}'");
        assert!(html.contains(&own), "{slug}: its own island is filled in");
    }
}

/// The "N islands (M rendered now)" of a build's island step: M.
fn islands_rendered_now(out: &std::process::Output) -> usize {
    let text = stdout(out);
    let line = text.lines().find(|l| l.trim_start().starts_with("islands ")).unwrap_or_else(|| panic!("no island step:\n{text}"));
    line.split('(').nth(1).and_then(|r| r.split(' ').next()).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{line}"))
}

#[test]
fn later_builds_take_the_islands_from_the_cache_until_their_inputs_change() {
    let p = Project::copy_of_real_site_never_built();
    let build = |out: &str| {
        let o = p.unitly(&["build", "--out", out]);
        assert!(o.status.success(), "{}", stderr(&o));
        o
    };
    assert!(islands_rendered_now(&build("a")) > 0, "the first build runs Node");
    assert_eq!(islands_rendered_now(&build("b")), 0, "the second build starts no Node");
    assert!(common::snapshot(&p.path("a")) == common::snapshot(&p.path("b")), "the same output from the cache");

    // A client file gone from the cache: bundled again, same output.
    let saved = std::fs::read_dir(p.path(unitly::islands::store::DIR))
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .unwrap();
    let client = walkdir::WalkDir::new(saved.path().join("client")).into_iter().filter_map(Result::ok).find(|e| e.file_type().is_file()).unwrap();
    std::fs::remove_file(client.path()).unwrap();
    assert!(islands_rendered_now(&build("c")) > 0);
    assert!(common::snapshot(&p.path("a")) == common::snapshot(&p.path("c")));

    // A changed island (by content: copying or touching a file changes nothing).
    p.edit("islands/src/lib/market.ts", "Loading live market data...", "Fetching live market data...");
    assert!(islands_rendered_now(&build("d")) > 0, "an edited island is rendered again");
    assert!(p.read("d/index.html").contains("Fetching live market data..."));
    let entries = std::fs::read_dir(p.path(unitly::islands::store::DIR)).unwrap().count();
    assert_eq!(entries, 1, "only the latest inputs' results are kept");
}

/// A site built as `serve` builds it: quietly, with one cache kept from build to build.
fn serving(p: &Project) -> (unitly::site::Site, unitly::site::BuildCache) {
    let mut site = unitly::site::Site::new(p.path(""));
    site.verbose = false;
    (site, unitly::site::BuildCache::default())
}

/// What a full build (no cache) writes into `name`.
fn full_build(p: &Project, name: &str) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    unitly::site::Site { verbose: false, ..unitly::site::Site::new(p.path("")) }.build(&p.path(name), &mut Default::default()).unwrap();
    common::snapshot(&p.path(name))
}

#[test]
fn a_rebuild_reuses_unchanged_articles_and_equals_a_full_build() {
    // What `serve` does on every save: the same BuildCache, the same output folder.
    let p = Project::copy_of_real_site();
    let template = p.read("content/blog/conversion-tips.md").replace("featured: true", "featured: false");
    for i in 1..=30 {
        let text = template
            .replace("slug: conversion-tips", &format!("slug: extra-{i:02}"))
            .replace("date: 2025-12-28", &format!("date: 2024-{:02}-{:02}", i % 12 + 1, i % 27 + 1));
        p.write(&format!("content/blog/extra-{i:02}.md"), &text);
    }
    let (site, mut cache) = serving(&p);
    let out = p.path("out");
    let full = |name: &str| full_build(&p, name);
    let first = site.build(&out, &mut cache).unwrap();
    assert_eq!(first.reused, 0);
    // Numbered pages and archives: every HTML file in blog/'s subfolders.
    let listings = walkdir::WalkDir::new(p.path("out/blog")).min_depth(2).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()).count();
    assert!(p.path("out/blog/page/2.html").exists() && listings >= 3, "the blog has numbered pages and archives");

    // A body edit: that article is rendered again, every other page reused (the app's own
    // pages, the other articles, the unit pair pages and the listing pages).
    p.edit("content/blog/extra-07.md", "\n\n", "\n\nA sentence added while serving.\n\n");
    let report = site.build(&out, &mut cache).unwrap();
    assert_eq!(report.pages, real_site_page_count() + 30);
    assert_eq!(report.reused, report.pages - 1 + listings, "every page but the edited article");
    assert!(p.read("out/blog/extra-07.html").contains("A sentence added while serving."));
    assert!(common::snapshot(&out) == full("fresh-1"), "the same output as a full build");

    // An article grown past its fragment file's room: the search index numbers the results
    // after it again, as a full build does; every other page is still kept.
    p.edit("content/blog/extra-03.md", "\n\n", &format!("\n\n{}\n\n", "A long paragraph added between two builds. ".repeat(300)));
    assert_eq!(site.build(&out, &mut cache).unwrap().reused, report.pages - 1 + listings);
    assert!(common::snapshot(&out) == full("fresh-grown"), "the same output as a full build");

    // An island only the edited article asks for is rendered now and kept on disk with the
    // reused pages' renders, so a build started afresh sends none of them to Node again.
    p.edit("content/blog/extra-07.md", "A sentence added while serving.", "{{ converter(from=\"feet\", to=\"meters\", value=\"7\") }}");
    assert_eq!(site.build(&out, &mut cache).unwrap().reused, report.pages - 1 + listings);
    assert!(p.read("out/blog/extra-07.html").contains("data-island=\"ConverterCard\""));
    let fresh = p.unitly(&["build", "--out", "fresh-islands"]);
    assert!(fresh.status.success(), "{}", stderr(&fresh));
    assert_eq!(islands_rendered_now(&fresh), 0, "every island render was kept");
    assert!(common::snapshot(&out) == common::snapshot(&p.path("fresh-islands")));

    // A title (front matter) changes the listings: that article, the home page, `/blog` and
    // its numbered pages and archives are rendered again; the pair pages, the converters and
    // the other articles are kept, and the search index numbers its results again.
    p.edit("content/blog/extra-08.md", "title: ", "title: Renamed ");
    assert_eq!(site.build(&out, &mut cache).unwrap().reused, report.pages - 3, "all but the article, / and /blog");
    assert!(p.read("out/blog.html").contains("Renamed "));
    assert!(common::snapshot(&out) == full("fresh-2"));

    // An article added (the newest) or removed: the same, and the removed one's page is gone.
    p.write("content/blog/extra-31.md", &template.replace("slug: conversion-tips", "slug: extra-31").replace("date: 2025-12-28", "date: 2026-01-15"));
    assert_eq!(site.build(&out, &mut cache).unwrap().reused, report.pages - 2, "all but / and /blog");
    assert!(p.read("out/index.html").contains("/blog/extra-31"), "the home page lists the newest article");
    assert!(common::snapshot(&out) == full("fresh-3"));
    std::fs::remove_file(p.path("content/blog/extra-05.md")).unwrap();
    assert_eq!(site.build(&out, &mut cache).unwrap().reused, report.pages - 2);
    assert!(!p.path("out/blog/extra-05.html").exists());
    assert!(common::snapshot(&out) == full("fresh-4"));

    // An article removed that a kept page links to: the link check reads every page's links.
    p.edit("content/blog/extra-06.md", "\n\n", "\n\nSee [another](/blog/extra-04).\n\n");
    site.build(&out, &mut cache).unwrap();
    std::fs::remove_file(p.path("content/blog/extra-04.md")).unwrap();
    let err = format!("{:#}", site.build(&out, &mut cache).err().expect("the link to the removed article is found"));
    assert!(err.contains("content/blog/extra-06.md") && err.contains("broken link `/blog/extra-04`"), "{err}");
    p.edit("content/blog/extra-06.md", "See [another](/blog/extra-04).", "See another.");
    site.build(&out, &mut cache).unwrap();
    assert!(common::snapshot(&out) == full("fresh-5"));

    // A page under an article whose article is held back: its breadcrumb loses the article,
    // as a full build's does, where keeping it would keep a link to a page that is gone.
    p.edit("content/routes.yaml", "collections:\n", "collections:\n  notes:\n    dir: notes\n    path: /notes/{slug}\n    template: article.html\n    schema: Article\n    parent: /blog/extra-09\n    priority: 0.5\n    changefreq: monthly\n");
    p.write("content/notes/a-note.md", &template.replace("slug: conversion-tips", "slug: a-note"));
    site.build(&out, &mut cache).unwrap();
    assert!(p.read("out/notes/a-note.html").contains("/blog/extra-09"));
    p.edit("content/blog/extra-09.md", "featured: false", "featured: false\ndraft: true");
    site.build(&out, &mut cache).unwrap();
    assert!(!p.read("out/notes/a-note.html").contains("/blog/extra-09"));
    assert!(common::snapshot(&out) == full("fresh-6"));

    // So does a template.
    p.edit("themes/unitly/templates/article.html", "<article class=\"prose article\">", "<article class=\"prose article\" data-edited>");
    assert_eq!(site.build(&out, &mut cache).unwrap().reused, 0);
    assert!(p.read("out/blog/extra-08.html").contains("data-edited"));
}

/// A `unitly build`'s "N pages written (M reused)": (N, M).
fn written_and_reused(out: &std::process::Output) -> (usize, usize) {
    let text = stdout(out);
    let line = text.lines().find(|l| l.trim_start().starts_with("pages ")).unwrap_or_else(|| panic!("no pages step:\n{text}"));
    let number = |s: &str| s.split(|c: char| !c.is_ascii_digit()).find(|w| !w.is_empty()).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{line}"));
    (number(line), number(line.split_once('(').unwrap_or_else(|| panic!("{line}")).1))
}

#[test]
fn a_build_keeps_the_pages_the_last_build_into_its_folder_saved_while_that_folder_is_as_it_left_it() {
    let p = Project::copy_of_real_site();
    let build = |out: &str| {
        let o = p.unitly(&["build", "--out", out]);
        assert!(o.status.success(), "{}", stderr(&o));
        written_and_reused(&o)
    };
    let saved = p.path(unitly::site::SAVED_PAGES);
    assert_eq!(build("out").1, 0, "nothing saved yet");
    assert!(saved.is_file(), "the first build saves its pages");

    // Nothing changed: every page is kept, and the output is a full build's.
    let (written, reused) = build("out");
    assert!(reused >= real_site_page_count(), "{reused} of {written} kept");
    assert!(common::snapshot(&p.path("out")) == full_build(&p, "fresh-0"));

    // A body edit: that article is rendered again, the others kept.
    p.edit("content/blog/conversion-tips.md", "\n\n", "\n\nA sentence added between two builds.\n\n");
    let (_, after_edit) = build("out");
    assert_eq!(after_edit, reused - 1, "every page but the edited article");
    assert!(p.read("out/blog/conversion-tips.html").contains("A sentence added between two builds."));
    assert!(common::snapshot(&p.path("out")) == full_build(&p, "fresh-1"), "the same output as a full build");

    // An island only the edited article asks for: the build reads the island store's renders
    // of its pages alone, renders the new one, and the store keeps every render it had, so a
    // full build afterwards sends none to Node.
    p.edit("content/blog/conversion-tips.md", "A sentence added between two builds.", "{{ converter(from=\"feet\", to=\"meters\", value=\"17\") }}");
    let o = p.unitly(&["build", "--out", "out"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(islands_rendered_now(&o) > 0, "the card's islands are rendered now");
    assert_eq!(written_and_reused(&o).1, reused - 1);
    assert!(p.read("out/blog/conversion-tips.html").contains("data-island=\"ConverterCard\""));
    assert!(common::snapshot(&p.path("out")) == full_build(&p, "fresh-islands"), "the same output as a full build");
    assert_eq!(islands_rendered_now(&p.unitly(&["build", "--out", "fresh-islands-2"])), 0, "every island render was kept");
    assert_eq!(build("out").1, 0, "the pages saved were the other folder's");
    assert_eq!(build("out").1, reused);

    // A failed build leaves the output, and so what was saved for it, as they were.
    p.edit("content/blog/conversion-tips.md", "title: ", "title: [unclosed ");
    assert!(!p.unitly(&["build", "--out", "out"]).status.success());
    p.edit("content/blog/conversion-tips.md", "title: [unclosed ", "title: ");
    assert_eq!(build("out").1, reused, "kept again after the failure");

    // A file of the output changed by hand: nothing is kept, and the file is made again.
    let about = p.read("out/about.html");
    p.write("out/about.html", &format!("{about}<!-- edited by hand -->"));
    assert_eq!(build("out").1, 0, "an output changed since is no output to keep pages of");
    assert_eq!(p.read("out/about.html"), about);

    // Another folder: saved for it, and the first folder's pages are not kept for it.
    assert_eq!(build("out").1, reused);
    assert_eq!(build("elsewhere").1, 0);
    assert_eq!(build("out").1, 0, "the pages saved are the last folder's");

    // A damaged file is no reuse, and is replaced.
    let bytes = std::fs::read(&saved).unwrap();
    std::fs::write(&saved, &bytes[..bytes.len() / 2]).unwrap();
    assert_eq!(build("out").1, 0);
    assert_eq!(build("out").1, reused);
    assert!(common::snapshot(&p.path("out")) == full_build(&p, "fresh-2"));

    // An article added: it, the home page and `/blog` are rendered, the other pages kept.
    let article = p.read("content/blog/conversion-tips.md").replace("slug: conversion-tips", "slug: added-later").replace("featured: true", "featured: false");
    p.write("content/blog/added-later.md", &article);
    assert_eq!(build("out").1, reused - 2);
    assert!(common::snapshot(&p.path("out")) == full_build(&p, "fresh-3"));
}

#[test]
fn a_rebuild_checks_again_the_links_an_edit_can_break() {
    // A rebuild reads only the links of the pages whose links changed, unless some page's ids
    // changed: then a link elsewhere to one of its anchors may no longer resolve.
    let p = Project::copy_of_real_site();
    p.edit("content/blog/conversion-tips.md", "\n\n", "\n\n## An anchor others link to\n\nLinked from another article.\n\n");
    p.edit("content/blog/how-to-convert-units-quickly.md", "\n\n", "\n\nSee [the tips](/blog/conversion-tips#an-anchor-others-link-to).\n\n");
    let (site, mut cache) = serving(&p);
    let out = p.path("out");
    site.build(&out, &mut cache).unwrap();

    // A broken link written in the edited article itself.
    p.edit("content/blog/conversion-tips.md", "Linked from another article.", "Linked from [nowhere](/no-such-page).");
    let err = format!("{:#}", site.build(&out, &mut cache).err().expect("the broken link is found"));
    assert!(err.contains("content/blog/conversion-tips.md") && err.contains("broken link `/no-such-page`"), "{err}");
    p.edit("content/blog/conversion-tips.md", "Linked from [nowhere](/no-such-page).", "Linked from another article.");
    site.build(&out, &mut cache).unwrap();
    // A sentence added: this build reuses every other page, as the next one would.
    p.edit("content/blog/conversion-tips.md", "Linked from another article.", "Linked from another article, twice.");
    assert!(site.build(&out, &mut cache).unwrap().reused > 0);

    // The anchor renamed in one article breaks the link in the other, which is reused.
    p.edit("content/blog/conversion-tips.md", "## An anchor others link to", "## A renamed anchor");
    let err = format!("{:#}", site.build(&out, &mut cache).err().expect("the broken anchor is found"));
    assert!(err.contains("content/blog/how-to-convert-units-quickly.md") && err.contains("anchor `#an-anchor-others-link-to` does not exist"), "{err}");
    p.edit("content/blog/conversion-tips.md", "## A renamed anchor", "## An anchor others link to");
    site.build(&out, &mut cache).unwrap();
    assert!(common::snapshot(&out) == full_build(&p, "fresh"), "the same output as a full build");
}

#[test]
fn a_rebuild_reads_again_only_the_articles_whose_files_changed() {
    // `serve` remembers each article as loaded with its file's modification time and length;
    // a file with both unchanged is taken from memory (as make and cargo judge files).
    let p = Project::copy_of_real_site();
    let (site, mut cache) = serving(&p);
    let out = p.path("out");
    site.build(&out, &mut cache).unwrap();
    let file = p.path("content/blog/conversion-tips.md");
    let stamp = std::fs::metadata(&file).unwrap().modified().unwrap();
    let set_modified = |time| std::fs::File::options().write(true).open(&file).unwrap().set_modified(time).unwrap();
    // The same length and time: not read again, so the old title stays.
    p.edit("content/blog/conversion-tips.md", "title: \"Top 10", "title: \"Top 11");
    set_modified(stamp);
    site.build(&out, &mut cache).unwrap();
    assert!(p.read("out/blog/conversion-tips.html").contains("Top 10 Unit Conversion Tips"));
    // A new time (an editor's save): read, parsed and built again.
    set_modified(stamp + std::time::Duration::from_secs(1));
    site.build(&out, &mut cache).unwrap();
    assert!(p.read("out/blog/conversion-tips.html").contains("Top 11 Unit Conversion Tips"));
    assert!(common::snapshot(&out) == full_build(&p, "fresh"));
}

#[test]
fn a_rebuild_takes_the_sites_own_content_again_only_while_its_files_read_the_same() {
    // `serve` keeps what units.yaml, routes.yaml and the registry's pages made (the pair
    // pages among it) while those files read the same; an edit to any of them is seen.
    let p = Project::copy_of_real_site();
    p.edit("content/routes.yaml", "collections:\n", "collections:\n  notes:\n    dir: notes\n    path: /length-converter/{slug}\n    template: article.html\n    schema: Article\n    parent: /length-converter\n    priority: 0.5\n    changefreq: monthly\n");
    let article = p.read("content/blog/conversion-tips.md").replace("featured: true", "featured: false");
    p.write("content/notes/tape-measures.md", &article.replace("slug: conversion-tips", "slug: tape-measures"));
    let (site, mut cache) = serving(&p);
    let out = p.path("out");
    let full = |name: &str| full_build(&p, name);
    site.build(&out, &mut cache).unwrap();
    p.edit(
        "content/units.yaml",
        "aliases: [foot, \"'\", ′, ’, ‘], source: 1959 international yard and pound agreement }",
        "aliases: [foot, \"'\", ′, ’, ‘], source: the international yard of 1959 }",
    );
    site.build(&out, &mut cache).unwrap();
    assert!(p.read("out/length-converter/feet-to-meters.html").contains("Source: the international yard of 1959."));
    p.edit("content/pages/about.md", "\n\n", "\n\nA sentence added while serving.\n\n");
    site.build(&out, &mut cache).unwrap();
    assert!(p.read("out/about.html").contains("A sentence added while serving."));
    // The footer may link to an article: its new title is in every page's footer, while the
    // site's own files (and so what the renderer keeps of them) read the same.
    p.edit("content/site.yaml", "/blog, /about]", "/blog, /about, /length-converter/tape-measures]");
    site.build(&out, &mut cache).unwrap();
    p.edit("content/notes/tape-measures.md", "title: \"Top 10 Unit Conversion Tips for Accurate Results\"", "title: \"Tape Measures\"");
    site.build(&out, &mut cache).unwrap();
    assert!(p.read("out/about.html").contains(">Tape Measures</a>"));
    assert!(common::snapshot(&out) == full("fresh-1"), "the same output as a full build");

    // An article at a pair page's path is refused on a rebuild that keeps the pair pages, as
    // a full build refuses it; the output stays as it was.
    p.write("content/notes/feet-to-meters.md", &article.replace("slug: conversion-tips", "slug: feet-to-meters"));
    let expected = "content/notes/feet-to-meters.md:1:1: route /length-converter/feet-to-meters is also the page units.yaml makes for feet → meters";
    let Err(refused) = site.build(&out, &mut cache) else { panic!("an article at a pair page's path was built") };
    let refused = format!("{refused:#}");
    assert!(refused.contains(expected), "{refused}");
    let checked = p.unitly(&["check"]);
    assert!(!checked.status.success() && stderr(&checked).contains(expected), "{}", stderr(&checked));
    assert!(p.read("out/length-converter/feet-to-meters.html").contains("Feet to Meters Converter"));
    std::fs::remove_file(p.path("content/notes/feet-to-meters.md")).unwrap();
    site.build(&out, &mut cache).unwrap();
    assert!(common::snapshot(&out) == full("fresh-2"));
}

#[test]
fn an_island_in_the_footer_is_filled_on_every_rebuild() {
    // The menu and footer are made once and kept between rebuilds (render::OwnParts); an
    // island in them is still filled in a page rendered again. (Not the header's island:
    // `visible` makes it another.)
    let p = Project::copy_of_real_site();
    let footer = "<footer class=\"site-footer\">";
    p.edit("themes/unitly/templates/partials/site-footer.html", footer, &format!("{footer}{{{{ island(name=\"ThemeToggle\", client=\"visible\") | safe }}}}"));
    let (site, mut cache) = serving(&p);
    let out = p.path("out");
    site.build(&out, &mut cache).unwrap();
    p.edit("content/blog/conversion-tips.md", "\n\n", "\n\nA sentence added while serving.\n\n");
    site.build(&out, &mut cache).unwrap();
    let article = p.read("out/blog/conversion-tips.html");
    let footer_html = &article[article.find("<footer").expect("a footer")..];
    assert!(footer_html.contains("data-island=\"ThemeToggle\" data-client=\"visible\""), "{footer_html}");
    assert!(common::snapshot(&out) == full_build(&p, "fresh"), "the same output as a full build");
}

#[test]
fn a_page_over_the_budget_is_named_in_a_warning_and_still_built() {
    let p = Project::copy_of_real_site();
    let out = p.unitly(&["build", "--out", "a"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("KB a page should weigh"), "the default site is within budget:\n{}", stderr(&out));

    let text = p.read("content/blog/unit-conversion-history.md");
    let long = "A paragraph that an editor pasted far too many times into one article. ".repeat(1200);
    p.write("content/blog/unit-conversion-history.md", &format!("{text}\n{long}\n"));
    let out = p.unitly(&["build", "--out", "b"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let size = std::fs::metadata(p.path("b/blog/unit-conversion-history.html")).unwrap().len();
    assert!(size > PAGE_BUDGET as u64);
    let expected =
        format!("warning: blog/unit-conversion-history.html is {:.1} KB of HTML, over the {} KB a page should weigh", size as f64 / 1024.0, PAGE_BUDGET / 1024);
    assert!(stderr(&out).contains(&expected), "{expected:?} in:\n{}", stderr(&out));
}
