//! The words a visitor types for a unit in a Value field (each unit's key with spaces for
//! underscores, its symbol and its `aliases`) and the one rule that compares them. The value
//! parser (islands/src/lib/parse.ts `exactForm`/`wordKey`) applies the same rule; the build
//! writes the rule's characters into the module the parser imports and every word's forms
//! into a module a TypeScript test holds the parser to (`src/generated.rs`).
//!
//! The rule: a word's exact form is its Unicode compatibility form (NFKC: ℉ → °F, ² → 2,
//! µ → μ) with spaces removed; its key is the exact form lower-cased. Words with one key
//! name one unit, except symbols of at most CASE_SYMBOL_CHARS characters, which may differ
//! only in case and then name different units (mg and Mg, MB and Mb), and the few longer
//! words of CASE_WORDS (Calories, the food kilocalorie, and calories): those are matched
//! with their case. A word may also name units of two categories when one of them lists it
//! in `shared` (the point's `pt`, the pint's): the card or the other unit typed decides, and
//! alone the word is the unit that does not list it.

use super::model::UnitCategory;
use super::positions::Positions;
use crate::diagnostics::{Problem, Problems};
use std::collections::BTreeMap;
use std::path::Path;
use unicode_normalization::UnicodeNormalization;

/// Characters the value parser reads as numbers, operators or punctuation. A key or symbol
/// holding one (`km/h`, `L/100 km`) is matched whole; an alias may hold none but the `/` of
/// a ratio ([`is_ratio`]) and a number between its words ([`number_inside_words`]). The parser builds its word pattern from this.
pub const NOT_IN_WORDS: &str = "0123456789+-−–*×·/÷⁄()^.,;:=!?<>[]{}|\\½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒→";

/// A ratio of unit words, letters on each side of each `/` (`g/mL`, `kg/cm²`): the parser
/// matches such a word whole before it reads `/` as division, as it does a symbol (`km/h`).
fn is_ratio(alias: &str) -> bool {
    alias.split('/').all(|side| side.chars().any(char::is_alphabetic))
}

/// A number between a unit's words (`litres per 100 km`, `l/100 kms`): the parser matches such
/// a word whole, as it does the key `liters_per_100_kilometers`, so "8 litres per 100 km" is 8.
fn number_inside_words(alias: &str) -> bool {
    let exact: Vec<char> = exact_form(alias).chars().collect();
    exact.iter().enumerate().all(|(i, c)| !c.is_ascii_digit() || (i > 0 && exact[i..].iter().find(|c| !c.is_ascii_digit()).is_some_and(|c| c.is_alphabetic())))
}

/// Words up to this many characters (exact form) may differ only in case and name two units.
pub const CASE_SYMBOL_CHARS: usize = 4;

/// Longer words (keys) that may differ only in case and name two units: food labels write the
/// kilocalorie as the Calorie, with its capital, as GNU units reads it.
pub const CASE_WORDS: &[&str] = &["calorie", "calories"];

/// Whether a word (exact form) may name another unit than the same word in another case.
pub fn case_significant(exact: &str) -> bool {
    exact.chars().count() <= CASE_SYMBOL_CHARS || CASE_WORDS.contains(&exact.to_lowercase().as_str())
}

/// A unit word with none of NOT_IN_WORDS has at most this many words: the parser tries runs of
/// up to this many words as one unit (a word holding a digit or an operator, `L/100 km`, is
/// matched whole instead).
pub const MAX_WORDS: usize = 4;

/// JavaScript's `\s`, the spaces the parser splits words on and ignores inside them.
fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}'
    )
}

/// The word as the parser matches a case-significant symbol: NFKC, spaces removed.
pub fn exact_form(word: &str) -> String {
    word.nfkc().filter(|c| !is_space(*c)).collect()
}

/// The word as the parser matches every other word: the exact form lower-cased.
pub fn word_key(word: &str) -> String {
    exact_form(word).to_lowercase()
}

/// Every word of a unit, in the order the parser reads them: key (underscores as spaces), symbol, aliases.
pub fn unit_words(unit: &super::model::Unit) -> impl Iterator<Item = String> + '_ {
    [unit.key.replace('_', " "), unit.symbol.clone()].into_iter().chain(unit.aliases.iter().cloned())
}

/// One word already claimed, for the message about a second one.
struct Claim {
    exact: String,
    word: String,
    category: String,
    unit: String,
    /// The unit lists this word in `shared`.
    shared: bool,
}

