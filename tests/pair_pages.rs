//! The unit pair pages of the real site, built: every ordered pair of every category (and
//! every unit to each compound) has its page, listed in the sitemap, linked from its
//! category's converter page or that page's index of pairs, with its canonical URL, valid
//! JSON-LD breadcrumbs, a table whose linear rows equal the exact conversion at the shown
//! precision, and no more HTML than the page budget (`unitly::site::PAGE_BUDGET`).

#[allow(dead_code)]
mod common;

use common::{compounds, reads_in_parts, real_category_pages, search_units_json, stderr, unit_sizes, Compound, Project};
use std::collections::HashSet;
use unitly::site::PAGE_BUDGET;

const BASE: &str = "https://example.test";

struct Category {
    key: String,
    precision: i32,
    /// (key, factor as a number when the unit is linear with a decimal or ratio factor)
    units: Vec<(String, Option<f64>)>,
    compounds: Vec<Compound>,
    /// Each linear unit's size in the base unit, π forms too (what decides compound pages).
    sizes: std::collections::HashMap<String, f64>,
}

/// A units.yaml factor ("0.3048", "5/18", 1) as a number; None for pi forms.
fn factor(value: &serde_yaml::Value) -> Option<f64> {
    match value {
        serde_yaml::Value::Number(n) => n.as_f64(),
        serde_yaml::Value::String(s) if !s.contains("pi") => match s.split_once('/') {
            Some((n, d)) => Some(n.trim().parse::<f64>().ok()? / d.trim().parse::<f64>().ok()?),
            None => s.parse().ok(),
        },
        _ => None,
    }
}

fn categories(site: &Project) -> Vec<Category> {
    let yaml: serde_yaml::Value = serde_yaml::from_str(&site.read("content/units.yaml")).expect("units.yaml");
    yaml["categories"]
        .as_mapping()
        .expect("categories")
        .iter()
        .map(|(key, c)| Category {
            key: key.as_str().unwrap().to_string(),
            precision: c["precision"].as_i64().unwrap_or(6) as i32,
            units: c["units"]
                .as_sequence()
                .unwrap()
                .iter()
                .map(|u| {
                    (
                        u["key"].as_str().unwrap().to_string(),
                        if u.get("scale").is_some() || u.get("reciprocal").is_some() { None } else { u.get("factor").and_then(factor) },
                    )
                })
                .collect(),
            compounds: compounds(c),
            sizes: unit_sizes(c),
        })
        .collect()
}

/// A page's `<title>` and meta description, their entities read.
fn title_and_description(html: &str) -> (String, String) {
    let text = |s: &str| s.replace("&amp;", "&").replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">");
    let title = html.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).expect("a title");
    let before = html.split(" name=description").next().expect("a description");
    let description = before.rsplit("<meta content=").next().unwrap().trim_matches('"');
    (text(title), text(description))
}

fn html_of(site: &Project, path: &str) -> String {
    site.read(&format!("site{path}.html"))
}

fn hrefs(html: &str) -> HashSet<String> {
    html.split("href=").skip(1).map(|rest| rest.trim_start_matches('"').split(['"', '>', ' ']).next().unwrap_or("").to_string()).collect()
}

/// The numbers of a table row's two cells, from `<tr><td>5 ft</td><td>1.524 m</td></tr>`.
fn table_rows(html: &str) -> Vec<(f64, String)> {
    let body = html.split("<tbody>").nth(1).and_then(|b| b.split("</tbody>").next()).unwrap_or("");
    // "304.8 m", "-40 °C", "1 × 10⁻⁹ m" (a power of ten, as the page writes it): as Rust reads a number.
    let number = |cell: &str| {
        let first = cell.split_whitespace().next().unwrap_or("").replace(',', "").replace('−', "-");
        match cell.split_once(" × 10").map(|(_, power)| power.split_whitespace().next().unwrap_or("")) {
            Some(power) => format!(
                "{first}e{}",
                power
                    .chars()
                    .map(|c| if c == '⁻' {
                        '-'
                    } else {
                        char::from_digit("⁰¹²³⁴⁵⁶⁷⁸⁹".chars().position(|d| d == c).unwrap_or(0) as u32, 10).unwrap()
                    })
                    .collect::<String>()
            ),
            None => first,
        }
    };
    // "1 1/2 cup", "3/4 cup", "1,000 ft": a whole number, a fraction, or both.
    let fraction = |word: &str| word.split_once('/').and_then(|(n, d)| Some(n.parse::<f64>().ok()? / d.parse::<f64>().ok()?));
    let value_of = |cell: &str| -> Option<f64> {
        let mut words = cell.split_whitespace();
        let first = words.next()?.replace(',', "");
        let whole = match fraction(&first) {
            Some(f) => return Some(f),
            None => first.parse::<f64>().ok()?,
        };
        Some(whole + words.next().and_then(fraction).unwrap_or(0.0))
    };
    body.split("<tr>")
        .skip(1)
        .filter_map(|row| {
            let cells: Vec<&str> = row.split("<td>").skip(1).map(|c| c.split("</td>").next().unwrap()).collect();
            Some((value_of(cells.first()?)?, number(cells.get(1)?)))
        })
        .collect()
}

