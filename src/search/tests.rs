use super::*;

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><title>{title} | Unitly</title></head><body><header><nav>Home Blog</nav></header><main id=\"main\" class=\"container\"><nav class=\"breadcrumb\">Home › Blog</nav><article><h1>{title}</h1>{body}<div class=\"island\" data-island=\"HistoryPanel\" data-props='{{}}'><p>Clear history</p></div></article></main><footer>Footer words</footer></body></html>"
    )
}

/// An index of these pages after `records`, numbered without gaps ([`planned`]), eight to a
/// fragment file.
fn new_index(pages: Arc<HashMap<String, Planned>>, records: Records, answers: String, out: &Path, previous: &Path, kept: Option<Kept>) -> Result<SearchIndex> {
    let (layout, numbers) = fragments::Layout::of(vec![1; records.len() + pages.len()]);
    let plan = Plan { pages, layout: Arc::new(layout), records: numbers[..records.len()].to_vec() };
    SearchIndex::new(plan, records, answers, out, previous, kept, None)
}

fn planned(pages: &[(&str, &str, &str)], first: u32) -> Arc<HashMap<String, Planned>> {
    let planned = pages
        .iter()
        .enumerate()
        .map(|(i, (file, url, title))| {
            (
                file.to_string(),
                Planned {
                    number: first + i as u32,
                    url: url.to_string(),
                    title: title.to_string(),
                    section: "Blog".into(),
                    prior: 1.0,
                    label: None,
                    symbols: None,
                    keywords: None,
                },
            )
        })
        .collect();
    Arc::new(planned)
}

/// The files under `out` (relative paths) with their text.
fn files(out: &Path) -> HashMap<String, String> {
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().strip_prefix(out).unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(e.path()).unwrap()))
        .collect()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn pages_and_records_become_results_with_their_text_section_and_url() {
    let out = tempfile::tempdir().unwrap();
    let faq =
        Record { url: "/faq#offline".into(), title: "Does Unitly work offline?".into(), section: "FAQ".into(), content: "Yes, after a first visit.".into() };
    let pages = planned(&[("blog/rood.html", "/blog/rood", "The rood"), ("blog/acre.html", "/blog/acre", "The acre")], 1);
    let index = new_index(pages, Records::Made(vec![faq]), "{}".into(), out.path(), out.path(), None).unwrap();
    index.written("blog/rood.html", &page("The rood", "<h2 id=\"origin\">Origin</h2><p>A rood is a quarter of an acre.</p>"));
    index.written("blog/acre.html", &page("The acre", "<p>An acre is 4046.8564224 square metres.</p>"));
    // Not a search result: never indexed.
    index.written("blog/page/2.html", &page("Blog, page 2", "<p>Listing</p>"));
    let summary = index.finish().unwrap();
    assert_eq!(summary.results, 3);

    let files = files(out.path());
    let entry = json(&files[ENTRY]);
    assert_eq!(entry["version"], summary.version.as_str());
    assert_eq!(entry["chunks"][0], "4046", "{entry}");
    assert!(entry["stop"].as_array().unwrap().iter().any(|w| w == "the"));
    let under = |rel: &str| files.get(&format!("{DIR}/{}/{rel}", summary.version)).cloned();
    // The entry names every spelling list written, and only those.
    let named: Vec<&str> = entry["lists"].as_str().expect("lists").split(' ').collect();
    assert!(named.contains(&"fq7"), "quarter: {named:?}");
    let written = files.keys().filter_map(|f| f.strip_prefix(&format!("{DIR}/{}/w/", summary.version))?.strip_suffix(".txt")).count();
    assert_eq!(named.len(), written);
    assert!(named.iter().all(|name| under(&format!("w/{name}.txt")).is_some()));
    // Results 0 to 2 share the first fragment file; the entry says how many a file holds.
    assert_eq!(entry["group"], fragments::GROUP);
    let file = json(&under("p/0.json").expect("results 0 to 7"));
    assert_eq!(file.as_array().map(Vec::len), Some(3), "three results: {file}");
    let rood = &file[1];
    assert_eq!(rood["url"], "/blog/rood");
    assert_eq!(rood["title"], "The rood");
    assert_eq!(rood["section"], "Blog");
    assert_eq!(rood["text"], "The rood Origin A rood is a quarter of an acre.");
    let faq = &file[0];
    assert_eq!(faq["url"], "/faq#offline");
    assert_eq!(faq["text"], "Does Unitly work offline? Yes, after a first visit.");
    assert!(files.keys().filter(|f| f.contains("/p/")).count() == 1, "the listing page is no result");
    assert_eq!(under("units.json").as_deref(), Some("{}"), "what answers conversions is a file of the version");
    assert!(!files.keys().any(|f| f.contains(BUILDING)));

    let chunk = json(&under("c/0.json").unwrap());
    // "rood" is on result 1 only; "acre" on results 1 and 2; "offline" on result 0.
    assert_eq!(chunk["rood"].as_array().unwrap().len(), 3);
    assert_eq!(chunk["rood"][1], 1);
    assert_eq!(chunk["acre"].as_array().unwrap().len(), 5);
    assert_eq!(chunk["offline"][1], 0);
    assert!(chunk.get("history").is_none() && chunk.get("footer").is_none() && chunk.get("home").is_none(), "islands, header and footer are no text");
    // In the title of result 2, in the text of result 1: result 2 counts it more.
    assert!(chunk["acre"][4].as_u64() > chunk["acre"][2].as_u64(), "{}", chunk["acre"]);
}

