//! The typed modules generated from content for the islands and the edge, so a fact both
//! Rust and TypeScript need is written once, in content: from `content/units.yaml` the
//! category keys and currency codes as string unions (so `tsc` catches a misuse), the
//! category labels, the currency list the edge accepts, the default currency pair, the unit
//! systems and the limits both enforce; from `content/routes.yaml` and `content/site.yaml`
//! each converter's page and the newsletter's confirmation window; and the build's own
//! constants both sides need (the currency every rate crosses, the client files' path). The
//! files are committed (so `npm test` and `tsc` work in `islands/` and `edge/` on a fresh
//! checkout, before any build); `unitly build` rewrites them when content changed, `unitly
//! check` warns when they are stale, and a test fails when the committed copies are stale.

use crate::content::currencies::RATES_BASE;
use crate::content::ingredients::Cooking;
use crate::content::units::{Units, SYSTEMS};
use crate::content::words::{exact_form, unit_words, word_key, CASE_SYMBOL_CHARS, CASE_WORDS, MAX_WORDS, NOT_IN_WORDS};
use crate::content::Content;
use anyhow::{Context, Result};
use std::path::Path;

/// Where the modules are written, relative to the project root.
pub const TARGETS: [&str; 7] =
    ["islands/src/generated/units.ts", "edge/src/generated/units.ts", WORDS_TARGET, WORD_RULE_TARGET, WORD_FORMS_TARGET, SITE_TARGETS[0], SITE_TARGETS[1]];

/// The site module (content/routes.yaml, content/site.yaml), for the islands and the edge.
const SITE_TARGETS: [&str; 2] = ["islands/src/generated/site.ts", "edge/src/generated/site.ts"];

/// Every category's unit words, for the islands only, in a module of its own so a card
/// fetches it only when a word is not its own category's (it is a lazy chunk).
const WORDS_TARGET: &str = "islands/src/generated/unitWords.ts";

/// The unit-word rule's facts (src/content/words.rs) for the value parser, which builds its
/// word pattern from them: a module of its own, small, in the parser's chunk.
const WORD_RULE_TARGET: &str = "islands/src/generated/wordRule.ts";

/// Every unit word's exact form and key under that rule, for a test that holds the parser's
/// `exactForm`/`wordKey` to the build's (imported by no page).
const WORD_FORMS_TARGET: &str = "islands/src/generated/wordForms.ts";

const HEADER: &str = "// Generated from content/units.yaml by `unitly build` (src/generated.rs). Do not edit:\n\
                      // edit content/units.yaml and build. `cargo test` fails when this file is stale.\n";

fn text_for(target: &str, content: &Content) -> String {
    match target {
        WORDS_TARGET => words(&content.units),
        WORD_RULE_TARGET => word_rule(&content.units),
        WORD_FORMS_TARGET => word_forms(&content.units),
        _ if SITE_TARGETS.contains(&target) => site(content),
        _ => typescript(&content.units, content.cooking.as_ref()),
    }
}

/// The characters no unit word holds, the longest case-significant symbol, the longer
/// case-significant words, the most words in one unit word, and the words units share.
fn word_rule(units: &Units) -> String {
    let json = serde_json::to_string(NOT_IN_WORDS).expect("a string serialises");
    let case_words = serde_json::to_string(CASE_WORDS).expect("a list serialises");
    let shared: Vec<[String; 3]> = units
        .categories
        .iter()
        .flat_map(|c| c.units.iter().flat_map(move |u| u.shared.iter().map(move |w| [exact_form(w), c.key.clone(), u.key.clone()])))
        .collect();
    let shared = serde_json::to_string(&shared).expect("a list serialises");
    format!(
        "{HEADER}\n\
         /** Characters the Value field reads as numbers, operators or punctuation: never part of a unit word. */\n\
         export const NOT_IN_WORDS = {json};\n\
         \n\
         /** Unit words up to this many characters may differ only in case and name two units (mg, Mg). */\n\
         export const CASE_SYMBOL_CHARS = {CASE_SYMBOL_CHARS};\n\
         \n\
         /** Longer words (their keys) that may differ only in case and name two units (Calories, calories). */\n\
         export const CASE_WORDS: readonly string[] = {case_words};\n\
         \n\
         /** A unit word without such characters has at most this many words (cubic meters per hour). */\n\
         export const MAX_WORDS = {MAX_WORDS};\n\
         \n\
         /** [exact form, category, unit]: a word this unit shares with a unit of another category, which keeps it when no card or other unit decides (units.yaml `shared`). */\n\
         export const SHARED_WORDS: readonly (readonly [string, string, string])[] = {shared};\n"
    )
}

