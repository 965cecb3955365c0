//! Bad content fails with the file, line and column, exits non-zero, never panics, and
//! leaves the previous output byte-for-byte as it was.

// Each test binary compiles its own copy of the shared helpers and uses only some of them.
#[allow(dead_code)]
mod common;
use common::{snapshot, stderr, Project};

/// Breaks the copy with `edit`, then expects `check` to report `expected` (a
/// `file:line:col: message` fragment).
fn expect_problem(edit: impl FnOnce(&Project), expected: &[&str]) {
    let p = Project::copy_of_real_site();
    edit(&p);
    let out = p.unitly(&["check"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "check must fail:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    for fragment in expected {
        assert!(err.contains(fragment), "expected {fragment:?} in:\n{err}");
    }
}

#[test]
fn broken_front_matter_is_located() {
    expect_problem(
        |p| p.edit("content/blog/conversion-tips.md", "readTime:", "readTime: [unclosed\nbroken:"),
        &["content/blog/conversion-tips.md:", "problem"],
    );
    // The exact line: the YAML error is reported inside the front matter, not at line 1.
    let p = Project::copy_of_real_site();
    let text = p.read("content/blog/conversion-tips.md");
    let line = text.lines().position(|l| l.starts_with("readTime:")).unwrap() + 1;
    p.edit("content/blog/conversion-tips.md", "readTime:", "readTime: 6 min: read:");
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains(&format!("content/blog/conversion-tips.md:{line}:")), "line {line} expected in:\n{err}");
}

#[test]
fn every_front_matter_problem_of_a_file_in_one_run_and_no_false_ones_elsewhere() {
    // A Hugo habit on a converter page: one problem, at its line; its route is not reported
    // missing by the navigation, the help page and the home page, which link it.
    let p = Project::copy_of_real_site();
    p.edit("content/converters/length.md", "category: length\n", "category: length\ndescription: Lengths\n");
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains("content/converters/length.md:3:1: unknown field `description`"), "{err}");
    assert!(err.contains("1 problem found") && !err.contains("does not match any route"), "{err}");
    // Three mistakes in one article, all named at once (they took three runs).
    let p = Project::copy_of_real_site();
    p.edit("content/blog/conversion-tips.md", "readTime: 6 min read\n", "readTime: 6 min read\ntags: [a]\nsummary: s\n");
    p.edit("content/blog/conversion-tips.md", "date: 2025-12-28", "date: 2025-13-05");
    let err = stderr(&p.unitly(&["check"]));
    for fragment in ["unknown field `tags`", "unknown field `summary`", "`2025-13-05` is not a calendar date"] {
        assert!(err.contains(fragment), "{fragment:?} expected in:\n{err}");
    }
}

#[test]
fn an_app_shortcut_to_no_page_is_located_in_the_manifest() {
    expect_problem(
        |p| p.edit("themes/unitly/static/manifest.webmanifest", "\"url\": \"/length-converter\"", "\"url\": \"/length\""),
        &["themes/unitly/static/manifest.webmanifest:22:", "`/length` is not a page of this site: an installed app's shortcut would open the 404 page"],
    );
}

#[test]
fn a_route_path_with_capitals_a_priority_past_one_and_a_title_twice_are_located() {
    let p = Project::copy_of_real_site();
    let line = |p: &Project, text: &str| p.read("content/routes.yaml").lines().position(|l| l.contains(text)).unwrap() + 1;
    let (priority, title) = (line(&p, "path: /about") + 10, line(&p, "title: Contact Unitly"));
    p.edit("content/routes.yaml", "title: Contact Unitly – Questions, Bugs and Feedback", "title: About Unitly – Our Mission and How It Works");
    p.edit("content/routes.yaml", "    parent: /\n    priority: 0.6\n", "    parent: /\n    priority: 1.9\n");
    p.edit("content/routes.yaml", "path: /privacy", "path: /Privacy Policy");
    let err = stderr(&p.unitly(&["check"]));
    for fragment in [
        format!("content/routes.yaml:{priority}:15: priority 1.9 of route /about: the sitemap's priorities go from 0.0 to 1.0"),
        format!("content/routes.yaml:{title}:12: title of route /contact is route /about's too (line 830)"),
        "route path /Privacy Policy holds `P`: a path is lower-case letters a–z, digits and hyphens".to_string(),
    ] {
        assert!(err.contains(&fragment), "{fragment:?} expected in:\n{err}");
    }
}