#[test]
fn the_spelling_lists_hold_the_words_of_pages_and_records() {
    let out = tempfile::tempdir().unwrap();
    let record = Record { url: "/x".into(), title: "Stones".into(), section: "Weight unit".into(), content: "A unit of weight.".into() };
    let index =
        new_index(planned(&[("a.html", "/a", "A"), ("b.html", "/b", "B")], 1), Records::Made(vec![record]), "{}".into(), out.path(), out.path(), None).unwrap();
    index.written("a.html", &page("Conversion", "<p>Conversion tables</p>"));
    index.written("b.html", &page("More", "<p>conversion</p>"));
    let summary = index.finish().unwrap();
    let files = files(out.path());
    let list = |name: &str| files.get(&format!("{DIR}/{}/w/{name}.txt", summary.version)).cloned();
    assert_eq!(list("fc10").as_deref(), Some("conversion 2\n"));
    assert!(list("ln10").is_some_and(|l| l.starts_with("conversion 2\naustralian 1\n")), "{:?}", list("ln10"));
    assert!(list("fs6").is_some_and(|l| l.lines().any(|w| w == "stones 1")), "{:?}", list("fs6"));
    assert!(list("ft6").is_some_and(|l| l.starts_with("tables 1\n")));
    // The currencies' names, which no page of this site says: "riyal" is no misspelt "rival".
    assert!(list("fr5").is_some_and(|l| l.contains("riyal 1\n")), "{:?}", list("fr5"));
}

#[test]
fn the_same_pages_give_the_same_files() {
    let build = || {
        let out = tempfile::tempdir().unwrap();
        let index =
            new_index(planned(&[("a.html", "/a", "A"), ("b.html", "/b", "B")], 0), Records::Made(vec![]), "{}".into(), out.path(), out.path(), None).unwrap();
        // Written in either order, as parallel workers would.
        index.written("b.html", &page("Bee", "<p>Second page text</p>"));
        index.written("a.html", &page("Ant", "<p>First page text</p>"));
        index.finish().unwrap();
        files(out.path())
    };
    let (one, two) = (build(), build());
    assert_eq!(one, two);
}

