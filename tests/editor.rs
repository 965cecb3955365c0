//! The editor's workflow: drafts, scheduled articles, `unitly new article`, images from
//! plain markdown (variants, the encode cache), located problems with CI annotations, and
//! reproducible builds. Each test works on one copy of the real site.

// Each test binary compiles its own copy of the shared helpers and uses only some of them.
#[allow(dead_code)]
mod common;
use common::{real_site_page_count, snapshot, stderr, stdout, Project};

/// 2026-11-23 00:00 UTC: "today" for these tests, whatever the clock says.
const TODAY: (&str, &str) = ("SOURCE_DATE_EPOCH", "1795392000");

fn ok(out: &std::process::Output, what: &str) {
    assert!(out.status.success(), "{what} failed:\n{}\n{}", stdout(out), stderr(out));
}

#[test]
fn drafts_and_scheduled_articles_stay_out_of_the_build_until_asked_for() {
    let p = Project::copy_of_real_site();

    // `new article` scaffolds a draft that passes check as it stands.
    let out = p.unitly_with(&["new", "article", "Reading Recipe Units: Cups Abroad"], &[TODAY]);
    ok(&out, "new article");
    let rel = "content/blog/reading-recipe-units-cups-abroad.md";
    assert!(stdout(&out).contains(&format!("created {rel}")), "{}", stdout(&out));
    assert!(stdout(&out).contains("unitly serve"), "says how to preview: {}", stdout(&out));
    let created = p.read(rel);
    for line in
        ["title: \"Reading Recipe Units: Cups Abroad\"", "date: 2026-11-23", "slug: reading-recipe-units-cups-abroad", "author: The Unitly team", "draft: true"]
    {
        assert!(created.lines().any(|l| l.starts_with(line)), "{line:?} in:\n{created}");
    }
    assert!(created.lines().any(|l| l.starts_with("category: ")), "{created}");
    // A second article with the same slug is refused with status 2; the file is untouched.
    p.write(rel, &created.replace("Start with the question", "Edited: start with the question"));
    let again = p.unitly_with(&["new", "article", "Reading recipe units: cups abroad!"], &[TODAY]);
    assert_eq!(again.status.code(), Some(2), "{}", stderr(&again));
    assert!(stderr(&again).contains("already exists"), "{}", stderr(&again));
    assert!(p.read(rel).contains("Edited: start with the question"), "never overwrites");
    // An empty category is refused; accents leave the slug, which stays a plain address.
    let empty = p.unitly_with(&["new", "article", "Another", "--category", ""], &[TODAY]);
    assert_eq!(empty.status.code(), Some(2), "{}", stderr(&empty));
    assert!(stderr(&empty).contains("the category is empty"), "{}", stderr(&empty));
    let accented = p.unitly_with(&["new", "article", "Crème Brûlée in Grams"], &[TODAY]);
    ok(&accented, "new article with accents");
    assert!(p.path("content/blog/creme-brulee-in-grams.md").exists(), "{}", stdout(&accented));
    std::fs::remove_file(p.path("content/blog/creme-brulee-in-grams.md")).unwrap();

    // A scheduled article: dated after today.
    let future = p
        .read("content/blog/conversion-tips.md")
        .replace("slug: conversion-tips", "slug: metric-recipes")
        .replace("date: 2025-12-28", "date: 2027-01-04")
        .replace("featured: true", "featured: false");
    p.write("content/blog/metric-recipes.md", &future);

    let check = p.unitly_with(&["check"], &[TODAY]);
    ok(&check, "check with a draft and a scheduled article");

    let out = p.unitly_with(&["build", "--out", "site"], &[TODAY]);
    ok(&out, "build");
    let log = stdout(&out);
    assert!(log.contains("1 article scheduled: metric-recipes on 2027-01-04"), "{log}");
    assert!(log.contains("1 draft left out: reading-recipe-units-cups-abroad"), "{log}");
    assert!(stdout(&out).contains(&format!("built {} pages + 404", real_site_page_count())), "{log}");
    for slug in ["reading-recipe-units-cups-abroad", "metric-recipes"] {
        assert!(!p.path(&format!("site/blog/{slug}.html")).exists(), "{slug} must not be published");
        for file in ["site/sitemap.xml", "site/blog.html", "site/index.html", "site/sw.js"] {
            assert!(!p.read(file).contains(slug), "{slug} must not be in {file}");
        }
    }

    // A preview build includes both, marked.
    let out = p.unitly_with(&["build", "--out", "preview", "--drafts", "--future"], &[TODAY]);
    ok(&out, "build --drafts --future");
    let draft = p.read("preview/blog/reading-recipe-units-cups-abroad.html");
    assert!(draft.contains(">Draft</span>"), "the draft is marked");
    assert!(p.read("preview/blog/metric-recipes.html").contains(">Scheduled</span>"));
    assert!(p.read("preview/blog.html").contains(">Draft</span>"), "marked in the listing too");
    // A preview is never published by mistake to search engines: its unpublished articles are
    // `noindex`, and left out of the sitemap and the feed.
    for slug in ["reading-recipe-units-cups-abroad", "metric-recipes"] {
        let page = p.read(&format!("preview/blog/{slug}.html"));
        assert!(page.contains("content=noindex") && !page.contains("rel=canonical"), "{slug} is noindex");
        for file in ["preview/sitemap.xml", "preview/feed.xml"] {
            assert!(!p.read(file).contains(slug), "{slug} must not be in {file}");
        }
    }
    assert!(p.read("preview/feed.xml").contains("/blog/conversion-tips</id>"), "published articles stay in the feed");
    let published = p.read("preview/blog/conversion-tips.html");
    assert!(!published.contains("noindex") && published.contains("rel=canonical"), "published articles stay indexed");

    // On its day, the scheduled article is published by a plain build (check sees the date).
    let on_the_day = p.unitly_with(&["build", "--out", "site"], &[("SOURCE_DATE_EPOCH", "1830556800")]); // 2028-01-04
    ok(&on_the_day, "build on the day");
    assert!(p.path("site/blog/metric-recipes.html").exists());
    assert!(!stdout(&on_the_day).contains("scheduled"), "{}", stdout(&on_the_day));
}

