//! The site's own content: every file under `content/` but the collections' articles (the
//! site, routes, units, FAQ and ingredients files, the reference rates and the registry's
//! pages), and the pages it makes: the registry's and the unit and currency pair pages.
//! `serve` keeps it between rebuilds ([`Own`], in [`super::Remembered`]) while those files
//! read the same, so saving an article does not parse units.yaml and plan 3,300 pair pages
//! again (half of a rebuild's load with 2,000 articles).

use super::model::*;
use super::positions::Positions;
use super::remembered::Own;
use super::shortcode::Converters;
use super::texts::{Texts, FAQ_FILE, ROUTES_FILE, SITE_FILE, UNITS_FILE};
use super::{answers, currency_pairs, ingredients, pairs, paths, reference_rates, units, Loader, Publish};
use crate::diagnostics::{Problem, Problems};
use crate::images::Catalog;
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

/// Files the site may do without: their absence is part of what the content was made from.
const OPTIONAL_FILES: [&str; 2] = [ingredients::FILE, currency_pairs::REFERENCE_RATES_FILE];

impl Own {
    /// What the own content depends on besides its files.
    pub fn key(templates: &HashSet<String>, publish: &Publish, images: &Catalog) -> u64 {
        let mut names: Vec<&String> = templates.iter().collect();
        names.sort();
        crate::hash::in_memory(format!("{names:?}\n{publish:?}\n{:?}", images.images).as_bytes())
    }

    /// Whether a load with `key` would make the same of the files under `root`: each file read
    /// still reads the same, and the optional files are still there or still missing.
    pub fn still_current(&self, root: &Path, key: u64) -> bool {
        self.key == key
            && OPTIONAL_FILES.iter().all(|f| root.join(f).exists() == self.texts.0.contains_key(Path::new(f)))
            && self.texts.0.iter().all(|(rel, text)| std::fs::read(root.join(rel)).is_ok_and(|bytes| bytes == text.as_bytes()))
    }

    /// Reads the own content, reporting its problems; `None` when the site, routes, units or FAQ
    /// file (or the ingredients file, when there is one) cannot be read at all.
    /// `key`: what else it is made from ([`Own::key`]).
    pub fn load(root: &Path, templates: &HashSet<String>, publish: &Publish, images: &Catalog, key: u64, problems: &mut Problems) -> Option<Own> {
        let mut texts = Texts::default();
        let mut warnings = Problems::default();
        let remembered = super::Remembered::default();
        let mut loader = Loader { root, problems, texts: &mut texts, images, today: publish.today, remembered: &remembered };

        let config: Option<SiteConfig> = loader.yaml(SITE_FILE);
        let routes: Option<RoutesFile> = loader.yaml(ROUTES_FILE);
        let units = loader.read(UNITS_FILE).and_then(|(file, text)| units::load(&file, &text, loader.problems, &mut warnings));
        let faq: Option<Vec<FaqEntry>> = loader.yaml(FAQ_FILE);
        let (config, routes, mut units, mut faq) = (config?, routes?, units?, faq?);
        // Before any card's props are made from the units: a card links a compound's pages.
        units.categories.iter_mut().for_each(pairs::list_compound_pages);
        // Optional: a site without it has no Cooking converter (a page naming one is refused).
        let cooking = if root.join(ingredients::FILE).exists() {
            let (file, text) = loader.read(ingredients::FILE)?;
            Some(ingredients::load(&file, &text, &units, loader.problems)?)
        } else {
            None
        };
        let default_lastmod = match super::date::Date::parse(&config.default_lastmod) {
            Ok(d) => d,
            Err(e) => {
                let (l, c) = Positions::of(loader.texts.get(SITE_FILE)).get("default_lastmod").or((1, 1));
                loader.problem(Problem::new(SITE_FILE, l, c, e));
                return None;
            }
        };

        let routes_text = loader.texts.get(ROUTES_FILE).to_string();
        let routes_at = Positions::of(&routes_text);
        let mut registry = Vec::new();
        // Each title with the line of the route that has it: a page's title is its own.
        let mut titles: std::collections::HashMap<&str, (usize, &str)> = std::collections::HashMap::new();
        for (i, route) in routes.routes.iter().enumerate() {
            let route_at = routes_at.get("routes").get(i);
            let at = |key: &str| route_at.get(key).or(route_at.or((1, 1)));
            if !(0.0..=1.0).contains(&route.priority) {
                let (l, c) = at("priority");
                loader.problem(Problem::new(
                    ROUTES_FILE,
                    l,
                    c,
                    format!("priority {} of route {}: the sitemap's priorities go from 0.0 to 1.0", route.priority, route.path),
                ));
            }
            let (line, column) = at("title");
            match titles.get(route.title.as_str()) {
                Some((first, other)) => loader.problem(Problem::new(
                    ROUTES_FILE,
                    line,
                    column,
                    format!("title of route {} is route {other}'s too (line {first}): each page needs its own, in search results and browser tabs", route.path),
                )),
                None => {
                    titles.insert(&route.title, (line, &route.path));
                }
            }
            if let Some(message) = paths::url_path_problem("path", &route.path).or_else(|| paths::route_path_problem(&route.path)) {
                let (l, c) = at("path");
                loader.problem(Problem::new(ROUTES_FILE, l, c, message));
                continue;
            }
            if let Some(message) = paths::dir_problem("source", &route.source) {
                let (l, c) = at("source");
                loader.problem(Problem::new(ROUTES_FILE, l, c, message));
                continue;
            }
            if !templates.contains(&route.template) {
                let (l, c) = at("template");
                loader.problem(Problem::new(
                    ROUTES_FILE,
                    l,
                    c,
                    format!("unknown template `{}` for route {} (expected one of: {})", route.template, route.path, super::sorted(templates)),
                ));
                continue;
            }
            if let Some(page) = loader.registry_page(route, default_lastmod, &at, Converters { units: &units, cooking: cooking.as_ref() }) {
                registry.push(page);
            }
        }

        let faq_text = loader.texts.get(FAQ_FILE).to_string();
        let faq_at = Positions::of(&faq_text);
        let faq_links = answers::render(Path::new(FAQ_FILE), &faq_at, faq_at.root(), faq.iter_mut().map(|e| (&mut e.answer, &mut e.answer_html)), problems);
        let mut generated = Vec::new();
        let mut reference = None;
        match [pairs::PAIR_TEMPLATE, pairs::INDEX_TEMPLATE].into_iter().find(|t| !templates.contains(*t)) {
            None => {
                generated = pairs::pages(&units.categories, &registry, &mut problems.0);
                reference = reference_rates(root, &mut texts, problems);
                generated.extend(currency_pairs::pages(&units, reference.as_ref(), &registry, &mut problems.0));
            }
            Some(missing) => problems.push(Problem::new(UNITS_FILE, 1, 1, format!("the theme has no `{missing}` for the unit pair pages"))),
        }
        let digest = crate::hash::in_memory(format!("{key}\n{}", texts.digest()).as_bytes());
        let (registry, generated) = (registry.into_iter().map(Arc::new).collect(), generated.into_iter().map(Arc::new).collect());
        Some(Own { key, digest, texts, config, routes, units, cooking, reference, faq, faq_links, registry, generated, warnings: warnings.0 })
    }
}