#[test]
fn every_unit_pair_has_its_page_linked_listed_and_within_budget() {
    let site = Project::copy_of_real_site();
    let out = site.unitly(&["build", "--out", "site", "--base-url", &format!("{BASE}/")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let sitemap = site.read("site/sitemap.xml");
    // The copy's content is the real one: its category pages are the real site's.
    let homes = real_category_pages();
    let mut checked = 0;
    for category in categories(&site) {
        let Some(home) = homes.get(&category.key) else { continue };
        let home_links = hrefs(&html_of(&site, home));
        let index = format!("{home}/conversions");
        assert!(home_links.contains(&index), "{home} links its index of pairs {index}");
        // Its few links per unit lead to the units people use day to day (`usual`), not to
        // whatever units.yaml lists next (square feet → square rods, miles → ångströms).
        for (page, wanted) in
            [("/area-converter", "/area-converter/square-feet-to-acres"), ("/pressure-converter", "/pressure-converter/atmospheres-to-kilopascals")]
        {
            if home == page {
                assert!(home_links.contains(wanted), "{home} links {wanted}");
            }
        }
        if home == "/length-converter" {
            assert!(!home_links.iter().any(|l| l.ends_with("-to-angstroms") && l.contains("miles")), "{home}: miles lead to ångströms");
        }
        // The index links its pairs relatively: they sit beside it, under the category's page.
        let index_links: HashSet<String> =
            hrefs(&html_of(&site, &index)).into_iter().map(|h| if h.starts_with('/') { h } else { format!("{home}/{h}") }).collect();
        let slug = |k: &str| k.replace('_', "-");
        for (from, from_factor) in &category.units {
            let targets = category.units.iter().filter(|(to, _)| to != from).map(|(to, f)| (slug(to), *f)).chain(
                category
                    .compounds
                    .iter()
                    .filter(|compound| reads_in_parts(&category.sizes, from, compound))
                    .map(|compound| (compound.parts.iter().map(|p| slug(p)).collect::<Vec<_>>().join("-and-"), None)),
            );
            for compound in category.compounds.iter().filter(|compound| !reads_in_parts(&category.sizes, from, compound)) {
                let path = format!("{home}/{}-to-{}", slug(from), compound.parts.iter().map(|p| slug(p)).collect::<Vec<_>>().join("-and-"));
                assert!(!site.path(&format!("site{path}.html")).exists(), "{path}: no page, its rows would not read in parts");
                assert!(!sitemap.contains(&format!("<loc>{BASE}{path}</loc>")), "{path} is not in the sitemap");
            }
            for (to, to_factor) in targets {
                let path = format!("{home}/{}-to-{to}", slug(from));
                let html = html_of(&site, &path);
                assert!(html.len() <= PAGE_BUDGET, "{path}: {} bytes of HTML", html.len());
                assert!(sitemap.contains(&format!("<loc>{BASE}{path}</loc>")), "{path} is in the sitemap");
                assert!(home_links.contains(&path) || index_links.contains(&path), "{path} is linked from {home} or {index}");
                assert!(html.contains(&format!("<link href={BASE}{path} rel=canonical>")), "{path} has its canonical URL");
                // Search results cut a title at about 65 characters and a description at 160:
                // a long title leads with the symbols (what people search), so they survive,
                // with the start of the names (BTU·in/(h·ft²·°F) to kcal/(h·m·°C) is 34).
                let (title, description) = title_and_description(&html);
                let symbols = title.split(" – ").next().unwrap();
                assert!(title.chars().count() <= 65 || symbols.chars().count() <= 40, "{path}: {title}");
                assert!(description.chars().count() <= 160, "{path}: {} characters: {description}", description.chars().count());
                let ld = html.split("<script type=application/ld+json>").nth(1).and_then(|s| s.split("</script>").next()).expect("JSON-LD");
                let ld: serde_json::Value = serde_json::from_str(ld).unwrap_or_else(|e| panic!("{path}: JSON-LD does not parse: {e}"));
                let crumbs = ld["@graph"]
                    .as_array()
                    .and_then(|g| g.iter().find(|x| x["@type"] == "BreadcrumbList"))
                    .unwrap_or_else(|| panic!("{path}: a BreadcrumbList"));
                let items = crumbs["itemListElement"].as_array().unwrap();
                assert_eq!(items.len(), 3, "{path}: Home › category › pair");
                assert_eq!(items[1]["item"], format!("{BASE}{home}"));
                assert_eq!(items[2]["item"], format!("{BASE}{path}"));
                // Linear rows against the exact factor ratio, at the category's precision or six
                // significant digits (what the card shows).
                if let (Some(ff), Some(tf)) = (from_factor, to_factor) {
                    let rows = table_rows(&html);
                    assert!(rows.len() >= 10, "{path}: a table of common values");
                    for (value, shown) in rows {
                        let exact = value * ff / tf;
                        let shown: f64 = shown.parse().unwrap_or_else(|_| panic!("{path}: {shown} is a number"));
                        let tolerance = (0.5 * 10f64.powi(-category.precision)).max(exact.abs() * 5e-6);
                        assert!((shown - exact).abs() <= tolerance, "{path}: {value} shows {shown}, exactly {exact}");
                    }
                }
                checked += 1;
            }
        }
    }
    // Five categories of 4 to 24 units at the least: far more than a handful.
    assert!(checked >= 200, "{checked} pair pages checked");
    // The compound pages people search for, and none of those that would read "< 0.01 in".
    for (path, exists) in [
        ("/length-converter/centimeters-to-feet-and-inches", true),
        ("/length-converter/millimeters-to-feet-and-inches", true),
        ("/length-converter/inches-to-feet-and-inches", true),
        ("/weight-converter/ounces-to-pounds-and-ounces", true),
        ("/weight-converter/pounds-to-stones-and-pounds", true),
        ("/length-converter/miles-to-feet-and-inches", false),
        // Decimals of the largest part, or of an odd number of it: 5.75 ft, 7.5 h, 0.75 yd.
        ("/length-converter/feet-to-feet-and-inches", true),
        ("/length-converter/yards-to-feet-and-inches", true),
        ("/weight-converter/pounds-to-pounds-and-ounces", true),
        ("/time-converter/hours-to-hours-and-minutes", true),
        ("/time-converter/minutes-to-minutes-and-seconds", true),
        ("/time-converter/years-to-years-and-months", true),
        // A part of the compound counts whole hours, so it needs no 1,000 s to reach one.
        ("/time-converter/seconds-to-hours-and-minutes-and-seconds", true),
        // Halves of which are whole in the largest part (7 lb 0 oz, 12 h 0 min), and hands,
        // whose 15.2 hh means 15 hands 2 inches.
        ("/weight-converter/stones-to-pounds-and-ounces", false),
        ("/time-converter/days-to-hours-and-minutes", false),
        ("/length-converter/fathoms-to-feet-and-inches", false),
        ("/length-converter/hands-to-hands-and-inches", false),
        ("/weight-converter/kilograms-to-stones-and-pounds", true),
        ("/weight-converter/grams-to-pounds-and-ounces", true),
        ("/length-converter/angstroms-to-feet-and-inches", false),
        ("/length-converter/light-years-to-feet-and-inches", false),
        ("/weight-converter/grams-to-stones-and-pounds", false),
        ("/length-converter/kilometers-to-feet-and-inches", false),
        ("/length-converter/pixels-to-feet-and-inches", false),
        ("/weight-converter/tonnes-to-pounds-and-ounces", false),
    ] {
        assert_eq!(site.path(&format!("site{path}.html")).exists(), exists, "{path}");
    }
    // A decimal page is named as people search it, and its rows are decimals in whole parts;
    // seconds fill hours, minutes and seconds.
    for (path, heading, row) in [
        ("/length-converter/feet-to-feet-and-inches", "Decimal Feet to Feet and Inches", "<td>5.75 ft</td><td>5 ft 9 in</td>"),
        ("/length-converter/yards-to-feet-and-inches", "Decimal Yards to Feet and Inches", "<td>1.5 yd</td><td>4 ft 6 in</td>"),
        ("/time-converter/hours-to-hours-and-minutes", "Decimal Hours to Hours and Minutes", "<td>7.5 h</td><td>7 h 30 min</td>"),
        ("/weight-converter/pounds-to-pounds-and-ounces", "Decimal Pounds to Pounds and Ounces", "<td>0.1 lb</td><td>1.6 oz</td>"),
        ("/time-converter/seconds-to-hours-and-minutes-and-seconds", "Seconds to Hours, Minutes and Seconds", "<td>10,000 s</td><td>2 h 46 min 40 s</td>"),
    ] {
        let html = html_of(&site, path);
        assert!(html.contains(&format!("<h1>{heading}</h1>")), "{path}: {heading}");
        assert!(html.contains(row), "{path}: a row {row}");
    }
    // A category page's few links per unit lead with the pairs people search: the category's
    // headline units and each unit's counterpart in the other system: a usual unit's among the
    // usual ones (grams to ounces, not to grains), another's among all (cubic meters to yards)…
    for (home, pairs) in [
        ("/length-converter", ["feet-to-meters", "miles-to-kilometers", "kilometers-to-miles"]),
        ("/weight-converter", ["kilograms-to-pounds", "pounds-to-kilograms", "grams-to-ounces"]),
        ("/volume-converter", ["liters-to-gallons", "cubic-meters-to-cubic-yards", "quarts-to-liters"]),
        ("/area-converter", ["acres-to-hectares", "hectares-to-acres", "square-feet-to-square-meters"]),
        // …and each unit's neighbours on a ladder (units.yaml `ladders`), where no usual units are.
        ("/digital-storage-converter", ["kilobytes-to-megabytes", "megabytes-to-kilobytes", "bytes-to-kibibytes"]),
        ("/time-converter", ["milliseconds-to-seconds", "seconds-to-milliseconds", "days-to-years"]),
    ] {
        let links = hrefs(&html_of(&site, home));
        for pair in pairs {
            assert!(links.contains(&format!("{home}/{pair}")), "{home} links {pair}");
        }
    }
    // A compound's page leads on to its parts, both ways.
    let parts = hrefs(&html_of(&site, "/length-converter/centimeters-to-feet-and-inches"));
    for to in [
        "/length-converter/centimeters-to-inches",
        "/length-converter/centimeters-to-feet",
        "/length-converter/feet-to-centimeters",
        "/length-converter/inches-to-centimeters",
    ] {
        assert!(parts.contains(to), "centimeters to feet and inches links {to}");
    }
    compound_pages_are_listed_for_the_islands(&site, &homes);
    a_pair_page_is_found_by_its_formula_not_its_table(&site);
    embedded_converters_are_cards_in_the_article(&site);
    an_exact_factor_is_stated_exactly(&site);
    names_read_as_a_sentence_writes_them(&site);
    pace_pages_read_as_runners_write_them(&site);
}

/// The islands' data (the search box's units.json, a card's props) lists under each compound
/// the units whose page to it the build made, exactly: the card and the box link those pages.
fn compound_pages_are_listed_for_the_islands(site: &Project, homes: &std::collections::BTreeMap<String, String>) {
    let units = search_units_json(&site.path("site"));
    let mut listed = 0;
    for (key, home) in homes {
        let category = &units["categories"][key];
        for compound in category["compounds"].as_array().into_iter().flatten() {
            let parts: Vec<String> = compound["parts"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().replace('_', "-")).collect();
            let listed_from: HashSet<&str> = compound["pagesFrom"].as_array().into_iter().flatten().map(|k| k.as_str().unwrap()).collect();
            for unit in category["units"].as_array().unwrap() {
                let from = unit["key"].as_str().unwrap();
                let path = format!("site{home}/{}-to-{}.html", from.replace('_', "-"), parts.join("-and-"));
                assert_eq!(listed_from.contains(from), site.path(&path).exists(), "{path}: listed in {key}'s pagesFrom exactly when built");
            }
            listed += listed_from.len();
        }
    }
    assert!(listed >= 50, "{listed} compound pages listed");
    let card = html_of(site, "/length-converter/centimeters-to-feet-and-inches");
    assert!(card.contains(r#""pagesFrom":["millimeters","centimeters""#), "a card's props list them too");
}

/// Running pace (min/km, min/mi) is a reciprocal speed: its pages divide, and show paces as
/// m:ss (units -t '5.5 min/km' min/mile = 8.851392, 8:51 to the second).
fn pace_pages_read_as_runners_write_them(site: &Project) {
    let pace = html_of(site, "/speed-converter/minutes-per-kilometer-to-minutes-per-mile");
    for said in [
        "<code>min/mi = min/km × 1.609344</code>",
        "5:30 min/km = 8.851392 min/mi (8:51)",
        "<tr><td>3:00 min/km</td><td>4.828032 min/mi (4:50)</td></tr>",
        "<tr><td>10:00 min/km</td><td>16.09344 min/mi (16:06)</td></tr>",
        "the minutes one kilometer takes, which is 60 divided by the speed in km/h",
    ] {
        assert!(pace.contains(said), "min/km to min/mi: {said}");
    }
    let speed = html_of(site, "/speed-converter/kilometers-per-hour-to-minutes-per-kilometer");
    for said in ["<code>min/km = 60 ÷ (km/h)</code>", "<tr><td>11 km/h</td><td>5.454545 min/km (5:27)</td></tr>"] {
        assert!(speed.contains(said), "km/h to min/km: {said}");
    }
    let back = html_of(site, "/speed-converter/minutes-per-mile-to-miles-per-hour");
    assert!(back.contains("<code>mph = 60 ÷ (min/mi)</code>"), "min/mi to mph divides 60");
}

/// Unit names in the pages' sentences lose title case but keep acronyms and proper words: the
/// template's `lower` once wrote "us gallons" and the facts "celsius to fahrenheit".
fn names_read_as_a_sentence_writes_them(site: &Project) {
    let celsius = html_of(site, "/temperature-converter/celsius-to-fahrenheit");
    assert!(celsius.contains(">How to convert Celsius to Fahrenheit</h2>"), "Celsius and Fahrenheit keep their capitals");
    let fuel = html_of(site, "/fuel-economy-converter/liters-per-100-kilometers-to-us-gallons-per-100-miles");
    assert!(fuel.contains("Type a value in liters per 100 kilometers (L/100 km) to see it in US gallons per 100 miles"), "US stays US");
    let btu = html_of(site, "/energy-converter/btus-to-joules");
    assert!(btu.contains(">How to convert British thermal units to joules</h2>"));
    let cooking = html_of(site, "/cooking-converter");
    assert!(cooking.contains("Cups here are US cups, 236.5882365 mL each."), "the cooking page names its cup");
}

/// units.yaml's 1.602176634e-19 reaches the page's facts (rendered by Node) as written: the
/// island requests once went through a parsed `Value`, whose float parsing made it
/// 1.6021766340000001e-19, and the page said "≈" of an exact factor.
fn an_exact_factor_is_stated_exactly(site: &Project) {
    let html = html_of(site, "/energy-converter/electronvolts-to-joules");
    for said in
        ["<strong>1 eV = 1.602176634 × 10⁻¹⁹ J</strong> exactly.", "<code>J = eV × (1.602176634 × 10⁻¹⁹)</code>", "1 eV is exactly 1.602176634 × 10⁻¹⁹ J."]
    {
        assert!(html.contains(said), "the electronvolt's factor is exact: {said}");
    }
}

/// The built site's search index as the box reads it: each result's fragment by number, and
/// each term's rarity with its pages' frequencies (src/search/postings.rs).
struct Index {
    fragments: std::collections::HashMap<u64, serde_json::Value>,
    terms: serde_json::Map<String, serde_json::Value>,
}

impl Index {
    fn of(site: &Project) -> Index {
        let entry: serde_json::Value = serde_json::from_str(&site.read("site/search.json")).expect("search.json");
        let version = site.path(&format!("site/search/{}", entry["version"].as_str().expect("a version")));
        let read = |folder: &str| -> Vec<(u64, serde_json::Value)> {
            std::fs::read_dir(version.join(folder))
                .expect("an index folder")
                .map(|e| {
                    let path = e.expect("an entry").path();
                    let number = path.file_stem().and_then(|n| n.to_str()?.parse().ok()).expect("a numbered file");
                    (number, serde_json::from_str(&std::fs::read_to_string(&path).expect("readable")).expect("JSON"))
                })
                .collect()
        };
        let terms = read("c").into_iter().flat_map(|(_, chunk)| chunk.as_object().expect("a chunk").clone()).collect();
        // A fragment file holds `group` results in number order (src/search/fragments.rs).
        let group = entry["group"].as_u64().expect("results per fragment file");
        let fragments = read("p")
            .into_iter()
            .flat_map(|(file, results)| {
                let results = results.as_array().expect("a fragment file is an array").clone();
                results.into_iter().enumerate().filter(|(_, f)| !f.is_null()).map(move |(i, f)| (file * group + i as u64, f))
            })
            .collect();
        let index = Index { fragments, terms };
        // Every result the postings name is in the file its number says (the numbers a
        // fragment file leaves empty are skipped, never named).
        for (term, list) in &index.terms {
            let mut page = 0;
            for posting in list.as_array().expect("postings")[1..].chunks(2) {
                page += posting[0].as_u64().expect("a page delta");
                assert!(index.fragments.contains_key(&page), "“{term}” names result {page}, which no fragment file holds");
            }
        }
        index
    }

    fn url(&self, result: u64) -> &str {
        self.fragments[&result]["url"].as_str().expect("a URL")
    }

    /// The results with every one of `terms` (the index's own: folded, plural ending gone),
    /// best first, with their scores as the box sums them (rarity × frequency per term; the
    /// other terms a query word begins count half or less and are left out here).
    fn ranked(&self, terms: &[&str]) -> Vec<(u64, f64)> {
        let mut scores: std::collections::HashMap<u64, (usize, f64)> = Default::default();
        for term in terms {
            let list = self.terms[*term].as_array().unwrap_or_else(|| panic!("{term} is indexed"));
            let (rarity, mut page) = (list[0].as_f64().unwrap() / 100.0, 0);
            for posting in list[1..].chunks(2) {
                page += posting[0].as_u64().unwrap();
                let score = scores.entry(page).or_default();
                *score = (score.0 + 1, score.1 + rarity * posting[1].as_f64().unwrap());
            }
        }
        let mut ranked: Vec<(u64, f64)> = scores.into_iter().filter(|(_, (n, _))| *n == terms.len()).map(|(page, (_, s))| (page, s)).collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked
    }
}

/// `/weight-converter/grams-to-stones`, not the category's converter, a unit or an article.
fn is_pair_page(url: &str) -> bool {
    url.split_once("-converter/").is_some_and(|(category, pair)| !category.contains(['?', '#']) && pair.contains("-to-"))
}

/// The search result of a pair page: its text (for the excerpt, and what was indexed) has
/// the formula and no row of the table of values.
fn a_pair_page_is_found_by_its_formula_not_its_table(site: &Project) {
    let index = Index::of(site);
    let fragment = index.fragments.values().find(|f| f["url"] == "/length-converter/feet-to-meters").expect("feet to meters is a search result");
    let text = fragment["text"].as_str().unwrap();
    assert!(text.contains("0.3048"), "the formula is indexed: {text}");
    let html = html_of(site, "/length-converter/feet-to-meters");
    let (_, result) = table_rows(&html).into_iter().find(|(v, _)| *v == 20.0).expect("a row for 20 ft");
    assert!(!text.contains(&result), "the table ({result} m in the row of 20 ft) is not: {text}");
    pair_pages_rank_below_a_units_record_and_first_for_their_pair(&index);
}

/// Short (their tables are not indexed) and naming their units in the title, pair pages would
/// outrank a unit's own record for its name ("what is a stone") without their lower prior;
/// with it they still come first for their own pair, above the converter page.
fn pair_pages_rank_below_a_units_record_and_first_for_their_pair(index: &Index) {
    for (term, unit) in [("stone", "/weight-converter?from=stones&"), ("meter", "/length-converter?from=meters&"), ("mile", "/length-converter?from=miles&")] {
        let ranked = index.ranked(&[term]);
        let at = |url: &dyn Fn(&str) -> bool| ranked.iter().position(|(r, _)| url(index.url(*r))).unwrap_or_else(|| panic!("{term}: no such result"));
        let (record, pair) = (at(&|u| u.starts_with(unit)), at(&|u| is_pair_page(u)));
        assert!(record < pair, "{term}: the unit's record ({:?}) ranks above every pair page ({:?})", ranked[record], ranked[pair]);
    }
    assert!(!index.fragments.values().any(|f| f["url"].as_str().is_some_and(|u| u.ends_with("/conversions"))), "an index of pairs is no result");
    for (terms, pair, converter) in [
        (["psi", "bar"], "/pressure-converter/psi-to-bars", "/pressure-converter"),
        (["feet", "meter"], "/length-converter/feet-to-meters", "/length-converter"),
        (["celsius", "fahrenheit"], "/temperature-converter/celsius-to-fahrenheit", "/temperature-converter"),
    ] {
        let ranked = index.ranked(&terms);
        let score = |url: &str| ranked.iter().find(|(r, _)| index.url(*r) == url).unwrap_or_else(|| panic!("{terms:?}: {url} is found")).1;
        // Its reverse pair has the same words: the two may tie, nothing is above them.
        assert_eq!(score(pair), ranked[0].1, "{terms:?}: {pair} has the top score, {} is first", index.url(ranked[0].0));
        let best_other = ranked.iter().find(|(r, _)| !is_pair_page(index.url(*r))).expect("another result");
        assert!(score(pair) > best_other.1, "{terms:?}: {pair} above {} ({best_other:?})", index.url(best_other.0));
        assert!(score(converter) < score(pair));
    }
}

/// content/blog/conversion-tips.md embeds three converters by shortcode: each is the
/// category's card in the HTML (or, with an ingredient, the Cooking converter's), preset,
/// hydrated when visible, with ids of its own.
fn embedded_converters_are_cards_in_the_article(site: &Project) {
    let html = html_of(site, "/blog/conversion-tips");
    assert!(!html.contains("{{ converter") && !html.contains("unitly:embed"), "every shortcode became a card");
    let props: Vec<serde_json::Value> = html
        .split("data-island=\"ConverterCard\" data-client=\"visible\" data-props='")
        .skip(1)
        .map(|rest| {
            let json = rest.split('\'').next().unwrap().replace("&amp;", "&").replace("&#39;", "'");
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("props parse: {e}"))
        })
        .collect();
    let presets: Vec<(&str, &str, &str, &str, u64)> = props
        .iter()
        .map(|p| {
            (
                p["category"]["key"].as_str().unwrap(),
                p["from"].as_str().unwrap(),
                p["to"].as_str().unwrap(),
                p["value"].as_str().unwrap(),
                p["headingLevel"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(presets, [("area", "square_feet", "square_meters", "180", 3), ("volume", "cups", "milliliters", "1 1/2", 3)]);
    assert_eq!((props[0]["id"].as_str(), props[1]["id"].as_str()), (Some("area-converter-1"), Some("volume-converter-3")));
    // Server HTML: the value is in the field before any script runs.
    assert!(html.contains("id=\"volume-converter-3-value\" type=\"text\"") && html.contains("value=\"1 1/2\"/>"), "the preset value is in the HTML");
    embedded_cooking_card_is_preset_to_its_ingredient(&html);
}

/// `{{ converter(from="cups", to="grams", ingredient="flour_spooned", value="2") }}`: the
/// Cooking converter's card with every ingredient (the reader may pick another), preset to
/// spooned flour, the pair and the value, all in the HTML before any script runs.
fn embedded_cooking_card_is_preset_to_its_ingredient(html: &str) {
    let rest = html.split("data-island=\"CookingCard\" data-client=\"visible\" data-props='").nth(1).expect("a Cooking card in the article");
    let props: serde_json::Value = serde_json::from_str(&rest.split('\'').next().unwrap().replace("&amp;", "&").replace("&#39;", "'")).expect("props parse");
    let preset = |k: &str| props[k].as_str().unwrap_or_default().to_string();
    assert_eq!(
        [preset("ingredient"), preset("from"), preset("to"), preset("value"), preset("id")],
        ["flour_spooned", "cups", "grams", "2", "cooking-converter-2"].map(String::from)
    );
    assert_eq!(props["headingLevel"], 3);
    assert!(props["data"]["ingredients"].as_array().is_some_and(|i| i.len() >= 30), "every ingredient rides along");
    let card = &rest[..rest.find("</section>").expect("the card's section")];
    assert!(card.contains(">Cooking Converter</h3>"), "titled one level below its section");
    assert!(card.contains("id=\"cooking-converter-2-value\" type=\"text\"") && card.contains("value=\"2\"/>"), "the value is in the HTML");
    assert!(card.contains("<option value=\"flour_spooned\" selected=\"\">"), "the ingredient is chosen in the HTML");
}

#[test]
fn a_mistaken_converter_shortcode_is_located_with_its_fix() {
    let site = Project::copy_of_real_site();
    let file = "content/blog/conversion-tips.md";
    let anchor = "{{ converter(from=\"cups\", to=\"milliliters\", value=\"1 1/2\") }}";
    // Three mistakes in one converter: all three said, each at its column.
    const ALL_WRONG: &str = "{{ converter(from=\"furlongz\", to=\"meterz\", value=\"six\") }}";
    let column = |word: &str| ALL_WRONG.find(word).unwrap() + 1;
    let text = site.read(file);
    let line = text[..text.find(anchor).expect("the article embeds cups to milliliters")].lines().count() + 1;
    site.edit(
        file,
        anchor,
        &[
            "{{ converter(from=\"cup\", to=\"milliliters\", value=\"1 1/2\") }}\n\n{{ converter(from=\"cups\", to=\"grams\") }}\n\n\
         See {{ converter(from=\"cups\", to=\"milliliters\") }} here.\n\n{{ converter(from=\"cups\", to=\"grams\", ingredient=\"flour\") }}\n\n\
         {{ converter(from=\"feet\", to=\"meters\", ingredient=\"sugar\") }}\n\n\
         > {{ converter(from=\"feet\", to=\"meters\") }}\n\n<div>{{ converter(from=\"feet\", to=\"meters\") }}</div>\n\n",
            ALL_WRONG,
        ]
        .concat(),
    );
    let out = site.unitly(&["check"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    for expected in [
        format!("{file}:{line}:20: `cup` is not a unit key: write `cups` (US Cups (cup), volume)"),
        format!(
            "{file}:{}:31: `cups` is a volume and `grams` a weight: what one weighs in the other depends on the ingredient; name it with `ingredient=",
            line + 2
        ),
        format!("{file}:{}:5: a converter goes in a paragraph of its own", line + 4),
        format!("{file}:{}:51: `flour` is not an ingredient key: write `flour_spooned` (All-purpose flour, spooned)", line + 6),
        format!("{file}:{}:52: `feet` to `meters` does not depend on an ingredient: remove `ingredient`", line + 8),
        // In a quote it would be a card inside a quotation; inside HTML, printed as written.
        format!("{file}:{}:3: a converter goes in a paragraph of its own, not in a list or a quote", line + 10),
        format!("{file}:{}:6: a converter inside HTML would be printed as written", line + 12),
        format!("{file}:{}:{}: `furlongz` is not a unit", line + 14, column("furlongz")),
        format!("{file}:{}:{}: `meterz` is not a unit", line + 14, column("meterz")),
        format!("{file}:{}:{}: value `six` is not a number", line + 14, column("six")),
    ] {
        assert!(err.contains(&expected), "expected {expected:?} in:\n{err}");
    }
    // `build` refuses the same.
    let out = site.unitly(&["build"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains(&format!("{file}:{}:51: `flour` is not an ingredient key", line + 6)));
}

#[test]
fn a_route_on_a_pair_path_is_a_located_problem() {
    let site = Project::copy_of_real_site();
    let routes = site.read("content/routes.yaml");
    let start = routes.find("  - path: /about\n").expect("the about route");
    let about = &routes[start..start + routes[start..].find("\n\n").unwrap() + 2];
    site.edit(
        "content/routes.yaml",
        about,
        &format!("{about}{}", about.replace("path: /about", "path: /length-converter/feet-to-meters").replace("parent: /\n", "parent: /length-converter\n")),
    );
    let out = site.unitly(&["check"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("/length-converter/feet-to-meters") && err.contains("feet → meters"), "{err}");
}