/// A photo-like PNG: smooth gradients with fine detail, 2000×1250.
fn write_png(path: &std::path::Path) {
    let img = image::RgbImage::from_fn(2000, 1250, |x, y| {
        let v = ((x as f32 / 37.0).sin() * 40.0 + (y as f32 / 23.0).cos() * 40.0) as i32;
        image::Rgb([(x / 8) as u8 ^ (v as u8), (y / 5) as u8, ((x + y) / 13) as u8])
    });
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    img.save(path).unwrap();
}

#[test]
fn images_from_plain_markdown_are_sized_encoded_once_and_builds_are_byte_identical() {
    let p = Project::copy_of_real_site();
    write_png(&p.path("content/images/ruler.png"));
    let original = std::fs::metadata(p.path("content/images/ruler.png")).unwrap().len();
    p.edit("content/blog/conversion-tips.md", "\n## ", "\n![A steel ruler on a bench](/images/ruler.png)\n\n## ");

    let out = p.unitly_with(&["build", "--out", "a"], &[TODAY]);
    ok(&out, "build a");
    assert!(stdout(&out).contains("2 images, 7 files (6 encoded now)"), "{}", stdout(&out));
    let html = p.read("a/blog/conversion-tips.html");
    let start = html.find("<picture>").expect("a picture element");
    let picture = &html[start..start + html[start..].find("</picture>").unwrap()];
    assert!(picture.contains("<source ") && picture.contains("type=image/webp"), "{picture}");
    for w in [480, 960, 1600] {
        assert!(picture.contains(&format!("/images/ruler-{w}.")) && picture.contains(&format!(" {w}w")), "{w}w in {picture}");
    }
    for attr in ["width=1600", "height=1000", "alt=\"A steel ruler on a bench\"", "loading=lazy", "decoding=async", "sizes="] {
        assert!(picture.contains(attr), "{attr} in {picture}");
    }
    // Every variant exists with the size it claims; the WebP ones are smaller than the original.
    let mut variants = 0;
    for entry in std::fs::read_dir(p.path("a/images")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("ruler-") {
            continue;
        }
        variants += 1;
        let w: u32 = name["ruler-".len()..].split('.').next().unwrap().parse().unwrap();
        let img = image::open(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((img.width(), img.height()), (w, w * 1250 / 2000), "{name}");
        assert!(picture.contains(&format!("/images/{name} {w}w")), "{name} is in the srcset");
        if name.ends_with(".webp") {
            assert!(std::fs::metadata(&path).unwrap().len() < original, "{name} smaller than the original");
        }
    }
    assert_eq!(variants, 6);

    // Reproducible: a fresh encode into another folder, after touching every content file,
    // gives the same bytes.
    std::fs::remove_dir_all(p.path(unitly::images::CACHE_DIR)).unwrap();
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(3600);
    for e in walkdir::WalkDir::new(p.path("content")).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
        std::fs::File::options().write(true).open(e.path()).unwrap().set_modified(later).unwrap();
    }
    let out = p.unitly_with(&["build", "--out", "elsewhere/b"], &[TODAY]);
    ok(&out, "build b");
    let (a, b) = (snapshot(&p.path("a")), snapshot(&p.path("elsewhere/b")));
    assert_eq!(a.iter().map(|f| &f.0).collect::<Vec<_>>(), b.iter().map(|f| &f.0).collect::<Vec<_>>(), "the same files");
    for (fa, fb) in a.iter().zip(&b) {
        assert!(fa.1 == fb.1, "{} differs between the two builds", fa.0.display());
    }

    // The encode cache: an unchanged image is never encoded twice.
    let out = p.unitly_with(&["build", "--out", "elsewhere/b"], &[TODAY]);
    ok(&out, "build b again");
    assert!(stdout(&out).contains("2 images, 7 files (0 encoded now)"), "{}", stdout(&out));
}

