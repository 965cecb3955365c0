//! A page for every ordered pair of units of a category (`/length-converter/feet-to-meters`),
//! and from every unit to each of its category's compounds (`…/centimeters-to-feet-and-inches`),
//! generated from `content/units.yaml` and the category's converter page in
//! `content/routes.yaml`: no markdown per pair. The pages' facts (formula, table, definitions)
//! are computed at build time by the islands' own conversion code (`islands/src/static/PairFacts.tsx`).

use super::model::{plain_name, prose_name};
use super::model::{ChangeFreq, Schema, UnitCategory};
use super::page::{Page, PageData};
pub use super::pair_data::{IndexData, Link, PairData, PairGroup};
use crate::diagnostics::Problem;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

/// The template of the pair pages.
pub const PAIR_TEMPLATE: &str = "pair.html";
/// The template of a category's index of every pair (`/length-converter/conversions`): a
/// category of 24 units has 552 pairs, more links than its converter page can carry within
/// the HTML a page may weigh (`site::PAGE_BUDGET`), so that page shows the nearest few per
/// unit and links here.
pub const INDEX_TEMPLATE: &str = "pair-index.html";
/// The index page's last path segment (no pair's, which all have `-to-`).
const INDEX_SLUG: &str = "conversions";
/// How many pairs per From unit the converter page itself links.
pub const NEAREST: usize = 5;
/// A pair page's sitemap values: below its category page (0.9) and the guides.
const PRIORITY: f64 = 0.6;
/// How many other pairs a pair page links to besides its inverse.
const RELATED: usize = 6;

/// A unit or compound key as a URL word: `fluid_ounces` → `fluid-ounces`; a compound is
/// named by its parts (`feet-and-inches`).
fn slug(key: &str) -> String {
    key.replace('_', "-")
}

/// One end of a pair: a unit, a currency, or (as the target only) a compound.
pub(super) struct End {
    pub key: String,
    pub slug: String,
    pub name: String,
    /// The name as a sentence writes it (`model::prose_name`), made once per unit, not per pair.
    pub prose: String,
    pub symbol: String,
    /// In the base unit: a linear unit's size (both ends the same), a compound's smallest and
    /// largest part; None for other kinds and currencies.
    pub span: Option<(f64, f64)>,
    /// A compound's parts, as indexes of the category's units (empty for a unit).
    pub parts: Vec<usize>,
    /// A compound's `decimal_page` (units.yaml); false for a unit.
    pub decimal_page: bool,
}

impl End {
    /// A currency, or a unit of another kind than linear: any pair of them has its page.
    pub(super) fn without_size(key: String, slug: String, name: String, symbol: String) -> End {
        End { key, slug, prose: name.clone(), name, symbol, span: None, parts: Vec::new(), decimal_page: false }
    }
}

/// Whether the pair `from` → `compound` reads well in parts, so that it gets a page: the last
/// row of its table, 1,000 `from`, is at least ten of the smallest part (no page of "< 0.01 in"
/// rows: angstroms or mils to feet and inches) and at least one of the largest (no page of
/// pixels in feet and inches that never reaches a foot), and one `from` is at most 1,000 of the
/// largest part (no kilometres in feet and inches, no tonnes in pounds and ounces). People
/// search "cm to feet and inches", "inches to feet and inches" and "kg to stone and pounds",
/// not these.
///
/// A `from` that is a whole number of the largest part (feet, yards; hours; pounds) has a table
/// of decimals instead (5.75 ft = 5 ft 9 in, 7.5 h = 7 h 30 min: what "decimal hours to hours
/// and minutes" looks for), when halves and fifths of it are not whole in the largest part:
/// a table of fathoms (6 ft), stones in pounds (14 lb) or days in hours would read "… 0 in"
/// on row after row. A part of the compound (`from_index` among the category's units) has a
/// table of whole largest parts (seconds: 3,600, 4,500 … s in hours, minutes and seconds), so
/// it needs no 1,000 of it to reach the largest.
fn reads_in_parts(from_index: usize, from: &End, compound: &End) -> bool {
    match (from.span, compound.span) {
        (Some((size, _)), Some((smallest, largest))) => {
            let decimals_read = |k: u64| compound.decimal_page && !k.is_multiple_of(2) && !k.is_multiple_of(5);
            let reaches_largest = size * 1_000.0 >= largest || compound.parts.contains(&from_index);
            size >= smallest / 100.0 && reaches_largest && size <= largest * 1_000.0 && whole_of_largest(from, compound).is_none_or(decimals_read)
        }
        _ => true,
    }
}