#[test]
fn a_broken_link_names_the_page_or_anchor_it_most_likely_meant() {
    let p = Project::copy_of_real_site();
    let text = p.read("content/pages/about.md");
    let line = text.lines().count() + 2;
    p.write(
        "content/pages/about.md",
        &format!("{text}\nSee [a](/cooking), [b](/faqs), [c](/Length-Converter/), [d](/length-converter/feet-to-meter), [e](/faq#Currency), [f](/faq#faq-currency), [g](/nothing-like-it).\n"),
    );
    let err = stderr(&p.unitly(&["check"]));
    for fragment in [
        format!("content/pages/about.md:{line}:5: broken link `/cooking`: `/cooking` is not a page of this site: did you mean `/cooking-converter`?"),
        "`/faqs` is not a page of this site: did you mean `/faq`?".to_string(),
        "`/Length-Converter/` is not a page of this site: did you mean `/length-converter`?".to_string(),
        "did you mean `/length-converter/feet-to-meters`?".to_string(),
        "anchor `#Currency` does not exist on /faq: did you mean `#faq-currency`?".to_string(),
        "`/nothing-like-it` is not a page of this site\n".to_string(),
    ] {
        assert!(err.contains(&fragment), "{fragment:?} expected in:\n{err}");
    }
    // The FAQ's section headings are anchors the check knows (the island renders them).
    assert!(err.contains("6 problems found") && !err.contains("#faq-currency`:"), "{err}");
}

#[test]
fn a_broken_link_in_a_template_names_the_template_file() {
    expect_problem(
        |p| p.edit("themes/unitly/templates/page.html", "<article class=\"prose\">", "<a href=\"/no-such-page\">x</a><article class=\"prose\">"),
        &["themes/unitly/templates/page.html:1:1: broken link `/no-such-page` on /about: `/no-such-page` is not a page of this site"],
    );
}

#[test]
fn an_empty_field_a_slug_that_is_no_address_and_an_impossible_updated_are_located() {
    let at = |p: &Project, key: &str| {
        let text = p.read("content/blog/conversion-tips.md");
        text.lines().position(|l| l.starts_with(key)).unwrap() + 1
    };
    // An empty title or category would publish a page without a heading or section.
    let p = Project::copy_of_real_site();
    let (title, category) = (at(&p, "title:"), at(&p, "category:"));
    p.edit("content/blog/conversion-tips.md", "title: \"Top 10 Unit Conversion Tips for Accurate Results\"", "title:");
    p.edit("content/blog/conversion-tips.md", "category: Tips", "category: \"  \"");
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains(&format!("content/blog/conversion-tips.md:{title}:")) && err.contains("`title` is empty"), "{err}");
    assert!(err.contains(&format!("content/blog/conversion-tips.md:{category}:")) && err.contains("`category` is empty"), "{err}");
    // A slug with a space or an accent would be an address to escape everywhere.
    let p = Project::copy_of_real_site();
    let text = p.read("content/blog/conversion-tips.md").replace("slug: conversion-tips", "slug: café tips");
    p.write("content/blog/café tips.md", &text);
    std::fs::remove_file(p.path("content/blog/conversion-tips.md")).unwrap();
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains("content/blog/café tips.md:") && err.contains("may hold only lower-case letters a–z, digits and single hyphens"), "{err}");
    // `updated` before `date`, or after today.
    for (updated, said) in [("2020-01-01", "is before `date` 2025-12-28"), ("2099-01-01", "is after today")] {
        expect_problem(
            |p| p.edit("content/blog/conversion-tips.md", "date: 2025-12-28\n", &format!("date: 2025-12-28\nupdated: {updated}\n")),
            &[&format!("`updated` {updated} {said}")],
        );
    }
}

#[test]
fn a_link_to_a_heading_with_other_than_ascii_resolves_and_a_broken_one_is_located_in_the_markdown() {
    let p = Project::copy_of_real_site();
    let text = p.read("content/blog/conversion-tips.md");
    p.write(
        "content/blog/conversion-tips.md",
        &format!("{text}\n## 3.5 cm² → in²\n\nSee [the square](#3-5-cm²-in²), [encoded](#3-5-cm%C2%B2-in%C2%B2) and [gone](#nowhere-²).\n"),
    );
    let err = stderr(&p.unitly(&["check"]));
    let line = text.lines().count() + 4;
    assert!(err.contains(&format!("content/blog/conversion-tips.md:{line}:")) && err.contains("broken link `#nowhere-²`"), "{err}");
    assert!(!err.contains("3-5-cm"), "the links to the heading resolve:\n{err}");
    assert!(!err.contains("templates/"), "no problem blamed on a template:\n{err}");
}