/// `[word, exact form, key]` for every unit word of units.yaml.
fn word_forms(units: &Units) -> String {
    let json = |s: &str| serde_json::to_string(s).expect("a string serialises");
    let rows: Vec<String> = units
        .categories
        .iter()
        .flat_map(|c| c.units.iter())
        .flat_map(unit_words)
        .map(|w| format!("  [{}, {}, {}],", json(&w), json(&exact_form(&w)), json(&word_key(&w))))
        .collect();
    format!("{HEADER}\n/** Every unit word as [word, exact form, key] under the build's rule (src/content/words.rs). */\nexport const WORD_FORMS: readonly (readonly [string, string, string])[] = [\n{}\n];\n", rows.join("\n"))
}

/// The site module: each converter's page by its category (what the home page's tiles link
/// to, so a route renamed in routes.yaml moves favourites and replayed history with it) and
/// the hours a newsletter confirmation link works.
pub fn site(content: &Content) -> String {
    let json = |s: &str| serde_json::to_string(s).expect("a string serialises");
    let paths: Vec<String> = crate::render::catalog::groups(content)
        .iter()
        .flat_map(|g| g.converters.iter())
        .map(|e| format!("  {}: {},", json(e.category), json(e.path)))
        .collect();
    format!(
        "// Generated from content/routes.yaml, content/site.yaml and the output layout by `unitly build` (src/generated.rs).\n\
         // Do not edit: edit content and build. `cargo test` fails when this file is stale.\n\
         \n\
         /** Each category's converter page (content/routes.yaml), by category key. */\n\
         export const CONVERTER_PATHS: Readonly<Record<string, string>> = {{\n{}\n}};\n\
         \n\
         /** How long a newsletter confirmation link works (content/site.yaml `newsletter`). */\n\
         export const CONFIRM_LINK_HOURS = {};\n\
         \n\
         /** Where the build puts the client files, named by their content (the build's `output::ASSETS_DIR`). */\n\
         export const ASSETS_PATH = {};\n",
        paths.join("\n"),
        content.config.newsletter.confirm_link_hours,
        json(&format!("/{}/", crate::output::ASSETS_DIR))
    )
}

/// The word module: each category's units as `[key, symbol, ...aliases]`, the words a Value
/// field reads (src/lib/parse.ts `unitWordsOf`), so a card can say that `kg` is a unit of
/// weight without every category's table in its props.
pub fn words(units: &Units) -> String {
    let json = |s: &str| crate::html::inline_json(s);
    let categories: Vec<String> = units
        .categories
        .iter()
        .map(|c| {
            let list: Vec<String> = c
                .units
                .iter()
                .map(|u| {
                    let words: Vec<String> = [u.key.as_str(), u.symbol.as_str()].into_iter().chain(u.aliases.iter().map(String::as_str)).map(json).collect();
                    format!("[{}]", words.join(", "))
                })
                .collect();
            format!("  {}: [\n    {},\n  ],", json(&c.key), list.join(",\n    "))
        })
        .collect();
    format!(
        "// Generated from content/units.yaml by `unitly build` (src/generated.rs). Do not edit:\n\
         // edit content/units.yaml and build. `cargo test` fails when this file is stale.\n\
         \n\
         import type {{ CategoryKey }} from './units.ts';\n\
         \n\
         /** Each category's units as [key, symbol, ...aliases]: every word a Value field reads. */\n\
         export const UNIT_WORDS = {{\n{}\n}} as const satisfies Record<CategoryKey, readonly (readonly string[])[]>;\n",
        categories.join("\n")
    )
}