/// Lists under each compound of `category` the units [`plan`] makes its page from
/// (`model::Compound::pages_from`).
pub fn list_compound_pages(category: &mut UnitCategory) {
    let (units, compounds) = ends(category);
    for (compound, end) in category.compounds.iter_mut().zip(&compounds) {
        compound.pages_from = units.iter().enumerate().filter(|&(fi, from)| reads_in_parts(fi, from, end)).map(|(_, from)| from.key.clone()).collect();
    }
}

/// How many of `compound`'s largest part one `from` is, when that is a whole number (feet to
/// feet and inches: 1; yards: 3); None otherwise, and for a unit to a unit.
fn whole_of_largest(from: &End, compound: &End) -> Option<u64> {
    let (Some((size, _)), Some((_, largest))) = (from.span, compound.span) else { return None };
    let in_largest = size / largest;
    let whole = !compound.parts.is_empty() && in_largest >= 1.0 && (in_largest - in_largest.round()).abs() <= 1e-9 * in_largest;
    whole.then(|| in_largest.round() as u64)
}

fn ends(category: &UnitCategory) -> (Vec<End>, Vec<End>) {
    let size = |key: &str| category.units.iter().find(|u| u.key == key).and_then(|u| u.factor.as_ref()).and_then(|f| f.parse().ok()).map(|f| f.value());
    let units: Vec<End> = category
        .units
        .iter()
        .map(|u| End {
            key: u.key.clone(),
            slug: slug(&u.key),
            name: plain_name(&u.name),
            prose: prose_name(&u.name),
            symbol: u.symbol.clone(),
            span: size(&u.key).map(|s| (s, s)),
            parts: Vec::new(),
            decimal_page: false,
        })
        .collect();
    let compounds = category
        .compounds
        .iter()
        .map(|c| {
            let symbol = c.parts.iter().filter_map(|p| category.units.iter().find(|u| &u.key == p)).map(|u| u.symbol.as_str()).collect::<Vec<_>>().join(" ");
            let sizes: Option<Vec<f64>> = c.parts.iter().map(|p| size(p)).collect();
            End {
                key: c.key.clone(),
                slug: c.parts.iter().map(|p| slug(p)).collect::<Vec<_>>().join("-and-"),
                name: plain_name(&c.name),
                prose: prose_name(&c.name),
                symbol,
                span: sizes.map(|s| (s.iter().copied().fold(f64::INFINITY, f64::min), s.iter().copied().fold(0.0, f64::max))),
                parts: c.parts.iter().filter_map(|p| category.units.iter().position(|u| &u.key == p)).collect(),
                decimal_page: c.decimal_page,
            }
        })
        .collect();
    (units, compounds)
}

/// Each metric or imperial unit's nearest unit in size of the other system (by the ratio of
/// their sizes): miles → kilometers, acres → hectares. A usual unit's is the nearest usual
/// one (grams → ounces, not grains), another's the nearest of all (cubic meters → cubic
/// yards). `units`: the category's units as [`ends`] made them (in order, with their sizes).
fn counterparts<'a>(category: &'a UnitCategory, units: &[End]) -> HashMap<&'a str, &'a str> {
    let sized: Vec<(&str, &str, f64)> = category
        .units
        .iter()
        .zip(units)
        .filter(|(u, _)| u.system == "metric" || u.system == "imperial")
        .filter_map(|(u, end)| Some((u.key.as_str(), u.system.as_str(), end.span?.0)))
        .filter(|&(_, _, size)| size > 0.0)
        .collect();
    let usual = |key: &str| category.usual.iter().any(|u| u == key);
    sized
        .iter()
        .filter_map(|&(key, system, size)| {
            let others = sized.iter().filter(|&&(k, s, _)| s != system && (!usual(key) || usual(k)));
            let nearest = others.min_by(|a, b| (a.2 / size).ln().abs().total_cmp(&(b.2 / size).ln().abs()))?;
            Some((key, nearest.0))
        })
        .collect()
}