#[test]
fn footnote_problems_are_located_in_the_markdown() {
    let p = Project::copy_of_real_site();
    let file = "content/blog/conversion-tips.md";
    let text = p.read(file);
    p.write(file, &format!("{text}\nA yard[^yard] is 0.9144 m[^nist].\n\n[^yard]: Since 1959.\n[^yard]: Again.\n[^unused]: Never.\n"));
    let out = p.unitly(&["check"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "check must fail:\n{err}");
    for (needle, message) in [
        ("[^nist]", "the footnote `[^nist]` has no note"),
        ("[^yard]: Again", "the footnote `[^yard]` is defined twice"),
        ("[^unused]", "the footnote `[^unused]` is never referenced"),
    ] {
        let (line, column) = position(&p, file, needle);
        assert!(err.contains(&format!("{file}:{line}:{column}: {message}")), "{needle} at {line}:{column} in:\n{err}");
    }
}

#[test]
fn a_faq_id_that_is_no_plain_anchor_and_an_empty_answer_are_located() {
    let p = Project::copy_of_real_site();
    let (line, _) = position(&p, "content/faq.yaml", "id: is-it-free");
    p.edit("content/faq.yaml", "id: is-it-free", "id: is it free");
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains(&format!("content/faq.yaml:{line}:")) && err.contains("FAQ id `is it free` may hold only lower-case letters"), "{err}");
    expect_problem(|p| p.edit("content/faq.yaml", "id: is-it-free", "id: main"), &["FAQ id `main` is an id the FAQ page already has"]);
}

#[test]
fn a_byte_in_another_encoding_and_a_tab_in_yaml_are_located_with_what_to_do() {
    // A Latin-1 é (0xE9) on line 3, column 8 of the article.
    let p = Project::copy_of_real_site();
    let mut bytes = p.read("content/blog/conversion-tips.md").into_bytes();
    let third = bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').nth(1).map(|(i, _)| i + 1).unwrap();
    bytes[third + 7] = 0xE9;
    std::fs::write(p.path("content/blog/conversion-tips.md"), &bytes).unwrap();
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains("content/blog/conversion-tips.md:3:8: this is not UTF-8 text: save the file as UTF-8"), "{err}");
    // A tab before a key.
    expect_problem(
        |p| p.edit("content/blog/conversion-tips.md", "readTime:", "\treadTime:"),
        &["content/blog/conversion-tips.md:", "YAML indents with spaces, never tabs"],
    );
}

#[test]
fn an_article_file_that_is_never_read_is_a_warning() {
    let p = Project::copy_of_real_site();
    let article = p.read("content/blog/conversion-tips.md");
    p.write("content/blog/draft-two.MD", &article);
    p.write("content/blog/2025/old-news.md", &article);
    let out = p.unitly(&["check"]);
    let err = stderr(&out);
    assert!(out.status.success(), "a warning, not an error:\n{err}");
    assert!(err.contains("warning: content/blog/draft-two.MD:1:1: is not read: an article is a file ending in .md (lower case)"), "{err}");
    assert!(err.contains("warning: content/blog/2025:1:1: its articles are not read"), "{err}");
}

