//! The site with fifty unit categories (its own, and as many more generated as content as
//! make fifty, at least five, ten units each, with the words of a real category page): the
//! home page lists every one of them, grouped,
//! within the page budget (PAGE_BUDGET); every page's menu offers them all; and a converter page's props hold
//! its own category only.

// Each test binary compiles its own copy of the shared helpers and uses only some of them.
#[allow(dead_code)]
mod common;

use common::{stderr, stdout, Project};
use unitly::site::PAGE_BUDGET;

const CATEGORIES: usize = 50;
/// Generated categories beside the site's own: each adds about 190 files (pair pages and
/// their search results), so adding forty-five to the site's forty-five passed the 20,000
/// files a Worker version may have on the Free plan, which the build warns of.
const AT_LEAST_GENERATED: usize = 5;
const GROUPS: [&str; 5] = ["everyday", "science", "engineering", "digital", "cooking"];

/// Two letters for `i` (unit words hold no digits: the Value field reads those as numbers).
fn code(i: usize) -> String {
    [b'a' + (i / 26) as u8, b'a' + (i % 26) as u8].iter().map(|&b| b as char).collect()
}

/// A category of ten linear units, named like a real one ("Generated Quantity Ab").
fn category(i: usize) -> String {
    let c = code(i);
    let units: Vec<String> = (0..10)
        .map(|u| {
            let uc = code(u);
            format!(
                "      - {{ key: gq{c}_unit_{uc}, name: Generated Unit {uc} of {c} (g{c}{uc}), symbol: g{c}{uc}, system: metric, factor: \"{}/3\", aliases: [gen {c} unit {uc}] }}\n",
                u + 1
            )
        })
        .collect();
    format!(
        "  gq{c}:\n    label: Generated Quantity {c}\n    group: {}\n    base: gq{c}_unit_ac\n    precision: 6\n    default: {{ from: gq{c}_unit_aa, to: gq{c}_unit_af }}\n    accent: teal\n    icon: ['M4 12h16', 'M12 4v16']\n    units:\n{}\n",
        GROUPS[i % GROUPS.len()],
        units.join("")
    )
}

/// The site's own categories: the keys of content/units.yaml that have a label.
fn own_categories(units_yaml: &str) -> usize {
    units_yaml.lines().filter(|l| l.starts_with("    label: ")).count()
}

fn fifty_categories() -> (Project, usize) {
    let site = Project::copy_of_real_site();
    let generated = CATEGORIES.saturating_sub(own_categories(&site.read("content/units.yaml"))).max(AT_LEAST_GENERATED);
    let categories: String = (0..generated).map(category).collect();
    site.edit("content/units.yaml", "\ncurrencies:\n", &format!("\n{categories}currencies:\n"));
    let routes = site.read("content/routes.yaml");
    let start = routes.find("  - path: /area-converter\n").expect("the area route");
    let area = &routes[start..routes[start..].find("\n\n").map(|e| start + e + 2).unwrap()];
    let mut added = String::new();
    let page = site.read("content/converters/area.md");
    for i in 0..generated {
        let c = code(i);
        added.push_str(
            &area
                .replace("/area-converter", &format!("/gq{c}-converter"))
                .replace("converters/area.md", &format!("converters/gq{c}.md"))
                .replace("short_label: Area", &format!("short_label: Generated Quantity {c}"))
                .replace("label: Area Converter", &format!("label: Generated Quantity {c} Converter"))
                .replace("title: Area Converter", &format!("title: Generated Quantity {c} Converter"))
                .replace("heading: Area Converter", &format!("heading: Generated Quantity {c} Converter")),
        );
        site.write(
            &format!("content/converters/gq{c}.md"),
            &page
                .replace("category: area", &format!("category: gq{c}"))
                .replace("preset: { from: square_meters, to: square_feet }", &format!("preset: {{ from: gq{c}_unit_aa, to: gq{c}_unit_af }}"))
                .replace("path: /land-area-converter", "path: /area-converter"),
        );
    }
    site.edit("content/routes.yaml", area, &format!("{area}{added}"));
    (site, generated)
}

/// The `href`s of the links from `marker` (an attribute of the element) to `close`.
fn links_in<'a>(html: &'a str, marker: &str, close: &str) -> Vec<&'a str> {
    let start = html.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let end = start + html[start..].find(close).unwrap();
    html[start..end].split("href=").skip(1).map(|s| s.trim_start_matches(['"', '\'']).split(['"', '\'', '>', ' ']).next().unwrap()).collect()
}

#[test]
fn fifty_categories_are_all_listed_on_a_home_page_within_budget_and_in_every_menu() {
    let (site, generated) = fifty_categories();
    let built = site.unitly(&["build", "--out", "dist"]);
    let (out, err) = (stdout(&built), stderr(&built));
    assert!(built.status.success(), "{out}\n{err}");
    assert!(!err.contains("a page should weigh") && !err.contains("warning"), "a page over budget or another warning:\n{err}");

    let category_pages: Vec<String> = ["length", "weight", "temperature", "volume", "area"]
        .map(|k| format!("/{k}-converter"))
        .into_iter()
        .chain((0..generated).map(|i| format!("/gq{}-converter", code(i))))
        .collect();
    let home = std::fs::read_to_string(site.path("dist/index.html")).unwrap();
    println!("/ with 50 categories: {} bytes", home.len());
    assert!(home.len() <= PAGE_BUDGET, "/ is {} bytes", home.len());
    let tiles = links_in(&home, "class=all-converters", "</section>");
    for path in &category_pages {
        assert_eq!(tiles.iter().filter(|t| *t == path).count(), 1, "{path} is a tile on / once");
    }
    for group in ["Everyday", "Science", "Engineering", "Digital", "Cooking"] {
        assert!(home.contains(&format!("<h3>{group}</h3>")), "group {group} on /");
    }

    for path in &category_pages {
        let file = site.path(&format!("dist{path}.html"));
        let html = std::fs::read_to_string(&file).unwrap();
        assert!(html.len() <= PAGE_BUDGET, "{path} is {} bytes", html.len());
        let menu = links_in(&html, "id=site-menu", "</nav>");
        for other in &category_pages {
            assert!(menu.contains(&other.as_str()), "{path}: the menu offers {other}");
        }
        // The card's props: its own category's units only.
        let own = path.trim_start_matches('/').trim_end_matches("-converter");
        let props_start = html.find("data-island=ConverterCard").or_else(|| html.find("data-island=\"ConverterCard\"")).expect("a card");
        let props = &html[props_start..props_start + html[props_start..].find('>').unwrap()];
        assert!(props.contains(&format!("\"key\":\"{own}\"")), "{path}: the card's category");
        let foreign = category_pages
            .iter()
            .map(|p| p.trim_start_matches('/').trim_end_matches("-converter"))
            .filter(|k| *k != own)
            .find(|k| props.contains(&format!("\"key\":\"{k}\"")));
        assert_eq!(foreign, None, "{path}: another category in the card's props");
    }
}