/// [`counterparts`] of one category, for a caller without its [`ends`].
pub fn counterparts_of(category: &UnitCategory) -> HashMap<&str, &str> {
    counterparts(category, &ends(category).0)
}

fn path_of(category_path: &str, from: &End, to: &End) -> String {
    format!("{category_path}/{}-to-{}", from.slug, to.slug)
}

/// How much farther in the category page's lists a pair to a unit not in `usual` stands than one
/// to a unit that is (more than any two units of a category are apart in units.yaml).
const EVERYDAY_FIRST: usize = 1000;

/// The pair pages of every unit category that has a converter page under `/` among `pages`.
/// A pair whose path is already a route's is left out and reported.
pub fn pages(categories: &[UnitCategory], pages: &[Page], problems: &mut Vec<Problem>) -> Vec<Page> {
    let mut out = Vec::new();
    for category in categories {
        let Some(home) = category_page(pages, &category.key) else { continue };
        let (units, compounds) = ends(category);
        let sources: HashMap<&str, &str> = category.units.iter().filter_map(|u| Some((u.key.as_str(), u.source.as_deref()?))).collect();
        let counterparts = counterparts(category, &units);
        let usual: HashSet<&str> = category.usual.iter().map(String::as_str).collect();
        let rungs_apart: HashSet<(&str, &str)> = category
            .ladders
            .iter()
            .flat_map(|ladder| ladder.windows(2).flat_map(|w| [(w[0].as_str(), w[1].as_str()), (w[1].as_str(), w[0].as_str())]))
            .collect();
        out.extend(plan(home, &category.key, &units, &compounds, pages, problems, |mut data, path| {
            // The category page's few links per unit lead with the pairs people search: to the
            // category's headline units (meters and feet, kilograms and pounds), then to the
            // unit's counterpart in the other system (miles → kilometers, acres → hectares) or
            // its neighbour on a ladder (kilobytes → megabytes, milliseconds → seconds), then
            // to the units people use day to day (`usual`: square feet → acres, not square
            // rods; atmospheres → kilopascals), nearest first, then the others.
            if compounds.iter().any(|c| c.key == data.to) {
                // Regroupings keep their place from `plan`: first (centimeters to feet and
                // inches), a table of decimals (days to days and hours) with the neighbours.
            } else if [&category.default.from, &category.default.to].contains(&&data.to) {
                data.distance = 0;
            } else if counterparts.get(data.from.as_str()) == Some(&data.to.as_str()) || rungs_apart.contains(&(data.from.as_str(), data.to.as_str())) {
                data.distance = 1;
            } else if data.distance > 0 {
                data.distance += if usual.contains(data.to.as_str()) { 2 } else { 2 + EVERYDAY_FIRST };
            }
            data.sources = [&data.from, &data.to].into_iter().filter_map(|k| Some((k.clone(), sources.get(k.as_str())?.to_string()))).collect();
            Some(page(home, category, path, data))
        }));
        if let Some(index) = index_page(home, category, &out) {
            out.push(index);
        }
    }
    out
}