#[test]
fn a_rebuild_on_the_kept_index_gives_the_output_indexing_every_page_anew_gives() {
    let record = || Record { url: "/faq#rood".into(), title: "What is a rood?".into(), section: "FAQ".into(), content: "A quarter acre.".into() };
    // The record and eleven pages: two fragment files, b.html's result (2) in the first.
    let others: Vec<(String, String)> = (0..8).map(|i| (format!("f{i}.html"), page(&format!("Furlong {i}"), "<p>A furlong is ten chains.</p>"))).collect();
    let plan = || {
        let mut list = vec![("a.html", "/a", "Acre"), ("b.html", "/b", "Perch"), ("c.html", "/c", "Chain")];
        list.extend(others.iter().map(|(file, _)| (file.as_str(), "/f", "Furlong")));
        planned(&list, 1)
    };
    let (a, c) = (page("Acre", "<p>An acre is ten square chains.</p>"), page("Chain", "<p>A chain is four perches.</p>"));
    let b_before = page("Perch", "<p>Perches measured furlongs.</p>");
    let b_after = page("Perch", "<p>A perch is a rod, 16½ feet.</p>");
    let pages = |b: &str| -> Vec<(String, String)> {
        let mut list = vec![("a.html".to_string(), a.clone()), ("b.html".to_string(), b.to_string()), ("c.html".to_string(), c.clone())];
        list.extend(others.iter().cloned());
        list
    };
    // The first build: every page written into the output.
    let output = tempfile::tempdir().unwrap();
    let first = new_index(plan(), Records::Made(vec![record()]), "{}".into(), output.path(), output.path(), None).unwrap();
    for (file, html) in pages(&b_before) {
        std::fs::write(output.path().join(&file), &html).unwrap();
        first.written(&file, &html);
    }
    let kept = first.finish().unwrap().kept;
    // The rebuild: b.html changed and staged, the other pages reused (not written: they keep
    // their results in the kept index); then the staged files
    // patched into the output as `serve` does.
    let staging = tempfile::tempdir().unwrap();
    let rebuild = new_index(plan(), Records::Made(vec![record()]), "{}".into(), staging.path(), output.path(), Some(kept)).unwrap();
    std::fs::write(staging.path().join("b.html"), &b_after).unwrap();
    rebuild.written("b.html", &b_after);
    let summary = rebuild.finish().unwrap();
    assert_eq!((summary.results, summary.kept_results), (12, 11));
    let carried = summary.carried.expect("carried over");
    assert!(!carried.keeps("p/0.json") && carried.keeps("p/1.json") && !carried.keeps("p/x.json"));
    let staged = files(staging.path());
    assert!(
        staged.keys().filter(|f| f.contains("/p/")).eq([&format!("{DIR}/{}/p/0.json", summary.version)]),
        "only the changed result's file is written: {:?}",
        staged.keys()
    );
    let patch = crate::patch::Patch::of(output.path()).unwrap();
    for (file, _) in pages(&b_after).iter().filter(|(file, _)| file != "b.html") {
        patch.keep(file);
    }
    let from = format!("{DIR}/{}", carried.from);
    patch.carry(&from, &format!("{DIR}/{}", summary.version), move |within| carried.keeps(within));
    patch.apply(staging.path(), output.path()).unwrap();
    // The same pages indexed from nothing.
    let anew_out = tempfile::tempdir().unwrap();
    let anew = new_index(plan(), Records::Made(vec![record()]), "{}".into(), anew_out.path(), anew_out.path(), None).unwrap();
    for (file, html) in pages(&b_after) {
        std::fs::write(anew_out.path().join(&file), &html).unwrap();
        anew.written(&file, &html);
    }
    anew.finish().unwrap();
    let rebuilt = files(output.path());
    assert_eq!(rebuilt, files(anew_out.path()));
    let list = |name: &str| rebuilt.get(&format!("{DIR}/{}/w/{name}.txt", summary.version)).cloned().unwrap_or_default();
    assert_eq!(list("fp7"), "perches 1\n", "on c.html still, gone from b.html");
    assert!(!list("fm8").lines().any(|l| l.starts_with("measured ")), "`measured` was on the old b.html only");
}

#[test]
fn a_page_is_found_by_the_name_the_menus_give_it() {
    let out = tempfile::tempdir().unwrap();
    let mut pages = (*planned(&[("faq.html", "/faq", "Frequently Asked Questions")], 0)).clone();
    pages.get_mut("faq.html").unwrap().label = Some("FAQ".into());
    let index = new_index(Arc::new(pages), Records::Made(vec![]), "{}".into(), out.path(), out.path(), None).unwrap();
    index.written("faq.html", &page("Frequently Asked Questions", "<p>Answers about accuracy and offline use.</p>"));
    let summary = index.finish().unwrap();
    let chunks: Vec<serde_json::Value> =
        files(out.path()).into_iter().filter(|(f, _)| f.starts_with(&format!("{DIR}/{}/c/", summary.version))).map(|(_, text)| json(&text)).collect();
    assert!(chunks.iter().any(|c| c.get("faq").is_some()), "no chunk holds “faq”: {chunks:?}");
}

#[test]
fn a_page_is_found_by_its_keywords() {
    // "terms and conditions": the Terms of Service's keywords, not a word of its text.
    let out = tempfile::tempdir().unwrap();
    let mut pages = (*planned(&[("terms.html", "/terms", "Terms of Service"), ("capacitance.html", "/capacitance", "Capacitance")], 0)).clone();
    pages.get_mut("terms.html").unwrap().keywords = Some("terms of service, terms and conditions".into());
    let index = new_index(Arc::new(pages), Records::Made(vec![]), "{}".into(), out.path(), out.path(), None).unwrap();
    index.written("terms.html", &page("Terms of Service", "<p>Using the site is free.</p>"));
    index.written("capacitance.html", &page("Capacitance", "<p>The farad.</p>"));
    let summary = index.finish().unwrap();
    let chunks: Vec<serde_json::Value> =
        files(out.path()).into_iter().filter(|(f, _)| f.starts_with(&format!("{DIR}/{}/c/", summary.version))).map(|(_, text)| json(&text)).collect();
    assert!(chunks.iter().any(|c| c.get("condition").is_some() || c.get("conditions").is_some()), "no chunk holds “conditions”: {chunks:?}");
}

