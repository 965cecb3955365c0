//! `content/units.yaml`: the unit tables, currencies and fallback rates, validated once
//! here (every problem located at its `file:line:column`), handed to the islands as JSON
//! props and turned into the typed module the islands and the edge import
//! (`src/generated.rs`). Whatever the islands could not render is refused here, before any
//! JavaScript runs. A category's own checks (its fields, units and compounds) are
//! [`category`].

mod category;

use super::currencies;
use super::model::{Currency, Limits, Pair, UnitCategory, UnitsFile};
use super::positions::Positions;
use crate::diagnostics::{Problem, Problems};
pub use category::SYSTEMS;
use category::{validate_category, validate_compounds, Locator};
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

#[derive(Debug, Clone, Serialize)]
pub struct Units {
    pub categories: Vec<UnitCategory>,
    pub currencies: Vec<Currency>,
    pub currency_default: Pair,
    pub fallback_rates: BTreeMap<String, BTreeMap<String, f64>>,
    pub limits: Limits,
}

impl Units {
    pub fn category(&self, key: &str) -> Option<&UnitCategory> {
        self.categories.iter().find(|c| c.key == key)
    }
    pub fn has_currency(&self, code: &str) -> bool {
        self.currencies.iter().any(|c| c.code == code)
    }
}

/// Reads and validates the file. Errors go to `problems`; `warnings` get what works but
/// degrades (a currency with no offline rate).
/// The units of a category's `value` that do not read as a unit, by index, with why; and the
/// category without them (None when it has no list of units).
fn without_unreadable_units(mut value: serde_yaml::Value) -> (Vec<(usize, String)>, Option<serde_yaml::Value>) {
    let Some(units) = value.get_mut("units").and_then(serde_yaml::Value::as_sequence_mut) else { return (Vec::new(), None) };
    let mut bad = Vec::new();
    let mut index = 0;
    units.retain(|unit| {
        let read = serde_yaml::from_value::<crate::content::model::Unit>(unit.clone());
        if let Err(e) = &read {
            bad.push((index, e.to_string()));
        }
        index += 1;
        read.is_ok()
    });
    (bad, Some(value))
}

/// serde's words for a unit's mistake, with the usual cause said: `factor: 0,001` in a flow
/// mapping is the number 0 and a field `001`.
fn plain_unit_error(why: &str) -> String {
    // `0,001` gives a field "001"; `0,3048` a field that is the integer 3048.
    let field = why.split_once("unknown field `").or_else(|| why.split_once("invalid type: integer `").filter(|_| why.contains("expected field identifier")));
    let digits = field.and_then(|(_, rest)| rest.split('`').next()).filter(|f| !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()));
    match digits {
        Some(field) => format!(
            "a decimal comma: YAML reads the digits after it as a field `{field}`; write the number with a decimal point (`0.{field}`, not `0,{field}`)"
        ),
        None => why.to_string(),
    }
}

pub fn load(file: &Path, text: &str, problems: &mut Problems, warnings: &mut Problems) -> Option<Units> {
    let raw: UnitsFile = match crate::content::yaml::read(file, text, 0) {
        Ok(read) => read,
        Err(problem) => {
            problems.push(problem);
            return None;
        }
    };
    let positions = Positions::of(text);
    let mut categories = Vec::new();
    let mut seen = HashSet::new();
    for (key, value) in raw.categories {
        let key = match key.as_str() {
            Some(k) => k.to_string(),
            None => {
                let (l, c) = positions.get("categories").or((1, 1));
                problems.push(Problem::new(file, l, c, "a category key must be a word such as `speed`"));
                continue;
            }
        };
        let at = Locator::new(file, &positions, &key);
        let (line, col) = at.fallback;
        // A category read without a unit it could not read: its own checks wait for the unit
        // (they would say its default or usual units are missing).
        let mut partial = false;
        let mut category: UnitCategory = match serde_yaml::from_value(value.clone()) {
            Ok(c) => c,
            Err(e) => {
                // A unit's mistake, located at its unit; the category read without it, so that
                // the pages and words naming the category do not report it missing as well.
                let (bad, kept) = without_unreadable_units(value);
                for (index, why) in &bad {
                    let (l, c) = at.unit_position(*index);
                    problems.push(Problem::new(file, l, c, format!("category {key}, unit {}: {}", index + 1, plain_unit_error(why))));
                }
                match kept.filter(|_| !bad.is_empty()).map(serde_yaml::from_value::<UnitCategory>) {
                    Some(Ok(c)) => {
                        partial = true;
                        c
                    }
                    _ => {
                        if bad.is_empty() {
                            problems.push(Problem::new(file, line, col, format!("category {key}: {e}")));
                        }
                        continue;
                    }
                }
            }
        };
        category.key = key.clone();
        if !seen.insert(key.clone()) {
            problems.push(Problem::new(file, line, col, format!("category {key} appears twice")));
        }
        if !partial {
            validate_category(&at, &category, problems);
            validate_compounds(&at, &category, problems);
        }
        categories.push(category);
    }
    super::words::validate(file, &positions, &categories, problems);
    validate_limits(file, &positions, &raw.limits, problems);
    let currencies = currencies::featured(file, &positions, &raw.currencies, &raw.currency_default, &raw.fallback_rates, problems, warnings);
    let units = Units { categories, currencies, currency_default: raw.currency_default, fallback_rates: raw.fallback_rates, limits: raw.limits };
    Some(units)
}