/// Every pair page of one category under its converter page `home`: each ordered pair of
/// `units`, then each unit to each of `compounds` (targets only). The shared part of a pair's
/// data (names, inverse, related pairs) is planned here; `page` adds what its kind states
/// (a unit's sources, a currency's rate) and its texts, or leaves the pair out (`None`). A
/// pair whose path is already one of `routes` is left out and reported.
pub(super) fn plan(
    home: &Page,
    category: &str,
    units: &[End],
    compounds: &[End],
    routes: &[Page],
    problems: &mut Vec<Problem>,
    mut page: impl FnMut(PairData, String) -> Option<Page>,
) -> Vec<Page> {
    let taken: HashMap<&str, &Page> = routes.iter().map(|p| (p.path.as_str(), p)).collect();
    let mut out = Vec::new();
    for (fi, from) in units.iter().enumerate() {
        let targets = units
            .iter()
            .enumerate()
            .filter(|&(ti, _)| ti != fi)
            .map(|(ti, t)| (Some(ti), t))
            .chain(compounds.iter().filter(|c| reads_in_parts(fi, from, c)).map(|c| (None, c)));
        for (ti, to) in targets {
            let path = path_of(&home.path, from, to);
            if let Some(route) = taken.get(path.as_str()) {
                problems.push(taken_problem(route, &from.key, &to.key));
                continue;
            }
            // "Decimal hours to hours and minutes": what people search, and what the page's table holds.
            let decimal_reading = whole_of_largest(from, to).is_some();
            let decimal = if decimal_reading { ["Decimal ", "decimal "] } else { ["", ""] };
            let data = PairData {
                category: category.to_string(),
                from: from.key.clone(),
                to: to.key.clone(),
                from_name: format!("{}{}", decimal[0], from.name),
                from_prose: format!("{}{}", decimal[1], from.prose),
                from_symbol: from.symbol.clone(),
                to_name: to.name.clone(),
                to_prose: to.prose.clone(),
                to_symbol: to.symbol.clone(),
                inverse: ti.map(|_| Link { label: format!("{} to {}", to.name, from.name), path: path_of(&home.path, to, from) }),
                related: match ti {
                    Some(_) => related(&home.path, units, fi, ti),
                    None => related_to_parts(&home.path, units, fi, &to.parts),
                },
                sources: HashMap::new(),
                distance: ti.map_or(usize::from(decimal_reading), |ti| ti.abs_diff(fi)),
                quote: None,
            };
            out.extend(page(data, path));
        }
    }
    // A pair `page` left out (a currency with no rate to state) is linked from no other pair.
    let made: HashSet<String> = out.iter().map(|p| p.path.clone()).collect();
    for p in &mut out {
        if let PageData::Pair(data) = &mut p.data {
            let data = Arc::make_mut(data);
            data.related.retain(|link| made.contains(&link.path));
            data.inverse = data.inverse.take().filter(|link| made.contains(&link.path));
        }
    }
    out
}

/// A route (a registry page or an article) at the path of the pair page from → to.
fn taken_problem(route: &Page, from: &str, to: &str) -> Problem {
    let message = format!("route {} is also the page units.yaml makes for {from} → {to}: give the route another path", route.path);
    Problem::new(&route.source, 1, 1, message)
}

/// Leaves out of `generated` the pair pages whose paths `routes` have, reporting each: as
/// [`plan`] does for the routes it is given (the registry's), for the articles, which are
/// loaded apart from the pairs ([`super::own`]).
pub(super) fn refuse_taken(routes: &[Arc<Page>], generated: &mut Vec<Arc<Page>>, problems: &mut Vec<Problem>) {
    let taken: HashMap<&str, &Arc<Page>> = routes.iter().map(|p| (p.path.as_str(), p)).collect();
    generated.retain(|page| match (&page.data, taken.get(page.path.as_str())) {
        (PageData::Pair(pair), Some(route)) => {
            problems.push(taken_problem(route, &pair.from, &pair.to));
            false
        }
        _ => true,
    });
}