#[test]
fn a_word_in_a_pages_title_scores_above_any_page_that_only_says_it() {
    // "about" is in the About page's title once, and in the text of many short pair pages
    // ("multiply by about …"), twice in some: the About page must score above every one.
    let out = tempfile::tempdir().unwrap();
    let mut list = vec![("about.html".to_string(), "/about".to_string(), "About Unitly".to_string())];
    let mut pairs = Vec::new();
    for i in 0..40 {
        list.push((format!("pair{i}.html"), format!("/pair{i}"), format!("Pair {i}")));
        pairs.push(format!("pair{i}.html"));
    }
    list.push(("cookies.html".into(), "/cookies".into(), "Cookie Policy".into()));
    list.push(("faq.html".into(), "/faq".into(), "Frequently Asked Questions".into()));
    let borrowed: Vec<(&str, &str, &str)> = list.iter().map(|(f, u, t)| (f.as_str(), u.as_str(), t.as_str())).collect();
    let mut pages = (*planned(&borrowed, 0)).clone();
    pages.get_mut("faq.html").unwrap().label = Some("FAQ".into());
    pages.get_mut("pair1.html").unwrap().symbols = Some("ft m".into());
    let index = new_index(Arc::new(pages), Records::Made(vec![]), "{}".into(), out.path(), out.path(), None).unwrap();
    let long_text = "<p>Unitly is a free converter of units and currencies, made to be exact and fast. </p>".repeat(30);
    index.written("about.html", &page("About Unitly", &long_text));
    for (i, file) in pairs.iter().enumerate() {
        index.written(
            file,
            &page(&format!("Pair {i}"), "<p>Multiply by about 2. About 3 of one is 6 of the other. We use cookies never. 1 ft is 0.3048 m.</p>"),
        );
    }
    index.written("cookies.html", &page("Cookie Policy", &format!("<p>What cookies are.</p>{long_text}")));
    index.written("faq.html", &page("Frequently Asked Questions", "<p>Answers.</p>"));
    let summary = index.finish().unwrap();
    let chunks: Vec<serde_json::Value> =
        files(out.path()).into_iter().filter(|(f, _)| f.starts_with(&format!("{DIR}/{}/c/", summary.version))).map(|(_, text)| json(&text)).collect();
    let scores = |term: &str| -> Vec<(u64, u64)> {
        let list = chunks.iter().find_map(|c| c.get(term)).unwrap_or_else(|| panic!("no chunk holds {term}")).as_array().unwrap().clone();
        let mut page = 0;
        list[1..]
            .chunks(2)
            .map(|pair| {
                page += pair[0].as_u64().unwrap();
                (page, pair[1].as_u64().unwrap())
            })
            .collect()
    };
    let best_other = |term: &str, titled: u64| scores(term).into_iter().filter(|&(p, _)| p != titled).map(|(_, s)| s).max().unwrap();
    let of = |term: &str, page: u64| scores(term).into_iter().find(|&(p, _)| p == page).unwrap().1;
    assert!(of("about", 0) > best_other("about", 0), "About: {:?}", scores("about"));
    // "cookies" reads as the term cooky, "Cookie" as cookie: the title counts for its plural.
    assert!(of("cooky", 41) > best_other("cooky", 41), "Cookie Policy: {:?}", scores("cooky"));
    // The name the menus give a page counts as its title.
    assert!(of("faq", 42) > (postings::TITLE_BONUS * 100.0) as u64, "{:?}", scores("faq"));
    // A pair page is named by its units' symbols too ("usd to eur").
    assert!(of("ft", 2) > best_other("ft", 2), "ft: {:?}", scores("ft"));
    // A number in a title is none of its words ("100 usd to eur" is an amount).
    assert!(of("12", 13) < (postings::TITLE_BONUS * 100.0) as u64, "Pair 12: {:?}", scores("12"));
}

#[test]
fn the_blog_is_a_result_as_every_route_but_the_home_page_is() {
    let content = crate::content::real_content();
    let blog = content.each_page().find(|p| p.path == crate::listing::BLOG_PATH).expect("the /blog route");
    assert_eq!(section(blog), Some("Blog"));
    let home = content.each_page().find(|p| p.path == "/").expect("the home page");
    assert_eq!(section(home), None, "the home page repeats what the other pages say");
    // Every route but the home page is a result (the 404, offline and newsletter status pages
    // are no routes, and a category's index of pairs lists its pair pages' titles).
    let left_out: Vec<&str> =
        content.each_page().filter(|p| p.template != crate::content::pairs::INDEX_TEMPLATE && section(p).is_none()).map(|p| p.path.as_str()).collect();
    assert_eq!(left_out, ["/"]);
}