#[test]
fn hidden_files_an_editor_or_a_mac_leaves_in_content_are_not_read() {
    let p = Project::copy_of_real_site();
    // Emacs's lock while a buffer has unsaved changes: a link to nowhere.
    std::os::unix::fs::symlink("editor@laptop.4242:1764400000", p.path("content/blog/.#conversion-tips.md")).unwrap();
    // The AppleDouble file a Mac writes beside each file copied to a USB stick or a share.
    std::fs::write(p.path("content/blog/._conversion-tips.md"), b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        ").unwrap();
    p.write("content/blog/.hidden.md", "not an article");
    p.write("content/blog/.trash/old.md", "not an article");
    std::os::unix::fs::symlink("/nowhere", p.path("content/images/.#chart.png")).unwrap();
    let out = p.unitly(&["check"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("content/blog/.") && !err.contains("content/images/."), "{err}");
}

#[test]
fn a_link_to_a_file_outside_the_project_is_reported_and_not_read() {
    let p = Project::copy_of_real_site();
    let outside = tempfile::tempdir().unwrap();
    let article = p.read("content/blog/conversion-tips.md").replacen("slug: conversion-tips", "slug: h-out", 1);
    let secret = article.lines().find(|l| l.starts_with("date:")).unwrap().to_string();
    std::fs::write(outside.path().join("h-out.md"), article.replacen(&secret, "date: SECRET-TOKEN-123", 1)).unwrap();
    std::os::unix::fs::symlink(outside.path().join("h-out.md"), p.path("content/blog/h-out.md")).unwrap();
    std::fs::write(outside.path().join("chart.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>SECRET-SVG</script></svg>").unwrap();
    std::os::unix::fs::symlink(outside.path().join("chart.svg"), p.path("content/images/chart.svg")).unwrap();
    let out = p.unitly(&["check"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("content/blog/h-out.md:1:1: symbolic link to ") && err.contains("content/images/chart.svg:1:1: symbolic link to "), "{err}");
    assert!(!err.contains("SECRET"), "the file outside was read:\n{err}");
}

#[test]
fn a_route_on_a_page_the_build_writes_itself_is_located() {
    for (path, said) in [("/offline", "is a page the build writes itself"), ("/length-converter/conversions", "is the index of pairs the build writes")] {
        let p = Project::copy_of_real_site();
        let (line, _) = position(&p, "content/routes.yaml", "path: /disclaimer\n");
        p.edit("content/routes.yaml", "path: /disclaimer\n", &format!("path: {path}\n"));
        let err = stderr(&p.unitly(&["check"]));
        assert!(err.contains(&format!("content/routes.yaml:{line}:")) && err.contains(&format!("route `{path}` {said}")), "{err}");
    }
}

#[test]
fn missing_required_field_is_located() {
    expect_problem(
        |p| {
            let text = p.read("content/blog/unit-conversion-history.md");
            let without: String = text.lines().filter(|l| !l.starts_with("excerpt:")).map(|l| format!("{l}\n")).collect();
            p.write("content/blog/unit-conversion-history.md", &without);
        },
        &["content/blog/unit-conversion-history.md:2:", "missing field `excerpt`"],
    );
}

#[test]
fn unknown_template_is_located_in_the_registry() {
    let p = Project::copy_of_real_site();
    let text = p.read("content/routes.yaml");
    let at = text.find("- path: /about").unwrap();
    let line = text[..at].lines().count() + 1; // the template line follows the path line
    p.edit("content/routes.yaml", "template: page.html\n    source: pages/about.md", "template: nope.html\n    source: pages/about.md");
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains(&format!("content/routes.yaml:{line}:15: unknown template `nope.html` for route /about")), "{err}");
}

#[test]
fn duplicate_route_is_located() {
    expect_problem(|p| p.edit("content/routes.yaml", "- path: /terms", "- path: /privacy"), &["content/routes.yaml:", "duplicate route `/privacy`"]);
}

#[test]
fn a_route_that_would_write_another_pages_file_is_located() {
    // /about/ would be written as about.html, /index as the home page's index.html, over theirs.
    expect_problem(
        |p| p.edit("content/routes.yaml", "- path: /terms", "- path: /about/"),
        &["content/routes.yaml:", "route path /about/ ends with `/`: write `/about`"],
    );
    expect_problem(
        |p| p.edit("content/routes.yaml", "- path: /terms", "- path: /index"),
        &["content/routes.yaml:", "route path /index ends with `index`, which names the page of `/`"],
    );
    expect_problem(
        |p| p.edit("content/routes.yaml", "- path: /terms", "- path: /api/terms"),
        &["content/routes.yaml:", "is under /api/, which the edge function answers"],
    );
    expect_problem(
        |p| p.edit("content/routes.yaml", "- path: /terms", "- path: /About"),
        &["content/routes.yaml:", "route path /About holds `A`: a path is lower-case letters"],
    );
}

#[test]
fn nesting_past_what_the_minifier_takes_is_located() {
    // Thousands deep, the minifier (which recurses) overflowed its stack and ended the build,
    // or `serve`; check said nothing.
    let list = format!("{}deep\n", "- ".repeat(4000));
    expect_problem(
        |p| p.edit("content/blog/how-to-convert-units-quickly.md", "\n## ", &format!("\n{list}\n## ")),
        &["content/blog/how-to-convert-units-quickly.md:", "lists, quotes and emphasis nested more than 40 deep"],
    );
    let divs = format!("{}deep{}\n", "<div>".repeat(7000), "</div>".repeat(7000));
    expect_problem(
        |p| p.edit("content/blog/how-to-convert-units-quickly.md", "\n## ", &format!("\n{divs}\n## ")),
        &["content/blog/how-to-convert-units-quickly.md:", "HTML elements nested more than 40 deep"],
    );
}

#[test]
fn a_title_too_long_and_a_date_before_1970_are_located() {
    let long = "T".repeat(201);
    expect_problem(
        |p| p.edit("content/blog/how-to-convert-units-quickly.md", "title: How to Convert Units Quickly", &format!("title: {long}")),
        &["content/blog/how-to-convert-units-quickly.md:2:8: `title` is 201 characters, more than the 200 it may have"],
    );
    expect_problem(
        |p| p.edit("content/blog/how-to-convert-units-quickly.md", "date: 2025-01-08", "date: 0205-01-08"),
        &["content/blog/how-to-convert-units-quickly.md:4:7: `0205-01-08` is before 1970: a typo of the year?"],
    );
}

#[test]
fn anchors_and_aliases_are_refused_where_they_are_written() {
    // An alias of a long text repeated a few thousand times would be 100 MB from 30 KB.
    expect_problem(
        |p| p.edit("content/blog/how-to-convert-units-quickly.md", "title: How", "keywords: [&k metric, *k]\ntitle: How"),
        &["content/blog/how-to-convert-units-quickly.md:2:12: YAML anchors and aliases"],
    );
}

#[test]
fn unknown_unit_is_located_in_the_page() {
    expect_problem(
        |p| p.edit("content/converters/length.md", "from: meters", "from: cubits"),
        &["content/converters/length.md:", "unknown unit `cubits` in category `length`"],
    );
}

#[test]
fn broken_internal_link_is_located() {
    let p = Project::copy_of_real_site();
    let text = p.read("content/pages/about.md");
    let lines = text.lines().count();
    p.write("content/pages/about.md", &format!("{text}\nSee [the lost page](/no-such-page) too.\n"));
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains(&format!("content/pages/about.md:{}:5: broken link `/no-such-page`", lines + 2)), "{err}");
    // A missing anchor on an existing page is also a broken link.
    p.write("content/pages/about.md", &format!("{text}\nSee [help](/help#no-such-section).\n"));
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains("anchor `#no-such-section` does not exist on /help"), "{err}");
    // An id of what every page has (the header's menu, rendered once a build) is on /help too.
    p.write("content/pages/about.md", &format!("{text}\nSee [every converter](/help#site-menu).\n"));
    let out = p.unitly(&["check"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn check_reports_every_problem_at_once() {
    let p = Project::copy_of_real_site();
    p.edit("content/converters/weight.md", "from: kilograms", "from: bushels");
    p.edit("content/routes.yaml", "- path: /terms", "- path: /privacy");
    p.edit("content/faq.yaml", "category: Privacy", "category: Secrets");
    let err = stderr(&p.unitly(&["check"]));
    for fragment in [
        "unknown unit `bushels`",
        "duplicate route `/privacy`",
        "unknown category `Secrets`",
        "navigation link `/terms` does not match any route",
        "4 problems found",
    ] {
        assert!(err.contains(fragment), "{fragment:?} missing in:\n{err}");
    }
}

/// Line and column (1-based) of the first `needle` in a file of the project.
fn position(p: &Project, rel: &str, needle: &str) -> (usize, usize) {
    let text = p.read(rel);
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in {rel}"));
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (text[..at].matches('\n').count() + 1, text[line_start..at].chars().count() + 1)
}

#[test]
fn bad_units_table_is_located() {
    let p = Project::copy_of_real_site();
    p.edit("content/units.yaml", "factor: 0.3048", "factor: -1");
    let (l, c) = position(&p, "content/units.yaml", "-1, aliases");
    let err = stderr(&p.unitly(&["check"]));
    assert!(err.contains(&format!("content/units.yaml:{l}:{c}: category length: unit feet `factor: -1` must be above zero")), "{l}:{c} expected in:\n{err}");
    // One mistake, one problem: the compound over length is not said to be over readings.
    assert!(!err.contains("has readings"), "{err}");
}

/// A category the islands could not render is refused, located, before any JavaScript runs:
/// `check` and `build` both exit 1 with the YAML position and no stack trace.
#[test]
fn broken_category_content_is_located_before_any_javascript_runs() {
    let p = Project::copy_of_real_site();
    // A category the site lacks (catalytic activity): it must move if one day the site adds it.
    let katals = "  catalytic_activity:\n    label: Catalytic Activity\n    group: science\n    base: katals\n    precision: 6\n    default: { from: microkatals, to: millikatal }\n    units:\n      \
                  - { key: microkatals, name: Microkatals (µkat), symbol: µkat, system: metric, factor: 0.000001 }\n      \
                  - { key: millikatals, name: Millikatals (mkat), symbol: mkat, system: metric, factor: 0.001 }\n      \
                  - { key: katals, name: Katals (kat), symbol: kat, system: metric, factor: 1 }\n\n";
    p.edit("content/units.yaml", "currencies:\n", &format!("{katals}currencies:\n"));
    let (l, c) = position(&p, "content/units.yaml", "millikatal }");
    let expected = format!("content/units.yaml:{l}:{c}: category catalytic_activity: default.to names unit millikatal, which is not in its units");
    for args in [&["check"][..], &["build", "--out", "site"][..]] {
        let out = p.unitly(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}:\n{err}");
        assert!(err.contains(&expected), "{args:?}: expected {expected:?} in:\n{err}");
        assert!(!err.contains("island") && !err.contains("TypeError") && !err.contains("    at "), "{args:?}: a JavaScript error reached the editor:\n{err}");
    }
    assert!(!p.path("site").exists());
}

/// A currency without a fallback rate works live but not offline: a located warning, exit 0.
#[test]
fn a_currency_without_a_fallback_rate_is_a_located_warning() {
    let p = Project::copy_of_real_site();
    p.edit("content/units.yaml", "\ncurrency_default:", "  - { code: SEK, name: Swedish Krona, symbol: kr, flag: 🇸🇪 }\n\ncurrency_default:");
    let (l, c) = position(&p, "content/units.yaml", "SEK, name");
    let out = p.unitly(&["check"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains(&format!("warning: content/units.yaml:{l}:{c}: currency SEK has no fallback rate")), "{err}");
}

#[test]
fn a_failed_build_leaves_the_previous_output_untouched() {
    let p = Project::copy_of_real_site();
    let first = p.unitly(&["build", "--out", "site"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let before = snapshot(&p.path("site"));
    assert!(before.len() > 30);

    p.edit("content/blog/conversion-tips.md", "title:", "title: [broken\nx:");
    let second = p.unitly(&["build", "--out", "site"]);
    assert_eq!(second.status.code(), Some(1));
    assert!(stderr(&second).contains("content/blog/conversion-tips.md:"));
    assert_eq!(snapshot(&p.path("site")), before, "output changed after a failed build");
    let leftovers: Vec<_> =
        std::fs::read_dir(p.dir.path()).unwrap().filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().contains("staging")).collect();
    assert!(leftovers.is_empty(), "staging folder left behind");

    // A template error (not content) is refused the same way.
    p.write("content/blog/conversion-tips.md", &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/blog/conversion-tips.md")).unwrap());
    p.edit("themes/unitly/templates/article.html", "{{ page.heading }}", "{{ page.heading | no_such_filter }}");
    let third = p.unitly(&["build", "--out", "site"]);
    assert_eq!(third.status.code(), Some(1));
    assert_eq!(snapshot(&p.path("site")), before);
}

/// Front-matter and navigation problems land on the value itself, not on a look-alike
/// elsewhere in the file (`feet` also appears in the page's body and FAQ).
#[test]
fn front_matter_and_navigation_problems_are_located_at_the_value() {
    let p = Project::copy_of_real_site();
    p.edit("content/converters/length.md", "preset: { from: meters, to: feet }", "preset: { from: meters, to: cubits }");
    p.edit("content/site.yaml", "/blog, /about]", "/blog, /about-us]");
    let (l, c) = position(&p, "content/converters/length.md", "cubits }");
    let (nl, nc) = position(&p, "content/site.yaml", "/about-us");
    let out = p.unitly(&["check"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("content/converters/length.md:{l}:{c}: unknown unit `cubits` in category `length`")), "{l}:{c} expected in:\n{err}");
    assert!(err.contains(&format!("content/site.yaml:{nl}:{nc}: navigation link `/about-us` does not match any route")), "{nl}:{nc} expected in:\n{err}");
}

#[test]
fn links_to_anchors_an_island_renders_pass_and_missing_ones_are_located() {
    let p = Project::copy_of_real_site();
    let about = p.read("content/pages/about.md");
    let line = about.lines().count() + 2;
    p.write("content/pages/about.md", &format!("{about}\nIs it free? [Yes](/faq#is-it-free).\n"));
    let ok = p.unitly(&["check"]);
    assert!(ok.status.success(), "a link to an FAQ entry's id must pass:\n{}", stderr(&ok));
    p.write("content/pages/about.md", &format!("{about}\nIs it free? [Yes](/faq#is-it-gratis).\n"));
    let err = stderr(&p.unitly(&["check"]));
    assert!(
        err.contains(&format!("content/pages/about.md:{line}:13: broken link `/faq#is-it-gratis`: anchor `#is-it-gratis` does not exist on /faq")),
        "{err}"
    );
}

#[test]
fn every_article_body_problem_is_reported_at_once_and_nothing_is_written() {
    // Articles' bodies are rendered as their pages stream, not at load: their problems still
    // come all together, located, from `build` as from `check`, also alongside a problem the
    // load finds first (front matter).
    let p = Project::copy_of_real_site();
    let ok = p.unitly(&["build", "--out", "dist"]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    let before = snapshot(&p.path("dist"));
    for (file, image) in [("content/blog/conversion-tips.md", "lost-ruler"), ("content/blog/unit-conversion-history.md", "lost-scale")] {
        let text = p.read(file);
        p.write(file, &format!("{text}\n![A picture that is not there](/images/{image}.png)\n"));
    }
    let expected = |p: &Project| -> Vec<String> {
        [("content/blog/conversion-tips.md", "lost-ruler"), ("content/blog/unit-conversion-history.md", "lost-scale")]
            .map(|(file, image)| {
                let (l, c) = position(p, file, &format!("![A picture that is not there](/images/{image}"));
                format!("{file}:{l}:{c}: image /images/{image}.png not found in content/images/")
            })
            .to_vec()
    };
    for command in [&["build", "--out", "dist"][..], &["check"]] {
        let out = p.unitly(command);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{command:?}:\n{err}");
        for fragment in expected(&p).iter().map(String::as_str).chain(["2 problems found"]) {
            assert!(err.contains(fragment), "{command:?}: {fragment:?} missing in:\n{err}");
        }
    }
    p.edit("content/blog/how-to-convert-units-quickly.md", "excerpt:", "excerpt: [unclosed\nbroken:");
    let err = stderr(&p.unitly(&["build", "--out", "dist"]));
    assert!(err.contains("content/blog/how-to-convert-units-quickly.md:"), "{err}");
    for fragment in expected(&p).iter().map(String::as_str).chain(["3 problems found"]) {
        assert!(err.contains(fragment), "with a front matter problem: {fragment:?} missing in:\n{err}");
    }
    assert!(snapshot(&p.path("dist")) == before, "the previous output is untouched");
}

#[test]
fn a_page_that_does_not_render_leaves_every_other_page_links_checked_in_the_same_run() {
    let p = Project::copy_of_real_site();
    p.edit("content/blog/conversion-tips.md", "{{ converter(from=\"cups\", to=\"milliliters\"", "{{ converter(from=\"cupz\", to=\"milliliters\"");
    p.edit("content/pages/about.md", "[accuracy page](/conversion-accuracy)", "[accuracy page](/conversion-accuracyy)");
    // A link into the page that did not render is not a second problem of its own.
    p.edit("content/pages/about.md", "[FAQ](/faq)", "[FAQ](/faq) and [the tips](/blog/conversion-tips#no-such-heading)");
    let out = p.unitly(&["check"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("content/blog/conversion-tips.md:80:") && err.contains("`cupz` is not a unit"), "{err}");
    assert!(err.contains("content/pages/about.md:22:") && err.contains("broken link `/conversion-accuracyy`"), "{err}");
    assert!(!err.contains("no-such-heading"), "{err}");
}