/// Every word a visitor can type for a unit names exactly one unit across all categories under
/// the rule above, and every alias can be typed as a word. A clash is located at the second
/// word itself (the key, the symbol or the alias in its list).
pub(super) fn validate(file: &Path, positions: &Positions, categories: &[UnitCategory], problems: &mut Problems) {
    let mut claims: BTreeMap<String, Vec<Claim>> = BTreeMap::new();
    for c in categories {
        let category = positions.get("categories").get(&c.key);
        let fallback = category.key_position().unwrap_or((1, 1));
        for (i, unit) in c.units.iter().enumerate() {
            let item = category.get("units").get(i);
            // Word `n` of the unit (as unit_words orders them) where it is written.
            let at = |n: usize| {
                let value = match n {
                    0 => item.get("key"),
                    1 => item.get("symbol"),
                    n => item.get("aliases").get(n - 2),
                };
                value.position().or(item.position()).unwrap_or(fallback)
            };
            for (j, alias) in unit.aliases.iter().enumerate() {
                let (l, col) = at(j + 2);
                if exact_form(alias).is_empty() {
                    problems.push(Problem::new(file, l, col, format!("unit `{}` has an empty alias", unit.key)));
                } else if let Some(bad) = alias
                    .chars()
                    .find(|&ch| NOT_IN_WORDS.contains(ch) && !(ch == '/' && is_ratio(alias)) && !(ch.is_ascii_digit() && number_inside_words(alias)))
                {
                    problems.push(Problem::new(
                        file,
                        l,
                        col,
                        format!("alias `{alias}` of `{}` contains `{bad}`, which the Value field reads as part of a number or an operator", unit.key),
                    ));
                }
            }
            for (n, word) in unit_words(unit).enumerate() {
                let exact = exact_form(&word);
                if exact.is_empty() {
                    continue;
                }
                if !word.chars().any(|ch| NOT_IN_WORDS.contains(ch)) && word.split(is_space).filter(|w| !w.is_empty()).count() > MAX_WORDS {
                    let (l, col) = at(n);
                    problems.push(Problem::new(
                        file,
                        l,
                        col,
                        format!("`{word}` of `{}` has more than {MAX_WORDS} words: the Value field reads at most {MAX_WORDS} as one unit", unit.key),
                    ));
                }
                let shared = unit.shared.iter().any(|s| exact_form(s) == exact);
                let list = claims.entry(exact.to_lowercase()).or_default();
                let mine = |o: &Claim| o.category == c.key && o.unit == unit.key;
                // One of two units of different categories may share a word with the other.
                let sharing = |o: &Claim| o.exact == exact && o.category != c.key && o.shared != shared;
                let clash = list.iter().find(|o| !mine(o) && !sharing(o) && (o.exact == exact || !case_significant(&o.exact) || !case_significant(&exact)));
                if let Some(o) = clash {
                    let (l, col) = at(n);
                    let message = if o.exact == exact && o.category == c.key {
                        format!("`{word}` of `{}` also names `{}` ({}): a typed unit word must name one unit", unit.key, o.unit, o.category)
                    } else if o.exact == exact && shared && o.shared {
                        format!(
                            "`{word}` of `{}` is shared by `{}` ({}) already: one of the units a word names keeps it, the other lists it in `shared`",
                            unit.key, o.unit, o.category
                        )
                    } else if o.exact == exact {
                        format!(
                            "`{word}` of `{}` also names `{}` ({}): a typed unit word must name one unit, unless one of the two lists it in `shared` and the card or the other unit typed decides",
                            unit.key, o.unit, o.category
                        )
                    } else {
                        format!(
                            "`{word}` of `{}` differs from `{}` of `{}` ({}) only in case: only symbols of up to {CASE_SYMBOL_CHARS} characters (mg, Mg) may name two units so",
                            unit.key, o.word, o.unit, o.category
                        )
                    };
                    problems.push(Problem::new(file, l, col, message));
                } else if !list.iter().any(|o| mine(o) && o.exact == exact) {
                    list.push(Claim { exact, word: word.clone(), category: c.key.clone(), unit: unit.key.clone(), shared });
                }
            }
        }
    }
    // A word listed in `shared` is one of the unit's words and another category's unit has it.
    for c in categories {
        for (i, unit) in c.units.iter().enumerate() {
            for (j, word) in unit.shared.iter().enumerate() {
                let exact = exact_form(word);
                let (l, col) = positions.get("categories").get(&c.key).get("units").get(i).get("shared").get(j).position().unwrap_or((1, 1));
                if !unit_words(unit).any(|w| exact_form(&w) == exact) {
                    problems.push(Problem::new(file, l, col, format!("`{word}` in `shared` of `{}` is none of its words (key, symbol, aliases)", unit.key)));
                } else if !claims.get(&exact.to_lowercase()).is_some_and(|list| list.iter().any(|o| o.exact == exact && !o.shared && o.category != c.key)) {
                    problems.push(Problem::new(
                        file,
                        l,
                        col,
                        format!("`{word}` in `shared` of `{}` names no unit of another category: list it only where two units share it", unit.key),
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_folds_compatibility_forms_spaces_and_case() {
        assert_eq!(exact_form("℉"), "°F");
        assert_eq!(word_key("℉"), "°f");
        assert_eq!(exact_form("m²"), "m2");
        assert_eq!(exact_form("µm"), "μm");
        assert_eq!(exact_form("fl\u{a0}oz"), "floz");
        assert_eq!(word_key("Short  Tons"), "shorttons");
        assert_eq!(word_key("Mg"), "mg");
        assert_eq!(exact_form("Mg"), "Mg");
    }

    #[test]
    fn short_symbols_and_the_calorie_are_told_apart_by_case_longer_words_not() {
        assert!(case_significant("Mg") && case_significant("mbar"));
        assert!(case_significant("Calories") && case_significant("calorie"));
        assert!(!case_significant("Meters") && !case_significant("kilocalories"));
    }

    #[test]
    fn not_in_words_holds_every_character_the_parser_reads_as_a_number_or_operator() {
        for c in "0123456789+-*/().,½¾⁄×÷−→".chars() {
            assert!(NOT_IN_WORDS.contains(c), "{c}");
        }
    }
}