/// The index of every pair of `category` among `pairs`.
fn index_page(home: &Page, category: &UnitCategory, pairs: &[Page]) -> Option<Page> {
    let groups = groups(pairs.iter(), &category.key, usize::MAX);
    let count = groups.iter().map(|g| g.pages.len()).sum();
    if count == 0 {
        return None;
    }
    let label = crate::content::model::label_in_text(&category.label);
    let path = format!("{}/{INDEX_SLUG}", home.path);
    Some(Page {
        source_hash: crate::hash::in_memory(path.as_bytes()),
        path,
        hold: None,
        template: INDEX_TEMPLATE.to_string(),
        label: format!("Every {label} unit pair"),
        short_label: None,
        title: format!("Every {} Unit Pair – {count} Pages", category.label),
        heading: format!("Every {label} unit pair"),
        description: format!(
            "All {count} {label} conversions on Unitly, from every unit to every other, each with its exact formula and a table of common values."
        ),
        keywords: vec![format!("{label} conversions"), format!("{label} units"), format!("{label} conversion table")],
        schema: Schema::WebPage,
        parent: Some(home.path.clone()),
        priority: PRIORITY,
        changefreq: ChangeFreq::Monthly,
        source: PathBuf::from("content/units.yaml"),
        data: PageData::PairIndex(std::sync::Arc::new(IndexData { category: category.key.clone(), groups, count })),
        body: None,
        lastmod: home.lastmod,
    })
}

/// The path of `category`'s index of pairs, under its converter page at `home`.
pub fn index_path(home: &str) -> String {
    format!("{home}/{INDEX_SLUG}")
}

/// The category's own converter page: a converter route under the home page.
pub(super) fn category_page<'a>(pages: &'a [Page], category: &str) -> Option<&'a Page> {
    pages.iter().find(|p| p.parent.as_deref() == Some("/") && matches!(&p.data, PageData::Converter(c) if c.category == category))
}

/// Pairs sharing a unit with from → to: the same From to the units listed next to To, then
/// the units next to From to the same To, in units.yaml order (near in size and system).
fn related(category_path: &str, units: &[End], from: usize, to: Option<usize>) -> Vec<Link> {
    let near = |center: usize, skip: &[usize]| -> Vec<usize> {
        let mut order: Vec<usize> = (0..units.len()).filter(|i| !skip.contains(i)).collect();
        order.sort_by_key(|&i| (i as isize - center as isize).unsigned_abs());
        order
    };
    let mut links = Vec::new();
    let center = to.unwrap_or(from);
    for t in near(center, &[from, center]).into_iter().take(RELATED / 2) {
        links.push(Link { label: format!("{} to {}", units[from].name, units[t].name), path: path_of(category_path, &units[from], &units[t]) });
    }
    if let Some(to) = to {
        for f in near(from, &[from, to]).into_iter().take(RELATED - links.len()) {
            links.push(Link { label: format!("{} to {}", units[f].name, units[to].name), path: path_of(category_path, &units[f], &units[to]) });
        }
    }
    links
}

/// The pairs a compound's page leads on to: `from` to each part and each part to `from`
/// (centimeters to inches, feet to centimeters), then the pairs nearest `from`.
fn related_to_parts(category_path: &str, units: &[End], from: usize, parts: &[usize]) -> Vec<Link> {
    let to_parts = parts.iter().filter(|&&p| p != from).map(|&p| (from, p));
    let from_parts = parts.iter().filter(|&&p| p != from).map(|&p| (p, from));
    let mut links: Vec<Link> = to_parts
        .chain(from_parts)
        .map(|(f, t)| Link { label: format!("{} to {}", units[f].name, units[t].name), path: path_of(category_path, &units[f], &units[t]) })
        .collect();
    for link in related(category_path, units, from, None) {
        if links.len() < RELATED && links.iter().all(|l| l.path != link.path) {
            links.push(link);
        }
    }
    links
}

fn page(home: &Page, category: &UnitCategory, path: String, data: PairData) -> Page {
    let (f, t) = (&data.from_name, &data.to_name);
    let (pf, pt) = (&data.from_prose, &data.to_prose);
    let (fs, ts) = (&data.from_symbol, &data.to_symbol);
    let title = fitted_title(format!("{f} to {t} Converter – {fs} to {ts}"), || format!("{fs} to {ts} – {f} to {t}"));
    // Short boilerplate, so that every description fits the ~160 characters results show;
    // long unit names (kilocalories per hour meter °C) drop the last sentence, then the symbols.
    let what = "formula, worked example and common values";
    let description = [
        format!("Convert {pf} to {pt} ({fs} to {ts}): {what}. Free, works offline."),
        format!("Convert {pf} to {pt} ({fs} to {ts}): {what}."),
        format!("Convert {pf} to {pt}: {what}."),
    ]
    .into_iter()
    .reduce(|fits, shorter| if fits.chars().count() <= DESCRIPTION_SHOWN { fits } else { shorter })
    .unwrap_or_default();
    let keywords = vec![
        format!("{pf} to {pt}"),
        format!("{} to {}", data.from_symbol, data.to_symbol),
        format!("convert {pf} to {pt}"),
        format!("{pf} in {pt}"),
        format!("{} conversion", crate::content::model::label_in_text(&category.label)),
    ];
    pair_page(home, path, data, title, description, keywords)
}