/// The module's text for these units (and the Cooking converter's name, when there is one).
pub fn typescript(units: &Units, cooking: Option<&Cooking>) -> String {
    let json = |s: &str| crate::html::inline_json(s);
    let list = |items: Vec<String>| format!("[{}]", items.join(", "));
    let keys = list(units.categories.iter().map(|c| json(&c.key)).collect());
    let labels: Vec<String> = units.categories.iter().map(|c| format!("  {}: {},", json(&c.key), json(&c.label))).collect();
    let codes = list(units.currencies.iter().map(|c| json(&c.code)).collect());
    let catalog = crate::content::currencies::catalog().iter().map(|c| c.code.as_str()).collect::<Vec<_>>().join(" ");
    let l = &units.limits;
    let systems = list(SYSTEMS.iter().map(|s| json(s)).collect());
    let cooking_label = cooking.map_or("null".to_string(), |c| json(&c.label));
    let rates_base = json(RATES_BASE);
    let catalog = json(&catalog);
    let cooking = list(units.categories.iter().flat_map(|c| c.units.iter()).filter(|u| u.cooking).map(|u| json(&u.key)).collect());
    let plurals: Vec<String> =
        units.categories.iter().flat_map(|c| c.units.iter()).filter_map(|u| Some(format!("{}: {}", json(&u.key), json(u.plural.as_ref()?)))).collect();
    let plurals = plurals.join(", ");
    let former: Vec<String> = units
        .categories
        .iter()
        .filter_map(|c| {
            let pairs: Vec<String> = c.units.iter().flat_map(|u| u.formerly.iter().map(move |old| format!("{}: {}", json(old), json(&u.key)))).collect();
            (!pairs.is_empty()).then(|| format!(" {}: {{ {} }} ", json(&c.key), pairs.join(", ")))
        })
        .collect();
    let former = former.join(",");
    format!(
        "// Generated from content/units.yaml by `unitly build` (src/generated.rs). Do not edit:\n\
         // edit content/units.yaml and build. `cargo test` fails when this file is stale.\n\
         \n\
         /** Every unit category, in the order of content/units.yaml. */\n\
         export const CATEGORY_KEYS = {keys} as const;\n\
         export type CategoryKey = (typeof CATEGORY_KEYS)[number];\n\
         \n\
         /** Each category's label, as history entries and toasts name it. */\n\
         export const CATEGORY_LABELS = {{\n{}\n}} as const satisfies Record<CategoryKey, string>;\n\
         export type CategoryLabel = (typeof CATEGORY_LABELS)[CategoryKey];\n\
         \n\
         /** Every currency the site converts: the card offers them, the edge accepts them. */\n\
         export const CURRENCY_CODES = {codes} as const;\n\
         export type CurrencyCode = (typeof CURRENCY_CODES)[number];\n\
         \n\
         /** Every ISO 4217 code of the currency catalog (islands/src/generated/currencies.json), space-separated: with no rate table to look in, the edge still knows any other code is no currency. */\n\
         export const CURRENCY_CATALOG_CODES = {catalog};\n\
         \n\
         /** The pair the currency card opens on when its page or address names none. */\n\
         export const CURRENCY_DEFAULT = {{ from: {}, to: {} }} as const satisfies {{ from: CurrencyCode; to: CurrencyCode }};\n\
         \n\
         /** The currency every rate crosses: the edge fetches only its table, and a pair with no rate of its own converts across it. */\n\
         export const RATES_BASE = {rates_base};\n\
         \n\
         /** The systems a unit belongs to (`system:` of every unit). */\n\
         export const UNIT_SYSTEMS = {systems} as const;\n\
         export type UnitSystem = (typeof UNIT_SYSTEMS)[number];\n\
         \n\
         /** What the converters and the edge both enforce: the largest currency Amount, form field lengths. */\n\
         export const LIMITS = {{\n  maxAmount: {},\n  nameChars: {},\n  emailChars: {},\n  messageChars: {},\n}} as const;\n\
         \n\
         /** Kitchen measures (`cooking: true`): the card can show their results as fractions. */\n\
         export const COOKING_UNITS: readonly string[] = {cooking};\n\
         \n\
         /** Units whose symbol is a word (`plural:`): the symbol after any number but one or a proper fraction (lib/singular.ts), by key. */\n\
         export const PLURAL_SYMBOLS: Readonly<Record<string, string>> = {{ {plurals} }};\n\
         \n\
         /** Unit keys renamed since addresses, favourites and history saved them (`formerly`): category → old key → key. */\n\
         export const FORMER_UNIT_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {{{former}}};\n\
         \n\
         /** The Cooking converter's name (content/ingredients.yaml), as its history entries say it; null without one. */\n\
         export const COOKING_LABEL = {cooking_label} as const;\n",
        labels.join("\n"),
        json(&units.currency_default.from),
        json(&units.currency_default.to),
        l.max_amount,
        l.name_chars,
        l.email_chars,
        l.message_chars
    )
}