/// Integers a double holds exactly: an amount beyond this would not round-trip through JSON.
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

fn validate_limits(file: &Path, positions: &Positions, limits: &Limits, problems: &mut Problems) {
    let at = |field: &str| positions.get("limits").get(field).or(positions.get("limits").or((1, 1)));
    if !(1..=MAX_SAFE_INTEGER).contains(&limits.max_amount) {
        let (l, c) = at("max_amount");
        problems.push(Problem::new(
            file,
            l,
            c,
            format!("limits.max_amount must be between 1 and {MAX_SAFE_INTEGER} (larger amounts lose digits in a browser)"),
        ));
    }
    for (field, value, least) in [("name_chars", limits.name_chars, 1), ("email_chars", limits.email_chars, 6), ("message_chars", limits.message_chars, 1)] {
        if !(least..=100_000).contains(&value) {
            let (l, c) = at(field);
            problems.push(Problem::new(file, l, c, format!("limits.{field} must be between {least} and 100000 characters")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems_of(text: &str) -> (Vec<String>, Vec<String>) {
        let (mut p, mut w) = (Problems::default(), Problems::default());
        load(Path::new("content/units.yaml"), text, &mut p, &mut w);
        (p.0.iter().map(|x| x.to_string()).collect(), w.0.iter().map(|x| x.to_string()).collect())
    }

    const GOOD: &str = "\
categories:
  length:
    label: Length
    group: everyday
    base: meters
    precision: 6
    default: { from: meters, to: feet }
    units:
      - { key: meters, name: Meters (m), symbol: m, system: metric, factor: 1 }
      - { key: feet, name: Feet (ft), symbol: ft, system: imperial, factor: 0.3048 }
currencies:
  - { code: USD, name: US Dollar, symbol: $, flag: x }
  - { code: EUR, name: Euro, symbol: e, flag: y }
currency_default: { from: USD, to: EUR }
fallback_rates:
  USD: { EUR: 0.85 }
limits: { max_amount: 1000000000000, name_chars: 100, email_chars: 254, message_chars: 5000 }
";

    #[test]
    fn good_units_have_no_problems() {
        assert_eq!(problems_of(GOOD), (vec![], vec![]));
    }

    #[test]
    fn limits_out_of_range_are_located() {
        let text = GOOD.replace("max_amount: 1000000000000", "max_amount: 0").replace("email_chars: 254", "email_chars: 3");
        let (problems, _) = problems_of(&text);
        let line = text.lines().position(|l| l.starts_with("limits:")).unwrap() + 1;
        assert_eq!(
            problems,
            vec![
                format!("content/units.yaml:{line}:23: limits.max_amount must be between 1 and 9007199254740991 (larger amounts lose digits in a browser)"),
                format!("content/units.yaml:{line}:56: limits.email_chars must be between 6 and 100000 characters"),
            ]
        );
    }

    #[test]
    fn a_default_naming_a_missing_unit_is_located_at_its_value() {
        let text = GOOD.replace("to: feet }", "to: miles_per_hr }");
        let (p, _) = problems_of(&text);
        assert_eq!(p, ["content/units.yaml:7:34: category length: default.to names unit miles_per_hr, which is not in its units"]);
    }

    #[test]
    fn usual_units_are_linear_metric_or_imperial_units_of_the_category() {
        let text = GOOD.replace("default: { from: meters, to: feet }", "default: { from: meters, to: feet }\n    usual: [meters, furlongs, feet]");
        let (p, _) = problems_of(&text);
        assert_eq!(p, ["content/units.yaml:8:21: category length: usual names unit furlongs, which is not in its units"]);
        let other = text.replace("usual: [meters, furlongs, feet]", "usual: [meters, feet]").replace("system: imperial", "system: other");
        let (p, _) = problems_of(&other);
        assert_eq!(p, ["content/units.yaml:8:21: category length: usual unit feet is in neither the metric nor the imperial system"]);
    }

    #[test]
    fn ladders_are_linear_units_of_the_category_smallest_first() {
        let with =
            |ladders: &str| GOOD.replace("default: { from: meters, to: feet }", &format!("default: {{ from: meters, to: feet }}\n    ladders: {ladders}"));
        assert_eq!(problems_of(&with("[[feet, meters]]")), (vec![], vec![]));
        let (p, _) = problems_of(&with("[[meters, feet], [feet, furlongs], [meters]]"));
        assert_eq!(
            p,
            [
                "content/units.yaml:8:24: category length: ladder unit feet is not larger than meters before it (it is smaller): list a ladder smallest first",
                "content/units.yaml:8:38: category length: ladder names unit furlongs, which is not in its units",
                "content/units.yaml:8:50: category length: a ladder needs two units or more, smallest first",
            ]
        );
    }

    #[test]
    fn unit_problems_are_located_on_the_units_line() {
        let text = GOOD.replace("factor: 0.3048", "factor: -1").replace("system: metric", "system: si");
        let (p, _) = problems_of(&text);
        assert_eq!(
            p,
            [
                "content/units.yaml:9:61: category length: unit meters: system `si` is not one of metric, imperial, other",
                "content/units.yaml:10:77: category length: unit feet `factor: -1` must be above zero",
            ]
        );
    }

    #[test]
    fn a_former_key_must_be_no_other_units_key() {
        let text = GOOD.replace("factor: 0.3048 }", "factor: 0.3048, formerly: [foot, meters] }");
        let (p, _) = problems_of(&text);
        assert_eq!(
            p,
            ["content/units.yaml:10:95: category length: unit feet: former key `meters` must be lower-case letters, digits and _, and no other unit's key"]
        );
        let units = load(
            Path::new("content/units.yaml"),
            &GOOD.replace("factor: 0.3048 }", "factor: 0.3048, formerly: [foot] }"),
            &mut Problems::default(),
            &mut Problems::default(),
        )
        .unwrap();
        assert!(crate::generated::typescript(&units, None)
            .contains(r#"export const FORMER_UNIT_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = { "length": { "foot": "feet" } };"#));
    }

    #[test]
    fn a_currency_without_a_fallback_rate_is_a_located_warning() {
        let text = GOOD.replace("currency_default", "  - { code: SEK, name: Swedish Krona, symbol: kr, flag: z }\ncurrency_default");
        let (p, w) = problems_of(&text);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(w.len(), 1);
        assert!(w[0].starts_with("content/units.yaml:14:13: currency SEK has no fallback rate"), "{w:?}");
    }

    #[test]
    fn a_units_mistake_is_located_at_the_unit_and_nothing_else_reports_its_category_missing() {
        let text = GOOD.replace("factor: 0.3048 }", "factor: 0,3048 }");
        let (p, _) = problems_of(&text);
        assert_eq!(
            p,
            ["content/units.yaml:10:9: category length, unit 2: a decimal comma: YAML reads the digits after it as a field `3048`; write the number with a decimal point (`0.3048`, not `0,3048`)"]
        );
        let (p, _) = problems_of(&GOOD.replace("factor: 0.3048 }", "factor: 0.3048, colour: red }"));
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].starts_with("content/units.yaml:10:9: category length, unit 2: unknown field `colour`"), "{p:?}");
    }

    #[test]
    fn bad_currency_codes_and_accents_are_refused() {
        let text = GOOD.replace("code: EUR", "code: Euro").replace("    units:", "    accent: pink\n    units:");
        let (p, _) = problems_of(&text);
        assert!(p.iter().any(|m| m.starts_with("content/units.yaml:8:13: category length: accent `pink`")), "{p:?}");
        assert!(p.iter().any(|m| m.contains(":14:13: currency code `Euro` must be three capital letters")), "{p:?}");
    }
}

#[cfg(test)]
mod word_tests {
    use super::*;

    const FILE: &str = "content/units.yaml";

    /// A two-category units.yaml with `units_length` and `compounds` added to the length category.
    fn problems_with(units_length: &str, compounds: &str) -> Vec<String> {
        let text = format!(
            "categories:\n  length:\n    label: Length\n    group: everyday\n    base: meters\n    precision: 6\n    default: {{ from: meters, to: feet }}\n    units:\n      - {{ key: meters, name: Meters (m), symbol: m, system: metric, factor: 1, aliases: [metre] }}\n      - {{ key: feet, name: Feet (ft), symbol: ft, system: imperial, factor: 0.3048, aliases: [foot, \"'\"] }}\n{units_length}{compounds}  weight:\n    label: Weight\n    group: everyday\n    base: kilograms\n    precision: 6\n    default: {{ from: kilograms, to: kilograms }}\n    units:\n      - {{ key: kilograms, name: Kilograms (kg), symbol: kg, system: metric, factor: 1 }}\ncurrencies: []\ncurrency_default: {{ from: USD, to: USD }}\nfallback_rates: {{}}\nlimits: {{ max_amount: 1, name_chars: 1, email_chars: 6, message_chars: 1 }}\n"
        );
        let (mut problems, mut warnings) = (Problems::default(), Problems::default());
        load(Path::new(FILE), &text, &mut problems, &mut warnings);
        problems.0.into_iter().filter(|p| !p.message.contains("currency")).map(|p| format!("{}:{}: {}", p.line, p.column, p.message)).collect()
    }

    #[test]
    fn aliases_and_compounds_that_make_sense_pass() {
        let inches = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [inch, '\"'] }\n";
        let compounds = "    compounds:\n      - { key: feet_inches, name: Feet + Inches (ft in), parts: [feet, inches] }\n";
        assert_eq!(problems_with(inches, compounds), Vec::<String>::new());
    }

    #[test]
    fn a_word_naming_two_units_is_located_at_the_second() {
        let bad = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [kg] }\n";
        // Inches (length, line 11) claims "kg" first; the weight symbol on line 19 is the clash.
        assert_eq!(
            problems_with(bad, ""),
            ["19:57: `kg` of `kilograms` also names `inches` (length): a typed unit word must name one unit, unless one of the two lists it in `shared` and the card or the other unit typed decides"]
        );
        // Compatibility forms fold: ｍ is m.
        let wide = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [ｍ] }\n";
        assert_eq!(problems_with(wide, ""), ["11:99: `ｍ` of `inches` also names `meters` (length): a typed unit word must name one unit"]);
    }

    #[test]
    fn a_word_two_categories_share_is_listed_by_one_of_them() {
        // The weight unit keeps `kg` alone; on a length card or beside a length unit, inches.
        let shared = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [kg], shared: [kg] }\n";
        assert_eq!(problems_with(shared, ""), Vec::<String>::new());
        // In one category a word still names one unit.
        let same = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [ft], shared: [ft] }\n";
        assert_eq!(
            problems_with(same, ""),
            [
                "11:99: `ft` of `inches` also names `feet` (length): a typed unit word must name one unit",
                "11:113: `ft` in `shared` of `inches` names no unit of another category: list it only where two units share it"
            ]
        );
        let stale = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [inch], shared: [in, yd] }\n";
        assert_eq!(
            problems_with(stale, ""),
            [
                "11:115: `in` in `shared` of `inches` names no unit of another category: list it only where two units share it",
                "11:119: `yd` in `shared` of `inches` is none of its words (key, symbol, aliases)"
            ]
        );
        let unlisted = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [kg] }\n";
        assert!(problems_with(unlisted, "")[0].ends_with("unless one of the two lists it in `shared` and the card or the other unit typed decides"));
    }

    #[test]
    fn words_differing_only_in_case_name_two_units_only_when_both_are_short_symbols() {
        // A name longer than four characters ignores case: "Metre" is the meter's "metre".
        let long = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [inch, Metre] }\n";
        assert_eq!(
            problems_with(long, ""),
            ["11:105: `Metre` of `inches` differs from `metre` of `meters` (length) only in case: only symbols of up to 4 characters (mg, Mg) may name two units so"]
        );
        // Symbols of up to four characters may (mg and Mg, MB and Mb): the parser matches them with their case.
        let short = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [KG, M] }\n";
        assert_eq!(problems_with(short, ""), Vec::<String>::new());
    }

    #[test]
    fn a_word_longer_than_the_parser_reads_is_located() {
        let long = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [inch, one inch of the ruler] }\n";
        assert_eq!(problems_with(long, ""), ["11:105: `one inch of the ruler` of `inches` has more than 4 words: the Value field reads at most 4 as one unit"]);
    }

    #[test]
    fn an_alias_the_parser_cannot_read_is_located() {
        let bad =
            "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254, aliases: [in2, 'in.', in/, i/n, inch per 12 ft, 2 in] }\n";
        let got = problems_with(bad, "");
        assert_eq!(got.len(), 4, "a number between words reads whole, not before or after them: {got:?}");
        assert!(got[3].contains("alias `2 in` of `inches` contains `2`"), "{got:?}");
        assert!(got[0].starts_with("11:99: alias `in2` of `inches` contains `2`"), "{got:?}");
        assert!(got[1].contains("alias `in.` of `inches` contains `.`"), "{got:?}");
        assert!(got[2].contains("alias `in/` of `inches` contains `/`"), "a ratio has a word on each side: {got:?}");
    }

    #[test]
    fn bad_compounds_are_located() {
        let inches = "      - { key: inches, name: Inches (in), symbol: in, system: imperial, factor: 0.0254 }\n";
        let wrong_order = "    compounds:\n      - { key: inches_feet, name: Inches + Feet, parts: [inches, feet] }\n";
        assert_eq!(
            problems_with(inches, wrong_order),
            ["13:16: compound `inches_feet`: parts must go from the largest unit to the smallest (`feet` is not smaller)"]
        );
        let unknown =
            "    compounds:\n      - { key: feet_hands, name: Feet + Hands, parts: [feet, hands] }\n      - { key: feet, name: Feet, parts: [feet] }\n";
        let got = problems_with(inches, unknown);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(got[0].contains("compound `feet_hands` names unknown unit `hands` of `length`"), "{got:?}");
        assert!(got.iter().any(|p| p.contains("compound key `feet` is already used")), "{got:?}");
        assert!(got.iter().any(|p| p.contains("compound `feet` needs at least two parts")), "{got:?}");
    }
}