/// About how many characters of a title search results show before cutting it.
pub const TITLE_SHOWN: usize = 65;

/// About how many characters of a description search results show before cutting it.
pub const DESCRIPTION_SHOWN: usize = 160;

/// `full` when results show it whole, else `short` (which leads with what people search:
/// the symbols or codes, so a cut drops only the names).
pub(super) fn fitted_title(full: String, short: impl FnOnce() -> String) -> String {
    if full.chars().count() <= TITLE_SHOWN {
        full
    } else {
        short()
    }
}

/// A pair's page under its category's converter page `home`, with its texts.
pub(super) fn pair_page(home: &Page, path: String, data: PairData, title: String, description: String, keywords: Vec<String>) -> Page {
    let label = format!("{} to {}", data.from_name, data.to_name);
    Page {
        source_hash: crate::hash::in_memory(path.as_bytes()),
        path,
        hold: None,
        template: PAIR_TEMPLATE.to_string(),
        heading: label.clone(),
        label,
        short_label: None,
        title,
        description,
        keywords,
        schema: Schema::Calculator,
        parent: Some(home.path.clone()),
        priority: PRIORITY,
        changefreq: ChangeFreq::Monthly,
        source: PathBuf::from("content/units.yaml"),
        data: PageData::Pair(std::sync::Arc::new(data)),
        body: None,
        // Changes when the category page does (its `updated`), so an unchanged build is
        // byte-identical and the sitemap's lastmod moves only with the content.
        lastmod: home.lastmod,
    }
}

/// The pairs of `category` grouped by From unit, at most `per_unit` each: those whose To is
/// listed nearest the From unit in units.yaml (near in size and system), in their order.
pub fn groups<'a>(all: impl Iterator<Item = &'a Page>, category: &str, per_unit: usize) -> Vec<PairGroup> {
    let mut groups: Vec<(PairGroup, Vec<usize>)> = Vec::new();
    for page in all {
        let PageData::Pair(pair) = &page.data else { continue };
        if pair.category != category {
            continue;
        }
        if groups.last().is_none_or(|(g, _)| g.from_symbol != pair.from_symbol) {
            groups.push((PairGroup { from_name: pair.from_name.clone(), from_symbol: pair.from_symbol.clone(), pages: Vec::new() }, Vec::new()));
        }
        let (group, distances) = groups.last_mut().expect("pushed");
        distances.push(pair.distance);
        group.pages.push(Link { label: pair.to_name.clone(), path: page.path.clone() });
    }
    groups
        .into_iter()
        .map(|(mut group, distances)| {
            if group.pages.len() > per_unit {
                let mut order: Vec<usize> = (0..group.pages.len()).collect();
                order.sort_by_key(|&i| (distances[i], i));
                let mut keep: Vec<usize> = order.into_iter().take(per_unit).collect();
                keep.sort_unstable();
                let pages = std::mem::take(&mut group.pages);
                group.pages = pages.into_iter().enumerate().filter(|(i, _)| keep.contains(i)).map(|(_, p)| p).collect();
            }
            group
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_slugs_read_as_people_search() {
        assert_eq!(plain_name("Feet (ft)"), "Feet");
        assert_eq!(plain_name("US Fluid Ounces (fl oz)"), "US Fluid Ounces");
        assert_eq!(plain_name("Feet + Inches (ft in)"), "Feet and Inches");
        assert_eq!(slug("fluid_ounces"), "fluid-ounces");
    }
}
