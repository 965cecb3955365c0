//! The currency pair pages of the real site, built: every ordered pair of the featured
//! currencies has its page (`/currency-converter/usd-to-eur`), in the sitemap, linked from the
//! currency converter page, within the page budget, stating a rate without script: the ECB
//! reference rate of `content/reference-rates.json`, dated, when the build has that file, else
//! units.yaml's fallback rate, labelled approximate. A bad rates file is a located problem.

#[allow(dead_code)]
mod common;

use common::{search_units_json, stderr, Project};
use std::collections::HashSet;

const BASE: &str = "https://example.test";
const HOME: &str = "/currency-converter";
/// A day's ECB rates in Frankfurter's shape (units per one euro), as scripts/reference-rates.mjs writes them.
const REFERENCE: &str = r#"{"amount":1.0,"base":"EUR","date":"2030-01-15","rates":{"AUD":1.6,"BRL":6.0,"CAD":1.5,"CHF":0.95,"CNY":8.0,"GBP":0.85,"INR":96.0,"JPY":160.0,"USD":1.25}}"#;

fn featured(site: &Project) -> Vec<String> {
    let units: serde_yaml::Value = serde_yaml::from_str(&site.read("content/units.yaml")).expect("units.yaml");
    units["currencies"].as_sequence().expect("currencies").iter().map(|c| c["code"].as_str().expect("code").to_string()).collect()
}

fn build(site: &Project) {
    let out = site.unitly(&["build", "--out", "site", "--base-url", &format!("{BASE}/")]);
    assert!(out.status.success(), "{}", stderr(&out));
}

fn hrefs(html: &str) -> HashSet<String> {
    html.split("href=").skip(1).map(|rest| rest.trim_start_matches('"').split(['"', '>', ' ']).next().unwrap_or("").to_string()).collect()
}

/// A pair page's first table's rows as numbers: `(amount, result)`.
fn first_table(html: &str) -> Vec<(f64, f64)> {
    let body = html.split("<tbody>").nth(1).and_then(|b| b.split("</tbody>").next()).unwrap_or("");
    let number = |cell: &str| cell.split_whitespace().next().unwrap_or("").replace(',', "").parse::<f64>().unwrap();
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            let cells: Vec<&str> = row.split("<td>").skip(1).map(|c| c.split("</td>").next().unwrap()).collect();
            (number(cells[0]), number(cells[1]))
        })
        .collect()
}

#[test]
fn every_featured_pair_has_a_page_with_a_rate_dated_or_labelled() {
    let site = Project::copy_of_real_site();
    let codes = featured(&site);
    assert!(codes.len() >= 10, "{codes:?}");
    // Without reference rates: the fallback table, said to be approximate.
    build(&site);
    let sitemap = site.read("site/sitemap.xml");
    let home_links = hrefs(&site.read(&format!("site{HOME}.html")));
    for from in &codes {
        for to in codes.iter().filter(|to| *to != from) {
            let path = format!("{HOME}/{}-to-{}", from.to_lowercase(), to.to_lowercase());
            let html = site.read(&format!("site{path}.html"));
            assert!(html.len() <= unitly::site::PAGE_BUDGET, "{path}: {} bytes", html.len());
            assert!(sitemap.contains(&format!("<loc>{BASE}{path}</loc>")), "{path} is in the sitemap");
            assert!(home_links.contains(&path), "{path} is linked from {HOME}");
            assert!(html.contains(&format!("<link href={BASE}{path} rel=canonical>")), "{path} has its canonical URL");
            assert!(html.contains(&format!("{from} to {to} exchange rate")), "{path}: its rate's heading");
            assert!(html.contains("built-in fallback rate, not a current market rate"), "{path}: the fallback rate is labelled");
            // The ECB's series of CNY, BRL and INR start after 1999: the snippet must not say 1999.
            let description = html.split("name=description").next().and_then(|h| h.rsplit("<meta content=").next()).unwrap_or("");
            assert!(description.contains(&format!("({to})")) && !description.contains("1999"), "{path}: {description}");
            // What results show whole: a title of about 65 characters, a description of 160.
            let title = html.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap();
            assert!(title.starts_with(&format!("{from} to {to} – ")) && title.chars().count() <= 65, "{path}: {title}");
            assert!(description.trim_matches('"').chars().count() <= 160, "{path}: {description}");
        }
    }
    let usd_eur = site.read(&format!("site{HOME}/usd-to-eur.html"));
    assert!(usd_eur.contains("1 USD = 0.8500 EUR"), "units.yaml's fallback USD→EUR is 0.85");
    assert!(usd_eur.contains(&format!("href={HOME}/eur-to-usd")), "the inverse pair is linked");

    // With the day's reference rates: that rate, its day, and amounts at it.
    std::fs::write(site.dir.path().join("content/reference-rates.json"), REFERENCE).unwrap();
    build(&site);
    let usd_jpy = site.read(&format!("site{HOME}/usd-to-jpy.html"));
    assert!(usd_jpy.contains("1 USD = 128.0000 JPY") && usd_jpy.contains("1 JPY = 0.007813 USD"), "160 / 1.25 and its inverse");
    assert!(usd_jpy.contains("European Central Bank reference rate of Jan 15, 2030"), "the rate's day");
    assert!(!usd_jpy.contains("Approximate"), "a dated rate is not called approximate");
    let rows = first_table(&usd_jpy);
    assert!(rows.len() >= 10, "a table of common amounts");
    for (amount, result) in rows {
        assert_eq!(result, (amount * 128.0).round(), "JPY has no decimals: {amount} USD");
    }
    // A currency worth little starts its table at a power of ten: 100 JPY, not 1 JPY = 0.01 USD.
    let jpy_usd = first_table(&site.read(&format!("site{HOME}/jpy-to-usd.html")));
    assert_eq!(jpy_usd[0], (100.0, 0.78));
    let sitemap = site.read("site/sitemap.xml");
    let entry = sitemap.split("<url>").find(|u| u.contains(&format!("{HOME}/usd-to-jpy<"))).unwrap();
    assert!(entry.contains("<lastmod>2030-01-15</lastmod>"), "the page changed with its rate: {entry}");
    // The search box's data holds them, for any currency they quote when live rates fail.
    let units = search_units_json(&site.path("site"));
    assert_eq!(units["referenceRates"]["date"], "2030-01-15");
    assert_eq!(units["referenceRates"]["base"], "EUR");
}

#[test]
fn a_bad_reference_rates_file_is_located_and_stops_the_build() {
    let site = Project::copy_of_real_site();
    std::fs::write(site.dir.path().join("content/reference-rates.json"), "{\"base\":\"EUR\",\"date\":\"2030-01-15\",\n  \"rates\":{\n    \"USD\":-1}}")
        .unwrap();
    let out = site.unitly(&["check"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("content/reference-rates.json:3:5") && err.contains("USD"), "{err}");
}