#[cfg(test)]
mod cooking_tests {
    use super::*;

    fn load_real(edit: impl Fn(&str) -> String) -> (Option<Units>, Vec<String>) {
        let text = edit(&std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/units.yaml")).unwrap());
        let (mut p, mut w) = (Problems::default(), Problems::default());
        let units = load(Path::new("content/units.yaml"), &text, &mut p, &mut w);
        (units, p.0.iter().map(|x| x.to_string()).collect())
    }

    #[test]
    fn cooking_units_are_read_and_stay_out_of_the_props() {
        let (units, problems) = load_real(|t| t.to_string());
        assert_eq!(problems, Vec::<String>::new());
        let units = units.unwrap();
        let cooking: Vec<&str> = units.categories.iter().flat_map(|c| &c.units).filter(|u| u.cooking).map(|u| u.key.as_str()).collect();
        assert_eq!(
            cooking,
            ["metric_tablespoons", "australian_tablespoons", "metric_cups", "teaspoons", "tablespoons", "fluid_ounces", "cups", "imperial_cups"]
        );
        let props = serde_json::to_string(&units.categories).unwrap();
        assert!(!props.contains("cooking"), "the flag reaches the islands through the generated module, not the props");
        assert!(crate::generated::typescript(&units, None).contains(
            r#"export const COOKING_UNITS: readonly string[] = ["metric_tablespoons", "australian_tablespoons", "metric_cups", "teaspoons", "tablespoons", "fluid_ounces", "cups", "imperial_cups"];"#
        ));
        let words = crate::generated::words(&units);
        assert!(words.contains(r#"["kilograms", "kg", "kilogram", "kilogramme", "kilogrammes", "kilo", "kilos", "kgs"]"#), "{words}");
    }

    #[test]
    fn a_cooking_temperature_is_refused_at_its_line() {
        let (_, problems) = load_real(|t| t.replace("degrees celsius, centigrade]", "degrees celsius, centigrade], cooking: true"));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("category temperature: unit celsius: `cooking` (results as fractions) is for linear units, not affine ones"),
            "{problems:?}"
        );
        let line = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/units.yaml"))
            .unwrap()
            .lines()
            .position(|l| l.contains("key: celsius"))
            .unwrap()
            + 1;
        assert!(problems[0].starts_with(&format!("content/units.yaml:{line}:")), "{problems:?}");
    }
}