/// The targets under `root` whose text differs from what `units` gives.
pub fn stale(root: &Path, content: &Content) -> Vec<&'static str> {
    stale_among(root, &texts(content)).into_iter().map(|(target, _)| target).collect()
}

/// Every target's text, in [`TARGETS`]' order. They are made of the site's own content alone
/// (units, routes, site settings), so `serve` keeps them while that is unchanged.
pub fn texts(content: &Content) -> Vec<String> {
    TARGETS.iter().map(|t| text_for(t, content)).collect()
}

/// The targets whose file differs from `texts` ([`texts`]), with their text.
fn stale_among<'t>(root: &Path, texts: &'t [String]) -> Vec<(&'static str, &'t str)> {
    TARGETS
        .into_iter()
        .zip(texts)
        .filter(|(t, text)| std::fs::read_to_string(root.join(t)).ok().as_ref() != Some(*text))
        .map(|(t, text)| (t, text.as_str()))
        .collect()
}

/// Rewrites the stale targets (of the packages present under `root`) with `texts`
/// ([`texts`]); returns them.
pub fn write(root: &Path, texts: &[String]) -> Result<Vec<&'static str>> {
    let mut written = Vec::new();
    for (target, text) in stale_among(root, texts) {
        let path = root.join(target);
        let package = path.parent().and_then(Path::parent).and_then(Path::parent).map(|p| p.join("package.json"));
        if !package.is_some_and(|p| p.exists()) {
            continue;
        }
        std::fs::create_dir_all(path.parent().expect("a target has a folder")).with_context(|| format!("creating the folder of {target}"))?;
        std::fs::write(&path, text).with_context(|| format!("writing {target}"))?;
        written.push(target);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::content::real_content;

    /// The committed modules match content: edit the YAML, run `unitly build` (or
    /// `cargo run --release -- build`), and commit what it rewrote.
    #[test]
    fn the_committed_modules_are_not_stale() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(stale(root, &real_content()), Vec::<&str>::new(), "stale: run `cargo run --release -- build` and commit the rewritten files");
    }

    /// A converter route renamed in routes.yaml is where favourites and replayed history go
    /// (islands/src/lib/favourites.ts and replay.ts read CONVERTER_PATHS), with its pairs.
    #[test]
    fn a_renamed_converter_route_is_the_path_the_islands_open() {
        let mut content = real_content();
        let torque = content.pages.iter_mut().find(|p| p.path == "/torque-converter").expect("the torque converter page");
        std::sync::Arc::make_mut(torque).path = "/torque".into();
        let text = site(&content);
        assert!(text.contains("  \"torque\": \"/torque\",\n"), "{text}");
        assert!(!text.contains("/torque-converter"), "{text}");
        assert!(text.contains("  \"length\": \"/length-converter\",\n") && text.contains("  \"currency\": \"/currency-converter\",\n"), "{text}");
    }
}