#[test]
fn image_and_link_problems_are_located_and_annotated_in_ci() {
    let p = Project::copy_of_real_site();
    let article = "content/blog/how-to-convert-units-quickly.md";
    p.edit(article, "\n## ", "\n![A chart of factors](/images/chart.png)\n\n![](/images/yard-and-pound-1959.svg)\n\nSee the [FAQ](faq).\n\n## ");
    let text = p.read(article);
    let line_of = |needle: &str| text.lines().position(|l| l.starts_with(needle)).unwrap() + 1;
    let (chart, no_alt, relative) = (line_of("![A chart"), line_of("![]("), line_of("See the [FAQ]"));

    let out = p.unitly_with(&["check"], &[("GITHUB_ACTIONS", "true")]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains(&format!("{article}:{chart}:1: image /images/chart.png not found in content/images/")), "{err}");
    assert!(err.contains(&format!("{article}:{no_alt}:1: image /images/yard-and-pound-1959.svg has no alt text")), "{err}");
    assert!(err.contains(&format!("{article}:{relative}:9: relative link `faq`: links inside the site start with `/` (write `/faq`)")), "{err}");
    let annotations = stdout(&out);
    assert!(
        annotations.lines().any(|l| l == format!("::error file={article},line={chart},col=1::image /images/chart.png not found in content/images/")),
        "{annotations}"
    );
    assert_eq!(annotations.lines().filter(|l| l.starts_with("::error file=")).count(), 3, "{annotations}");
    // Without GITHUB_ACTIONS, no annotations.
    assert!(!stdout(&p.unitly(&["check"])).contains("::error"));

    // The build fails on the same problem, before writing anything.
    let build = p.unitly(&["build", "--out", "site"]);
    assert_eq!(build.status.code(), Some(1));
    assert!(stderr(&build).contains(&format!("{article}:{chart}:1: image /images/chart.png not found")), "{}", stderr(&build));
    assert!(!p.path("site").exists());

    // An unreadable file and a malformed size suffix are located at their lines too.
    p.write(
        article,
        &text.replace("![](/images/yard-and-pound-1959.svg)", "![Broken](/images/broken.png)").replace("[FAQ](faq)", "![Ruler](/icons/r.png#400by300)"),
    );
    std::fs::write(p.path("content/images/broken.png"), b"\x89PNG\r\n\x1a\nnot a png").unwrap();
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains(&format!("{article}:{no_alt}:1: image /images/broken.png cannot be read")), "{err}");
    assert!(err.contains(&format!("{article}:{relative}:9: malformed image size `#400by300` on /icons/r.png")), "{err}");
    assert!(!err.contains("is not a page of this site"), "{err}");
}

#[test]
fn editor_friction_errors_point_at_the_right_place_with_a_hint() {
    let p = Project::copy_of_real_site();
    // Two featured articles: each `featured: true` is located.
    p.edit("content/blog/unit-conversion-history.md", "featured: false", "featured: true");
    // A duplicate FAQ id: the copy is located, not the first entry.
    let faq = p.read("content/faq.yaml");
    p.write(
        "content/faq.yaml",
        &format!("{faq}\n- id: is-it-free\n  category: General\n  question: Is it free?\n  answer: Yes, see the [help](/no-such-help).\n"),
    );
    let faq_lines = faq.lines().count();
    // An unquoted colon in a title.
    p.edit("content/blog/how-to-convert-units-quickly.md", "title: How to Convert Units Quickly", "title: Units: How to Convert Quickly");

    let err = stderr(&p.unitly(&["check"]));
    let featured_line = |f: &str| p.read(f).lines().position(|l| l.starts_with("featured:")).unwrap() + 1;
    for f in ["content/blog/conversion-tips.md", "content/blog/unit-conversion-history.md"] {
        assert!(err.contains(&format!("{f}:{}:11: 2 articles are marked featured", featured_line(f))), "{f} in:\n{err}");
    }
    assert!(err.contains(&format!("content/faq.yaml:{}:7: FAQ id `is-it-free` appears twice (first at line", faq_lines + 2)), "{err}");
    assert!(err.contains(&format!("content/faq.yaml:{}:", faq_lines + 5)) && err.contains("broken link `/no-such-help`"), "{err}");
    assert!(err.contains("content/blog/how-to-convert-units-quickly.md:2:") && err.contains("put the value in quotes"), "{err}");
}
